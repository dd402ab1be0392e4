import {
  AdminContentPaths,
  AdminPaths,
  type AdminTemplateResponse,
  type BasicContentTemplate,
} from '@shop/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

const BASIC: BasicContentTemplate = {
  basicInfo: {
    siteName: '澳中批发商城',
    slogan: '',
    hotline: '400-800',
    email: '',
    address: '',
    workTime: '',
  },
  helps: [[{ title: '购物指南' }, { title: '退货', link: { type: 'article', id: 3 } }]],
  allWrap: [],
  customerAd: [],
};

const view = (overrides: Partial<AdminTemplateResponse> = {}): AdminTemplateResponse => ({
  name: 'basic',
  published: BASIC,
  publishedAt: '2026-11-24T03:00:00.000Z',
  draft: null,
  draftAt: null,
  draftBy: null,
  ...overrides,
});

describe('基础设置', () => {
  it('edits the shop name and saves it as a draft, keeping the footer links; the bank accounts are not here', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('content')),
      [AdminContentPaths.template]: ok(view()),
      [AdminContentPaths.draftSave]: (body) =>
        ok(view({ draft: body.template, draftAt: '2026-11-24T04:00:00.000Z', draftBy: 'editor' })),
    });
    signIn();
    renderConsole('/site');
    const name = await screen.findByLabelText('商城名称', undefined, SLOW);
    expect((name as HTMLInputElement).value).toBe('澳中批发商城');
    // Money-receiving details are the owner's and finance's (汇率与支付), not the content role's.
    expect(screen.queryByText('转账充值的收款账户')).toBeNull();
    expect(screen.queryByRole('button', { name: /添加收款账户/ })).toBeNull();
    expect(screen.queryByLabelText('账号')).toBeNull();
    fireEvent.change(name, { target: { value: '澳货优选' } });
    fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(api.callsTo(AdminContentPaths.draftSave)).toHaveLength(1));
    const sent = api.callsTo(AdminContentPaths.draftSave)[0]?.body.template as BasicContentTemplate;
    expect(sent.basicInfo.siteName).toBe('澳货优选');
    expect(sent.basicInfo).not.toHaveProperty('bankAccounts');
    expect(sent.helps).toEqual(BASIC.helps);
    expect(await screen.findByText(/草稿未发布（editor/, undefined, SLOW)).toBeTruthy();
  });

  it('does not offer the content role the money settings page', async () => {
    mockApi({
      [AdminPaths.current]: ok(staffSession('content')),
      [AdminContentPaths.template]: ok(view()),
    });
    signIn();
    renderConsole('/site');
    await screen.findByLabelText('商城名称', undefined, SLOW);
    expect(screen.queryByRole('menuitem', { name: /汇率与支付/ })).toBeNull();
  });
});
