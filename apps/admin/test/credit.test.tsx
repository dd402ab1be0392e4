import {
  type AccountPayment,
  type AdminAccountInvoice,
  type AdminCompany,
  AdminCompanyPaths,
  type AdminCreditDetail,
  AdminCreditPaths,
  AdminPaths,
} from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

const SYDNEY: AdminCompany = {
  id: 4,
  name: '悉尼批发有限公司',
  taxNo: '51824753556',
  level: 38,
  memberCount: 3,
  createdAt: '2026-11-20T02:00:00.000Z',
  admins: ['demo'],
};

const DETAIL: AdminCreditDetail = {
  companyId: 4,
  companyName: '悉尼批发有限公司',
  taxNo: '51824753556',
  credit: [{ currency: 'CNY', limit: 50000, used: 1200, available: 48800, termsDays: 30 }],
  totals: [
    { currency: 'CNY', owed: 1200, overdue: 300 },
    { currency: 'AUD', owed: 200, overdue: 0 },
  ],
  blocked: true,
  today: '2026-12-01',
  entries: [
    {
      id: 1,
      currency: 'CNY',
      kind: 'limit',
      amount: 50000,
      usedAfter: 0,
      limitAfter: 50000,
      note: '首次开通',
      by: '李四',
      createdAt: '2026-10-30T02:00:00.000Z',
    },
    {
      id: 2,
      currency: 'CNY',
      kind: 'charge',
      amount: 300,
      usedAfter: 300,
      limitAfter: 50000,
      note: 'SO202610310001',
      by: '',
      createdAt: '2026-10-31T02:00:00.000Z',
    },
  ],
};

function invoice(id: number, overrides: Partial<AdminAccountInvoice>): AdminAccountInvoice {
  return {
    id,
    invoiceNo: `AI2026110${id}`,
    orderId: 100 + id,
    orderNo: `SO2026110${id}`,
    buyer: 'buyer7',
    currency: 'CNY',
    amount: 300,
    paid: 0,
    owed: 300,
    state: 'open',
    issuedOn: '2026-11-01',
    dueOn: '2026-12-01',
    paidAt: null,
    companyId: 4,
    companyName: '悉尼批发有限公司',
    ...overrides,
  };
}

// Unpaid: 300 CNY overdue since 11-30, 900 CNY due 12-15 (listed first: newest first), 200 AUD.
const OVERDUE = invoice(1, { state: 'overdue', issuedOn: '2026-10-31', dueOn: '2026-11-30' });
const OPEN = invoice(2, { amount: 900, owed: 900, issuedOn: '2026-11-15', dueOn: '2026-12-15' });
const AUD = invoice(3, { currency: 'AUD', amount: 200, owed: 200, dueOn: '2026-12-05' });
const UNPAID = [OPEN, AUD, OVERDUE];

function payment(overrides: Partial<AccountPayment>): AccountPayment {
  return {
    id: 9,
    companyId: 4,
    currency: 'CNY',
    amount: 500,
    allocated: 300,
    unallocated: 200,
    method: 'bank',
    reference: 'HSBC-1',
    receivedOn: '2026-11-20',
    note: '',
    by: '李四',
    createdAt: '2026-11-20T03:00:00.000Z',
    allocations: [{ invoiceId: 7, invoiceNo: 'AI20261007', amount: 300 }],
    ...overrides,
  };
}

/** The answers of a company's 账期 page; the invoice list answers by the state asked for. */
function creditApi(
  role: 'finance' | 'service',
  extra: Record<string, Parameters<typeof mockApi>[0][string]> = {},
) {
  return mockApi({
    [AdminPaths.current]: ok(staffSession(role)),
    [AdminCompanyPaths.list]: ok({ items: [SYDNEY], totalCount: 1 }),
    [AdminCreditPaths.detail]: ok(DETAIL),
    [AdminCreditPaths.invoices]: (body) =>
      ok({
        items: body.state === 'paid' ? [] : body.state === 'overdue' ? [OVERDUE] : UNPAID,
        totalCount: body.state === 'paid' ? 0 : body.state === 'overdue' ? 1 : 3,
        today: '2026-12-01',
      }),
    [AdminCreditPaths.payments]: ok({ items: [payment({})], totalCount: 1 }),
    ...extra,
  });
}

const allocationInput = (dialog: HTMLElement, invoiceNo: string) =>
  within(dialog).getByLabelText(`分配金额 ${invoiceNo}`) as HTMLInputElement;
const summary = (dialog: HTMLElement) => within(dialog).getByTestId('allocation-summary').textContent;

describe('公司 › 账期', () => {
  it('opens from the company row; finance sets a limit, refused below what is used, and everything is read again', async () => {
    const api = creditApi('finance', {
      [AdminCreditPaths.grant]: (body) =>
        ok({
          ...DETAIL,
          credit: [
            { currency: 'CNY', limit: Number(body.limit), used: 1200, available: 78800, termsDays: 60 },
          ],
        }),
    });
    signIn();
    const { router } = renderConsole('/companies');
    fireEvent.click(await screen.findByRole('link', { name: '查看账期：悉尼批发有限公司' }, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/4'));

    expect(await screen.findByText('有逾期账单，已暂停账期下单', {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminCreditPaths.detail)[0]?.body).toEqual({ companyId: 4 });
    expect(screen.getByText('¥48800.00')).toBeTruthy();
    expect(screen.getByText('30 天')).toBeTruthy();
    // The ledger, newest first.
    expect(screen.getByText('账期下单')).toBeTruthy();
    const ledger = screen.getByText('首次开通').closest('tbody') as HTMLElement;
    expect(within(ledger).getAllByRole('row')[0]?.textContent).toContain('SO202610310001');
    await screen.findByText('共 3 张账单');
    expect(api.callsTo(AdminCreditPaths.invoices)[0]?.body).toEqual({
      companyId: 4,
      state: 'all',
      pageNo: 1,
      pageSize: 20,
    });
    expect(api.callsTo(AdminCreditPaths.payments)[0]?.body).toEqual({
      companyId: 4,
      pageNo: 1,
      pageSize: 20,
    });

    fireEvent.click(screen.getByRole('button', { name: '设置额度' }));
    const dialog = await findDialog('设置额度：悉尼批发有限公司');
    const limit = within(dialog).getByLabelText('额度（元）');
    expect((limit as HTMLInputElement).value).toBe('50000.00');
    fireEvent.change(limit, { target: { value: '1000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^保\s?存$/ }));
    expect(await within(dialog).findByText('额度不能低于已用额度 ¥1200.00')).toBeTruthy();
    expect(api.callsTo(AdminCreditPaths.grant)).toHaveLength(0);

    fireEvent.change(limit, { target: { value: '80000' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: '60 天' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /^保\s?存$/ }));
    await waitFor(() =>
      expect(api.callsTo(AdminCreditPaths.grant)[0]?.body).toEqual({
        companyId: 4,
        currency: 'CNY',
        limit: 80000,
        termsDays: 60,
      }),
    );
    expect(await screen.findByText('已设置人民币额度 ¥80000.00，账期 60 天')).toBeTruthy();
    await waitFor(() => {
      expect(api.callsTo(AdminCreditPaths.detail).length).toBeGreaterThan(1);
      expect(api.callsTo(AdminCreditPaths.invoices).length).toBeGreaterThan(1);
      expect(api.callsTo(AdminCreditPaths.payments).length).toBeGreaterThan(1);
    });
  });

  it('shows service staff the account without its write buttons, and filters the invoices by state', async () => {
    const api = creditApi('service');
    signIn();
    renderConsole('/companies/4');
    expect(await screen.findByText('有逾期账单，已暂停账期下单', {}, SLOW)).toBeTruthy();
    await screen.findByText('共 3 张账单');
    expect(screen.getByText('HSBC-1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '设置额度' })).toBeNull();
    expect(screen.queryByRole('button', { name: '登记收款' })).toBeNull();
    expect(screen.queryByRole('button', { name: '分配' })).toBeNull();

    // The overdue invoice's due day is red, and its order opens in the order list.
    const overdueRow = screen.getByText('AI20261101').closest('tr') as HTMLElement;
    expect(within(overdueRow).getByText('2026-11-30').closest('.ant-typography-danger')).toBeTruthy();
    expect(within(overdueRow).getByRole('link', { name: 'SO20261101' }).getAttribute('href')).toBe(
      '/orders?order=SO20261101',
    );

    fireEvent.click(within(screen.getByLabelText('账单状态')).getByText('已逾期'));
    await waitFor(() =>
      expect(api.callsTo(AdminCreditPaths.invoices).at(-1)?.body).toEqual({
        companyId: 4,
        state: 'overdue',
        pageNo: 1,
        pageSize: 20,
      }),
    );
    expect(await screen.findByText('共 1 张账单')).toBeTruthy();
  });

  it('records a payment after a confirm: allocations prefilled oldest due first, over-allocation refused before sending', async () => {
    const api = creditApi('finance', {
      [AdminCreditPaths.recordPayment]: (body) =>
        ok(
          payment({
            id: 10,
            amount: Number(body.amount),
            allocated: 800,
            unallocated: 200,
            reference: String(body.reference),
            receivedOn: String(body.receivedOn),
            allocations: [],
          }),
        ),
    });
    signIn();
    renderConsole('/companies/4');
    fireEvent.click(await screen.findByRole('button', { name: '登记收款' }, SLOW));
    const dialog = await findDialog('登记收款：悉尼批发有限公司');
    await waitFor(() => expect(within(dialog).getByLabelText('分配金额 AI20261102')).toBeTruthy());
    expect(api.callsTo(AdminCreditPaths.invoices).at(-1)?.body).toEqual({
      companyId: 4,
      state: 'unpaid',
      pageNo: 1,
      pageSize: 100,
    });
    // Only the payment's currency: the AUD invoice is not offered.
    expect(within(dialog).queryByLabelText('分配金额 AI20261103')).toBeNull();
    const rows = within(dialog)
      .getAllByLabelText(/^分配金额 /)
      .map((e) => e.getAttribute('aria-label'));
    expect(rows).toEqual(['分配金额 AI20261101', '分配金额 AI20261102']);

    fireEvent.change(within(dialog).getByLabelText('收款金额（元）'), { target: { value: '1000' } });
    await waitFor(() => expect(allocationInput(dialog, 'AI20261101').value).toBe('300.00'));
    expect(allocationInput(dialog, 'AI20261102').value).toBe('700.00');
    expect(summary(dialog)).toContain('已分配 ¥1000.00，未分配 ¥0.00');

    const record = within(dialog).getByRole('button', { name: '登记' }) as HTMLButtonElement;
    fireEvent.change(allocationInput(dialog, 'AI20261102'), { target: { value: '950' } });
    expect(await within(dialog).findByText('分配金额超过账单未付金额 ¥900.00')).toBeTruthy();
    expect(record.disabled).toBe(true);
    fireEvent.change(allocationInput(dialog, 'AI20261102'), { target: { value: '800' } });
    expect(await within(dialog).findByText('分配金额合计超过该笔收款未分配的 ¥1000.00')).toBeTruthy();
    expect(record.disabled).toBe(true);
    fireEvent.click(record);
    expect(api.callsTo(AdminCreditPaths.recordPayment)).toHaveLength(0);

    fireEvent.change(allocationInput(dialog, 'AI20261102'), { target: { value: '500' } });
    await waitFor(() => expect(summary(dialog)).toContain('已分配 ¥800.00，未分配 ¥200.00'));
    // The reference is required before the confirm.
    fireEvent.click(record);
    expect(await within(dialog).findByText('请填写银行流水号')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('银行流水号'), { target: { value: ' HSBC-20261201 ' } });
    fireEvent.change(within(dialog).getByLabelText('备注（可不填）'), { target: { value: '十一月货款' } });
    fireEvent.click(record);
    const confirm = await findDialog('确认登记收款？');
    expect(confirm.textContent).toContain('到账 ¥1000.00（银行流水号 HSBC-20261201）');
    expect(confirm.textContent).toContain('未分配 ¥200.00');
    expect(api.callsTo(AdminCreditPaths.recordPayment)).toHaveLength(0);
    const before = api.callsTo(AdminCreditPaths.detail).length;
    fireEvent.click(within(confirm).getByRole('button', { name: '确认登记' }));
    await waitFor(() =>
      expect(api.callsTo(AdminCreditPaths.recordPayment)[0]?.body).toEqual({
        companyId: 4,
        currency: 'CNY',
        amount: 1000,
        reference: 'HSBC-20261201',
        receivedOn: '2026-12-01',
        allocations: [
          { invoiceId: 1, amount: 300 },
          { invoiceId: 2, amount: 500 },
        ],
        note: '十一月货款',
      }),
    );
    expect(await screen.findByText('已登记收款 ¥1000.00')).toBeTruthy();
    await waitFor(() => expect(api.callsTo(AdminCreditPaths.detail).length).toBeGreaterThan(before));
  });

  it('allocates what a payment left unallocated, oldest due first, after a confirm', async () => {
    const api = creditApi('finance', {
      [AdminCreditPaths.allocate]: ok(payment({ allocated: 500, unallocated: 0 })),
    });
    signIn();
    renderConsole('/companies/4');
    const row = (await screen.findByText('HSBC-1', {}, SLOW)).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '分配' }));
    const dialog = await findDialog('分配收款：HSBC-1');
    await waitFor(() => expect(allocationInput(dialog, 'AI20261101').value).toBe('200.00'));
    expect(allocationInput(dialog, 'AI20261102').value).toBe('');
    fireEvent.change(allocationInput(dialog, 'AI20261101'), { target: { value: '150' } });
    fireEvent.change(allocationInput(dialog, 'AI20261102'), { target: { value: '100' } });
    expect(await within(dialog).findByText('分配金额合计超过该笔收款未分配的 ¥200.00')).toBeTruthy();
    fireEvent.change(allocationInput(dialog, 'AI20261102'), { target: { value: '50' } });
    await waitFor(() => expect(summary(dialog)).toContain('已分配 ¥200.00，未分配 ¥0.00'));
    fireEvent.click(within(dialog).getByRole('button', { name: '分配' }));
    const confirm = await findDialog('确认分配？');
    fireEvent.click(within(confirm).getByRole('button', { name: '确认分配' }));
    await waitFor(() =>
      expect(api.callsTo(AdminCreditPaths.allocate)[0]?.body).toEqual({
        paymentId: 9,
        allocatedBefore: 300,
        allocations: [
          { invoiceId: 1, amount: 150 },
          { invoiceId: 2, amount: 50 },
        ],
      }),
    );
    expect(await screen.findByText('已分配 ¥200.00')).toBeTruthy();
  });
});

describe('账单', () => {
  it("lists every company's unpaid invoices by default and filters by state in the address", async () => {
    const api = creditApi('finance');
    signIn();
    const { router } = renderConsole('/account-invoices');
    await screen.findByText('共 3 张账单', {}, SLOW);
    expect(screen.getByRole('menuitem', { name: /账单/ })).toBeTruthy();
    expect(api.callsTo(AdminCreditPaths.invoices)[0]?.body).toEqual({
      state: 'unpaid',
      pageNo: 1,
      pageSize: 20,
    });
    expect(screen.getAllByRole('link', { name: '悉尼批发有限公司' })[0]?.getAttribute('href')).toBe(
      '/companies/4',
    );

    fireEvent.click(within(screen.getByLabelText('账单状态')).getByText('已结清'));
    await screen.findByText('暂无账单');
    expect(router.state.location.search).toBe('?state=paid');
    expect(api.callsTo(AdminCreditPaths.invoices).at(-1)?.body).toEqual({
      state: 'paid',
      pageNo: 1,
      pageSize: 20,
    });
  });

  it('is not in the menu of a role without member.read', async () => {
    mockApi({ [AdminPaths.current]: ok(staffSession('warehouse')) });
    signIn();
    renderConsole('/account-invoices');
    expect(await screen.findByText('无权限', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /账单/ })).toBeNull();
  });
});
