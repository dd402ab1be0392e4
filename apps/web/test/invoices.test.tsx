import { CartPaths, InvoicePaths, MemberPaths, OrderPaths, type TaxDocuments } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '@/lib/session';
import { cartList } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import { orderDetail } from './checkout-fixtures';
import { demoMember, mockApi, ok, renderApp } from './utils';

// The order page's 发票 section (docs/invoices.md): an AUD order's tax invoice and adjustment notes, a CNY
// order's fapiao request prefilled from the member's business details and checked as the server checks it.

const SLOW = { timeout: 45_000 };

const member = {
  ...shellHandlers,
  [MemberPaths.current]: ok({ ...demoMember, company: '上海某某贸易有限公司', taxNo: '91350100M000100Y43' }),
  [CartPaths.list]: ok(cartList([])),
};

function docs(overrides: Partial<TaxDocuments>): TaxDocuments {
  return {
    orderId: 12,
    currency: 'AUD',
    taxInvoiceAvailable: false,
    invoiceNo: null,
    adjustmentNotes: [],
    refundToAdjust: false,
    fapiaoAvailable: false,
    fapiao: null,
    ...overrides,
  };
}

async function section() {
  return within(
    (await screen.findByRole('heading', { name: '发票' }, SLOW)).closest('section') as HTMLElement,
  );
}

describe('order page 发票 section', () => {
  it('offers the tax invoice of a paid AUD order and the adjustment note after a refund', async () => {
    mockApi({
      ...member,
      [OrderPaths.detail]: ok(orderDetail({ id: 12, status: 60, currency: 'AUD' })),
      [OrderPaths.attachments]: ok([]),
      [InvoicePaths.documents]: ok(
        docs({
          taxInvoiceAvailable: true,
          invoiceNo: 'INV-000007',
          adjustmentNotes: [
            { noteNo: 'ADJ-000002', amount: 33, gst: 3, issuedAt: '2026-11-20T00:00:00.000Z' },
          ],
          refundToAdjust: true,
        }),
      ),
    });
    startSession('tok-1');
    renderApp('/order/12');
    const panel = await section();
    expect(await panel.findByText('发票号 INV-000007', {}, SLOW)).toBeTruthy();
    expect(panel.getByRole('button', { name: '下载税务发票（PDF）' })).toBeTruthy();
    expect(panel.getByText('ADJ-000002')).toBeTruthy();
    expect(panel.getByText('退款 A$33.00，冲减GST A$3.00')).toBeTruthy();
    expect(panel.getByRole('button', { name: '开具并下载退款调整单' })).toBeTruthy();
  });

  it("prefills a CNY order's fapiao request from the member, refuses a wrong 税号 in Chinese, and sends it", async () => {
    const api = mockApi({
      ...member,
      [OrderPaths.detail]: ok(orderDetail({ id: 12, status: 60 })),
      [OrderPaths.attachments]: ok([]),
      [InvoicePaths.documents]: ok(docs({ currency: 'CNY', fapiaoAvailable: true })),
      [InvoicePaths.fapiaoRequest]: (body: unknown) =>
        ok({
          id: 1,
          orderId: 12,
          orderNo: 'SO2026000012',
          kind: 'normal',
          kindLabel: '增值税普通发票',
          title: (body as { title: string }).title,
          taxNo: (body as { taxNo: string }).taxNo,
          bank: '',
          account: '',
          address: '',
          phone: '',
          status: 'pending',
          statusLabel: '待开票',
          fapiaoNo: '',
          amount: 143.5,
          createdAt: '2026-11-20T00:00:00.000Z',
          issuedAt: null,
        }),
    });
    startSession('tok-1');
    renderApp('/order/12');
    const panel = await section();
    fireEvent.click(await panel.findByRole('button', { name: '申请发票' }, SLOW));
    const title = (await screen.findByLabelText('发票抬头')) as HTMLInputElement;
    const taxNo = screen.getByLabelText('纳税人识别号（税号）') as HTMLInputElement;
    expect(title.value).toBe('上海某某贸易有限公司');
    expect(taxNo.value).toBe('91350100M000100Y43');
    fireEvent.change(taxNo, { target: { value: '91350100M000100Y44' } });
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('统一社会信用代码校验位不正确，请核对税号', {}, SLOW)).toBeTruthy();
    expect(api.calls.some((c) => c.path === InvoicePaths.fapiaoRequest)).toBe(false);
    fireEvent.change(taxNo, { target: { value: '91350100m000100y43' } });
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await waitFor(
      () => expect(api.calls.some((c) => c.path === InvoicePaths.fapiaoRequest)).toBe(true),
      SLOW,
    );
    expect(api.calls.find((c) => c.path === InvoicePaths.fapiaoRequest)?.body).toEqual({
      orderId: 12,
      kind: 'normal',
      title: '上海某某贸易有限公司',
      taxNo: '91350100M000100Y43',
    });
  });
});
