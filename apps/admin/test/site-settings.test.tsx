import { AdminContentPaths, AdminPaths, type AdminTemplateResponse, type BasicTemplate } from '@shop/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 15_000 };

const BASIC: BasicTemplate = {
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
  it('edits the shop name and a bank account and saves them as a draft, keeping the footer links', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('owner')),
      [AdminContentPaths.template]: ok(view()),
      [AdminContentPaths.draftSave]: (body) =>
        ok(view({ draft: body.template, draftAt: '2026-11-24T04:00:00.000Z', draftBy: 'boss' })),
    });
    signIn();
    renderConsole('/site');
    const name = await screen.findByLabelText('商城名称', undefined, SLOW);
    expect((name as HTMLInputElement).value).toBe('澳中批发商城');
    fireEvent.change(name, { target: { value: '澳货优选' } });
    fireEvent.click(screen.getByRole('button', { name: /添加收款账户/ }));
    fireEvent.change(screen.getByLabelText('银行'), { target: { value: 'CBA' } });
    fireEvent.change(screen.getByLabelText('户名'), { target: { value: 'Shop Pty Ltd' } });
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: '12345678' } });
    fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(api.callsTo(AdminContentPaths.draftSave)).toHaveLength(1));
    const sent = api.callsTo(AdminContentPaths.draftSave)[0]?.body.template as BasicTemplate;
    expect(sent.basicInfo.siteName).toBe('澳货优选');
    expect(sent.basicInfo.bankAccounts).toEqual([
      { currency: 'CNY', bankName: 'CBA', accountName: 'Shop Pty Ltd', accountNo: '12345678' },
    ]);
    expect(sent.helps).toEqual(BASIC.helps);
    expect(await screen.findByText(/草稿未发布（boss/, undefined, SLOW)).toBeTruthy();
  });

  it('refuses a bank account without its number before anything is sent', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('content')),
      [AdminContentPaths.template]: ok(view()),
    });
    signIn();
    renderConsole('/site');
    await screen.findByLabelText('商城名称', undefined, SLOW);
    fireEvent.click(screen.getByRole('button', { name: /添加收款账户/ }));
    fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }));
    expect(await screen.findByText('请输入账号', undefined, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminContentPaths.draftSave)).toHaveLength(0);
  });
});
