import {
  AdminContentPaths,
  AdminPaths,
  type AdminTemplateResponse,
  type SupplierTemplate,
  supplierTemplateSchema,
} from '@shop/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

const page = (title: string): SupplierTemplate => ({
  Nav0: { title: '供应商合作', links: [{ label: '申请', anchor: 'apply' }], cta: '立即申请' },
  Banner1: { title, subtitle: '把好货卖给两国的批发客户', cta: '成为供应商', highlights: ['9 个海外仓'] },
  Feature0: { title: '为什么选择我们', items: [{ figure: '9', title: '海外仓', text: '就近发货' }] },
  Feature5: { title: '合作流程', steps: [{ title: '提交申请', text: '填写公司信息' }] },
  apply: { title: '申请成为供应商', intro: '我们会在三个工作日内联系您' },
});

const view = (name: string, published: SupplierTemplate): AdminTemplateResponse => ({
  name,
  published,
  publishedAt: '2026-11-24T03:00:00.000Z',
  draft: null,
  draftAt: null,
  draftBy: null,
});

describe('供应商页面', () => {
  it('edits each language as a form and saves a draft the storefront schema accepts', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('content')),
      [AdminContentPaths.template]: (body) =>
        ok(view(String(body.name), page(body.name === 'supplierEn' ? 'Sell with us' : '与我们合作'))),
      [AdminContentPaths.draftSave]: (body) =>
        ok({
          ...view(String(body.name), page('x')),
          draft: body.template,
          draftAt: '2026-11-24T04:00:00.000Z',
          draftBy: 'content1',
        }),
    });
    signIn();
    renderConsole('/supplier-page');
    await waitFor(() => expect(screen.getAllByDisplayValue('与我们合作')).toHaveLength(1), SLOW);
    fireEvent.change(screen.getByDisplayValue('与我们合作'), { target: { value: '一起把好货卖到两国' } });
    fireEvent.click(screen.getAllByRole('button', { name: /保存草稿/ })[0] as HTMLElement);
    await waitFor(() => expect(api.callsTo(AdminContentPaths.draftSave)).toHaveLength(1));
    const sent = api.callsTo(AdminContentPaths.draftSave)[0]?.body;
    expect(sent?.name).toBe('supplier');
    expect(supplierTemplateSchema.parse(sent?.template)).toEqual({
      ...page('一起把好货卖到两国'),
    });

    fireEvent.click(screen.getByRole('tab', { name: 'English' }));
    expect(await screen.findByDisplayValue('Sell with us', undefined, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminContentPaths.template).map((c) => c.body.name)).toContain('supplierEn');
  });
});
