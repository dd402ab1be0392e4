import { AdminMemberPaths, AdminPaths, type AdminRecharge, ResultCode } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

function recharge(n: number, overrides: Partial<AdminRecharge> = {}): AdminRecharge {
  return {
    rechargeNo: `R2026112400${n}`,
    memberId: 40 + n,
    username: `buyer${n}`,
    type: 2,
    typeLabel: '银行转账充值',
    currency: 'CNY',
    amount: 100.5,
    status: 'pending',
    statusLabel: '待确认',
    reference: `张三 工行 88${n}`,
    note: '',
    reviewedBy: '',
    createdAt: '2026-11-24T03:00:00.000Z',
    reviewedAt: null,
    creditedAmount: null,
    hasSlip: false,
    ...overrides,
  };
}

const review = (r: AdminRecharge, changed = true, status: AdminRecharge['status'] = 'credited') => {
  const { memberId: _m, username: _u, reviewedBy: _r, ...rest } = r;
  return ok({
    changed,
    recharge: { ...rest, status, statusLabel: status === 'credited' ? '已到账' : '已驳回' },
  });
};

describe('充值审核', () => {
  it('opens on the pending transfers with their details, filters by status and member, and approves in the review', async () => {
    const first = recharge(1);
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('finance')),
      [AdminMemberPaths.rechargeList]: (body) =>
        ok(
          body.status === 'rejected'
            ? { items: [], totalCount: 0 }
            : { items: [first, recharge(2)], totalCount: 2 },
        ),
      [AdminMemberPaths.rechargeApprove]: review(first),
    });
    signIn();
    const { router } = renderConsole('/recharges');
    await screen.findByText('共 2 条', {}, SLOW);
    expect(api.callsTo(AdminMemberPaths.rechargeList)[0]?.body).toEqual({
      status: 'pending',
      pageNo: 1,
      pageSize: 20,
    });
    const row = screen.getByText('张三 工行 881').closest('tr') as HTMLElement;
    expect(within(row).getByText('¥100.50')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'buyer1' }).getAttribute('href')).toBe('/members/41');

    fireEvent.click(within(row).getByRole('button', { name: '审核入账' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¥100.50')).toBeTruthy();
    expect(within(dialog).getByText('会员未上传转账凭证')).toBeTruthy();
    expect(api.callsTo(AdminMemberPaths.rechargeApprove)).toHaveLength(0);
    expect(api.callsTo(AdminMemberPaths.rechargeSlip)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '确认入账' }));
    await waitFor(() =>
      expect(api.callsTo(AdminMemberPaths.rechargeApprove)[0]?.body).toEqual({
        rechargeNo: first.rechargeNo,
        creditedAmount: 100.5,
      }),
    );
    expect(await screen.findByText('已确认到账并入账')).toBeTruthy();
    await waitFor(() => expect(api.callsTo(AdminMemberPaths.rechargeList).length).toBeGreaterThan(1));

    fireEvent.click(screen.getByText('已驳回'));
    await screen.findByText('暂无充值单');
    expect(router.state.location.search).toBe('?status=rejected');
    expect(api.callsTo(AdminMemberPaths.rechargeList).at(-1)?.body).toEqual({
      status: 'rejected',
      pageNo: 1,
      pageSize: 20,
    });
  });

  it('the review: the slip as a thumbnail that opens the image, the amount received, a note required when it differs', async () => {
    const first = recharge(1, { amount: 1000, hasSlip: true });
    // A 1×1 PNG: what the server answers for recharge/slip/ (the image itself, not JSON).
    const png = Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      ),
      (c) => c.charCodeAt(0),
    );
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('finance')),
      [AdminMemberPaths.rechargeList]: ok({ items: [first], totalCount: 1 }),
      [AdminMemberPaths.rechargeSlip]: {
        file: () => new Response(png, { status: 200, headers: { 'Content-Type': 'image/png' } }),
      },
      [AdminMemberPaths.rechargeApprove]: (body) =>
        review({ ...first, creditedAmount: Number(body.creditedAmount) }),
    });
    signIn();
    renderConsole('/recharges');
    await screen.findByText('共 1 条', {}, SLOW);
    const row = screen.getByText('张三 工行 881').closest('tr') as HTMLElement;
    expect(within(row).getByText('有转账凭证')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '审核入账' }));
    const dialog = await screen.findByRole('dialog');

    const thumb = (await within(dialog).findByAltText(`转账凭证 ${first.rechargeNo}`)) as HTMLImageElement;
    expect(thumb.src).toMatch(/^blob:/);
    expect(api.callsTo(AdminMemberPaths.rechargeSlip)[0]?.body).toEqual({ rechargeNo: first.rechargeNo });
    // The thumbnail opens the whole image.
    fireEvent.click(thumb);
    await waitFor(() =>
      expect(document.querySelectorAll(`img[src="${thumb.src}"]`).length).toBeGreaterThan(1),
    );
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    const amount = within(dialog).getByLabelText(/实际到账金额/) as HTMLInputElement;
    expect(amount.value).toBe('1000.00');
    fireEvent.change(amount, { target: { value: '990.5' } });
    fireEvent.blur(amount);
    expect(
      await within(dialog).findByText(/实际到账与申请金额不同：将入账 ¥990\.50（申请 ¥1000\.00）/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认入账' }));
    expect(await within(dialog).findByText('实际到账金额与申请金额不同，请填写备注说明原因')).toBeTruthy();
    expect(api.callsTo(AdminMemberPaths.rechargeApprove)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/备注/), { target: { value: '银行扣手续费 ¥9.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认入账' }));
    await waitFor(() =>
      expect(api.callsTo(AdminMemberPaths.rechargeApprove)[0]?.body).toEqual({
        rechargeNo: first.rechargeNo,
        creditedAmount: 990.5,
        note: '银行扣手续费 ¥9.50',
      }),
    );
    expect(await screen.findByText('已确认到账并入账')).toBeTruthy();
  });

  it('reads ?status= from the address (the dashboard links there) and shows all with ?status=all', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('owner')),
      [AdminMemberPaths.rechargeList]: ok({ items: [], totalCount: 0 }),
    });
    signIn();
    renderConsole('/recharges?status=all&keyword=buyer9');
    await screen.findByText('暂无充值单', {}, SLOW);
    expect(api.callsTo(AdminMemberPaths.rechargeList)[0]?.body).toEqual({
      keyword: 'buyer9',
      pageNo: 1,
      pageSize: 20,
    });
  });

  it('rejects only with a reason, and shows the server’s refusal', async () => {
    const first = recharge(1);
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('finance')),
      [AdminMemberPaths.rechargeList]: ok({ items: [first], totalCount: 1 }),
      [AdminMemberPaths.rechargeReject]: fail(
        ResultCode.ParamsError,
        `充值单 ${first.rechargeNo} 已入账，不能驳回`,
      ),
    });
    signIn();
    renderConsole('/recharges');
    await screen.findByText('共 1 条', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: /^驳\s?回$/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /^驳\s?回$/ }));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeTruthy();
    expect(api.callsTo(AdminMemberPaths.rechargeReject)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('驳回原因（会员可见）'), {
      target: { value: '未收到款项' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /^驳\s?回$/ }));
    await waitFor(() =>
      expect(api.callsTo(AdminMemberPaths.rechargeReject)[0]?.body).toEqual({
        rechargeNo: first.rechargeNo,
        reason: '未收到款项',
      }),
    );
    expect(await screen.findByText(`充值单 ${first.rechargeNo} 已入账，不能驳回`)).toBeTruthy();
  });

  it('is not in the menu of a role without recharge.review', async () => {
    mockApi({ [AdminPaths.current]: ok(staffSession('warehouse')) });
    signIn();
    renderConsole('/recharges');
    expect(await screen.findByText('无权限', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /充值审核/ })).toBeNull();
  });
});
