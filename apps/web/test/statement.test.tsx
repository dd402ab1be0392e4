import {
  ApprovalPaths,
  CartPaths,
  type CompanyDetail,
  CompanyPaths,
  CreditMessages,
  MemberPaths,
  NO_COMPANY_LIMITS,
  StatementPaths,
} from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { invoicePayAmountError } from '@/features/company/components/invoice-pay-amount';
import { toastStore } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { cartList } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import { accountInvoice, statement, statementInvoices } from './credit-fixtures';
import { demoMember, fail, mockApi, ok, renderApp } from './utils';

/**
 * 对账单 (/member/company/statement, issue #38 part 3): the company's credit and what it owes, the invoices by state
 * and currency, the notice while an overdue invoice blocks paying on account, the downloads, and an admin settling an
 * invoice from their deposit (a buyer or a viewer only reads).
 */

const SLOW = { timeout: 45_000 };
const toasts = () => toastStore.getState().toasts.map((t) => t.text);

type Handlers = Parameters<typeof mockApi>[0];
type Calls = ReturnType<typeof mockApi>['calls'];
const bodiesOf = (calls: Calls, path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

const company = {
  id: 3,
  name: '悉尼批发有限公司',
  taxNo: '51824753556',
  level: 38,
  memberCount: 2,
  createdAt: '2026-11-01T00:00:00.000Z',
};
const as = (role: 'admin' | 'buyer' | 'viewer'): CompanyDetail => ({
  company,
  role,
  limits: role === 'buyer' ? NO_COMPANY_LIMITS : null,
  invites: [],
});

function handlers(overrides: Handlers = {}, role: 'admin' | 'buyer' | 'viewer' = 'admin'): Handlers {
  return {
    ...shellHandlers,
    [MemberPaths.current]: ok(demoMember),
    [CartPaths.list]: ok(cartList([])),
    [CompanyPaths.detail]: ok(as(role)),
    [StatementPaths.list]: ok(statement()),
    ...overrides,
  };
}

async function openStatement(path = '/member/company/statement') {
  startSession('tok-1');
  const app = renderApp(path);
  await screen.findByRole('heading', { name: '账单' }, SLOW);
  return app;
}

const rows = () => screen.findAllByTestId('statement-row', {}, SLOW);
const rowOf = (invoiceNo: string) => screen.getByText(invoiceNo).closest('tr') as HTMLElement;

describe('对账单', () => {
  it('shows the credit per currency, what is owed, the blocked notice and every invoice with its state', async () => {
    const { calls } = mockApi(handlers());
    await openStatement();
    expect(await rows()).toHaveLength(4);
    expect(screen.getByRole('alert').textContent).toBe('有逾期账单，账期支付已暂停，请尽快付款');

    const cny = screen.getByRole('region', { name: '人民币账期' });
    expect(cny.textContent).toContain('额度¥10000.00');
    expect(cny.textContent).toContain('已用¥400.00');
    expect(cny.textContent).toContain('可用¥9600.00');
    expect(cny.textContent).toContain('账期30 天');
    expect(cny.textContent).toContain('未付合计¥400.00');
    const aud = screen.getByRole('region', { name: '澳币账期' });
    expect(aud.textContent).toContain('账期14 天');
    expect(within(aud).getByText('$88.00', { selector: '.statement-overdue' })).toBeTruthy();

    const due = rowOf('AI2026000002');
    expect(within(due).getByRole('link', { name: 'SO2026113000000042' }).getAttribute('href')).toBe(
      '/order/42',
    );
    expect(due.textContent).toContain('王采购');
    expect(due.textContent).toContain('¥120.50');
    expect(due.textContent).toContain('¥20.50');
    expect(due.textContent).toContain('¥100.00');
    expect(due.textContent).toContain('2026-11-30');
    expect(within(due).getByText('今日到期')).toBeTruthy();
    const overdue = within(rowOf('AI2026000003')).getByText('已逾期');
    expect(overdue.className).toContain('statement-state-overdue');
    expect(within(rowOf('AI2026000001')).getByText('未到期')).toBeTruthy();
    expect(within(rowOf('AI2026000004')).getByText('已结清')).toBeTruthy();

    expect(bodiesOf(calls, StatementPaths.list)).toEqual([{ pageNo: 1, pageSize: 20, state: 'all' }]);
  });

  it('says nothing of a block while nothing is overdue', async () => {
    mockApi(handlers({ [StatementPaths.list]: ok(statement({ blocked: false })) }));
    await openStatement();
    await rows();
    expect(screen.queryByText('有逾期账单，账期支付已暂停，请尽快付款')).toBeNull();
  });

  it('sends the state, currency and page chosen, and keeps them in the address', async () => {
    const { calls } = mockApi(
      handlers({
        [StatementPaths.list]: (body) => {
          const { state, pageNo } = body as { state: string; pageNo: number };
          const items = statementInvoices.filter(
            (i) => state === 'all' || i.state === state || (state === 'unpaid' && i.owed > 0),
          );
          return ok(statement({ items: pageNo > 1 ? [accountInvoice({ id: 9 })] : items, totalCount: 45 }));
        },
      }),
    );
    const { router } = await openStatement();
    await rows();
    fireEvent.click(screen.getByRole('tab', { name: '已逾期' }));
    await waitFor(() => expect(screen.getAllByTestId('statement-row')).toHaveLength(1));
    expect(router.state.location.search).toBe('?state=overdue');

    fireEvent.click(screen.getByRole('radio', { name: '澳币' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=overdue&currency=AUD'));
    fireEvent.click(screen.getByRole('tab', { name: '未结清' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=unpaid&currency=AUD'));
    fireEvent.click(await screen.findByRole('button', { name: '第 2 页' }));
    await waitFor(() => expect(screen.getByText('AI2026000009')).toBeTruthy());
    expect(router.state.location.search).toBe('?state=unpaid&currency=AUD&pageNo=2');

    // A new filter starts again at the first page; 全部币种 drops the currency.
    fireEvent.click(screen.getByRole('radio', { name: '全部币种' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=unpaid'));

    expect(bodiesOf(calls, StatementPaths.list)).toEqual([
      { pageNo: 1, pageSize: 20, state: 'all' },
      { pageNo: 1, pageSize: 20, state: 'overdue' },
      { pageNo: 1, pageSize: 20, state: 'overdue', currency: 'AUD' },
      { pageNo: 1, pageSize: 20, state: 'unpaid', currency: 'AUD' },
      { pageNo: 2, pageSize: 20, state: 'unpaid', currency: 'AUD' },
      { pageNo: 1, pageSize: 20, state: 'unpaid' },
    ]);
  });

  it('opens on the filters of the address', async () => {
    const { calls } = mockApi(handlers());
    await openStatement('/member/company/statement?state=due&currency=CNY&pageNo=3');
    await rows();
    expect(screen.getByRole('tab', { name: '今日到期' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByRole('radio', { name: '人民币' }) as HTMLInputElement).checked).toBe(true);
    expect(bodiesOf(calls, StatementPaths.list)).toEqual([
      { pageNo: 3, pageSize: 20, state: 'due', currency: 'CNY' },
    ]);
  });

  it('downloads the statement as PDF and as Excel with the filters shown', async () => {
    const file = (name: string, type: string) => () =>
      new Response(new Blob(['bytes']), {
        status: 200,
        headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` },
      });
    let format = '';
    const { calls } = mockApi(
      handlers({
        [StatementPaths.export]: (body) => {
          format = (body as { format: string }).format;
          return format === 'pdf'
            ? file('Statement_20261130.pdf', 'application/pdf')()
            : file(
                'Statement_20261130.xlsx',
                'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              )();
        },
      }),
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:statement'), revokeObjectURL: vi.fn() }),
    );
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    await openStatement('/member/company/statement?state=unpaid');
    await rows();
    fireEvent.click(screen.getByRole('button', { name: '下载 PDF' }));
    await waitFor(() => expect(downloads).toEqual(['Statement_20261130.pdf']));
    fireEvent.click(screen.getByRole('button', { name: '下载 Excel' }));
    await waitFor(() => expect(downloads).toEqual(['Statement_20261130.pdf', 'Statement_20261130.xlsx']));
    expect(bodiesOf(calls, StatementPaths.export)).toEqual([
      { format: 'pdf', state: 'unpaid' },
      { format: 'xlsx', state: 'unpaid' },
    ]);
  });

  it('marks the download on its way busy and holds the other until it ends', async () => {
    let finish: (reply: Response) => void = () => undefined;
    mockApi(
      handlers({
        [StatementPaths.export]: () => new Promise<Response>((resolve) => (finish = resolve)),
      }),
    );
    await openStatement();
    await rows();
    fireEvent.click(screen.getByRole('button', { name: '下载 Excel' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '下载 Excel' }).getAttribute('aria-busy')).toBe('true'),
    );
    expect(screen.getByRole('button', { name: '下载 PDF' }).hasAttribute('disabled')).toBe(true);
    finish(
      new Response(JSON.stringify(fail(-1, '导出失败，请稍后重试')), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await waitFor(() => expect(toasts()).toContain('导出失败，请稍后重试'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '下载 PDF' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.getByRole('button', { name: '下载 Excel' }).getAttribute('aria-busy')).toBe('false');
  });

  it('lets an admin settle an invoice from their deposit, then asks the statement and balances again', async () => {
    let settled = false;
    const { calls } = mockApi(
      handlers({
        [StatementPaths.list]: () =>
          ok(
            statement({
              items: statementInvoices.map((i) =>
                settled && i.id === 2 ? { ...i, paid: 70.5, owed: 50 } : i,
              ),
            }),
          ),
        [StatementPaths.payByDeposit]: () => {
          settled = true;
          return ok({
            invoice: accountInvoice({
              id: 2,
              state: 'due',
              dueOn: '2026-11-30',
              amount: 120.5,
              paid: 70.5,
              owed: 50,
            }),
            balance: 1184.5,
          });
        },
      }),
    );
    await openStatement();
    await rows();
    // Every unpaid invoice has it, the settled one not.
    expect(screen.getAllByRole('button', { name: '余额还款' })).toHaveLength(3);
    expect(within(rowOf('AI2026000004')).queryByRole('button', { name: '余额还款' })).toBeNull();

    fireEvent.click(within(rowOf('AI2026000002')).getByRole('button', { name: '余额还款' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByTestId('pay-invoice-balance').textContent).toBe('¥1234.50');
    const amount = within(dialog).getByLabelText('还款金额') as HTMLInputElement;
    expect(amount.value).toBe('100');

    // More than owed, or more than two decimals, is refused before asking.
    fireEvent.change(amount, { target: { value: '100.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认还款' }));
    expect(await within(dialog).findByText(CreditMessages.payTooMuch('¥100.00'))).toBeTruthy();
    fireEvent.change(amount, { target: { value: '12.345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认还款' }));
    expect(await within(dialog).findByText('金额最多两位小数')).toBeTruthy();
    expect(bodiesOf(calls, StatementPaths.payByDeposit)).toEqual([]);

    const members = calls.filter((c) => c.path === MemberPaths.current).length;
    fireEvent.change(amount, { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认还款' }));
    await waitFor(() => expect(toasts()).toContain('已还款 ¥50.00，账单 AI2026000002 尚欠 ¥50.00'));
    expect(bodiesOf(calls, StatementPaths.payByDeposit)).toEqual([
      { invoiceId: 2, amount: 50, paidBefore: 20.5 },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(bodiesOf(calls, StatementPaths.list)).toHaveLength(2));
    await waitFor(() => expect(rowOf('AI2026000002').textContent).toContain('¥70.50'));
    expect(calls.filter((c) => c.path === MemberPaths.current).length).toBeGreaterThan(members);
  });

  it("shows the server's refusal of a deposit payment and keeps the dialog open", async () => {
    mockApi(handlers({ [StatementPaths.payByDeposit]: fail(-1, CreditMessages.depositShort) }));
    await openStatement();
    await rows();
    fireEvent.click(within(rowOf('AI2026000001')).getByRole('button', { name: '余额还款' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.click(within(dialog).getByRole('button', { name: '确认还款' }));
    await waitFor(() => expect(toasts()).toContain(CreditMessages.depositShort));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it.each(['buyer', 'viewer'] as const)('shows a %s the invoices with no 余额还款', async (role) => {
    mockApi(handlers({}, role));
    await openStatement();
    expect(await rows()).toHaveLength(4);
    expect(screen.queryByRole('button', { name: '余额还款' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '操作' })).toBeNull();
  });

  it('says 暂无账单 when there is none, and that paying on account is not open without credit', async () => {
    mockApi(
      handlers({
        [StatementPaths.list]: ok(
          statement({ items: [], totalCount: 0, credit: [], totals: [], blocked: false }),
        ),
      }),
    );
    await openStatement();
    expect(await screen.findByRole('heading', { name: '暂无账单' }, SLOW)).toBeTruthy();
    expect(screen.getByText(/贵公司尚未开通账期支付/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '下载 PDF' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows a failed load with 重新加载, which asks again', async () => {
    let failOnce = true;
    mockApi(
      handlers({
        [StatementPaths.list]: () => {
          if (!failOnce) return ok(statement());
          failOnce = false;
          return fail(-1, '服务繁忙，请稍后重试');
        },
      }),
    );
    await openStatement();
    expect(await screen.findByRole('heading', { name: '加载失败' }, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await rows()).toHaveLength(4);
  });

  it.each(['admin', 'viewer'] as const)('is linked from 我的公司 for a company %s', async (role) => {
    mockApi({
      ...handlers({}, role),
      [CompanyPaths.members]: ok({ members: [], invites: [] }),
      [ApprovalPaths.list]: ok({ items: [], totalCount: 0 }),
    });
    startSession('tok-1');
    const { router } = renderApp('/member/company');
    fireEvent.click(await screen.findByRole('link', { name: '查看对账单' }, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/company/statement'));
    expect(await rows()).toHaveLength(4);
  });

  it('sends a member in no company to 我的公司', async () => {
    const { calls } = mockApi(
      handlers({ [CompanyPaths.detail]: ok({ company: null, role: null, limits: null, invites: [] }) }),
    );
    startSession('tok-1');
    renderApp('/member/company/statement');
    expect(await screen.findByRole('heading', { name: '您尚未加入公司' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: '前往我的公司' }).getAttribute('href')).toBe('/member/company');
    expect(bodiesOf(calls, StatementPaths.list)).toEqual([]);
  });
});

describe('the amount an admin settles an invoice with', () => {
  const invoice = { owed: 100, balance: 80 as number | undefined, currency: 'CNY' as const };
  it.each([
    [undefined, invoice, '请输入还款金额'],
    [0, invoice, '金额须大于0'],
    [-5, invoice, '金额须大于0'],
    [12.345, invoice, '金额最多两位小数'],
    [100.01, { ...invoice, balance: 500 }, CreditMessages.payTooMuch('¥100.00')],
    [80.01, invoice, CreditMessages.depositShort],
    [80, invoice, null],
    [100, { ...invoice, balance: undefined }, null],
    [0.01, invoice, null],
  ])('%s of %o: %s', (value, limits, error) => {
    expect(invoicePayAmountError(value, limits)).toBe(error);
  });
});
