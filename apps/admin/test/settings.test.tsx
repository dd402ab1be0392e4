import {
  AdminBankAccountPaths,
  AdminPaths,
  type AdminPaymentMethod,
  AdminSettingsPaths,
  type BankAccount,
} from '@shop/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

function method(code: string, overrides: Partial<AdminPaymentMethod> = {}): AdminPaymentMethod {
  return {
    code,
    name: code === 'DepositPay' ? '人民币余额支付' : '微信支付',
    kind: code === 'DepositPay' ? 'deposit' : 'syb',
    currency: 'CNY',
    provider: 'sandbox',
    enabled: true,
    forRecharge: code !== 'DepositPay',
    description: '',
    ...overrides,
  };
}

function settingsApi() {
  return mockApi({
    [AdminPaths.current]: ok(staffSession('finance')),
    [AdminSettingsPaths.rate]: ok({
      rate: '4.7000',
      updatedAt: '2026-11-24T02:00:00.000Z',
      history: [{ rate: '4.7000', previous: '4.6500', actor: 'boss', time: '2026-11-24T02:00:00.000Z' }],
    }),
    [AdminSettingsPaths.rateSet]: (body) =>
      ok({ rate: Number(body.audCny).toFixed(4), updatedAt: '2026-11-24T05:00:00.000Z', changed: true }),
    [AdminSettingsPaths.paymentList]: ok({
      items: [method('DepositPay'), method('W01')],
      gatewayConfigured: false,
    }),
    [AdminSettingsPaths.paymentUpdate]: (body) =>
      ok(method(String(body.code), { enabled: body.enabled === true })),
    [AdminBankAccountPaths.get]: ok({
      items: [ICBC],
      updatedAt: '2026-11-24T03:00:00.000Z',
      updatedBy: 'cashier2',
      history: [{ actor: 'cashier2', time: '2026-11-24T03:00:00.000Z', before: [], after: [ICBC] }],
    }),
    [AdminBankAccountPaths.save]: (body) =>
      ok({
        items: body.items,
        updatedAt: '2026-11-24T05:00:00.000Z',
        updatedBy: 'cashier',
        changed: true,
      }),
  });
}

const ICBC: BankAccount = {
  currency: 'CNY',
  bankName: '工商银行',
  accountName: '上海商贸有限公司',
  accountNo: '6222 0000 1111',
};

describe('汇率与支付', () => {
  it('shows the rate with its history and sets a new one, refusing a bad rate before sending', async () => {
    const api = settingsApi();
    signIn();
    renderConsole('/settings');
    expect(await screen.findByText('4.6500', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('boss')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('新汇率'), { target: { value: '4.71234' } });
    fireEvent.click(screen.getByRole('button', { name: '保存汇率' }));
    expect(await screen.findByText('汇率须为大于0的数字，最多8位整数、4位小数', {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminSettingsPaths.rateSet)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('新汇率'), { target: { value: ' 4.75 ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存汇率' }));
    await waitFor(() => expect(api.callsTo(AdminSettingsPaths.rateSet)[0]?.body).toEqual({ audCny: '4.75' }));
    expect(await screen.findByText('汇率已更新为 1 澳币 = 4.7500 人民币', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(api.callsTo(AdminSettingsPaths.rate).length).toBeGreaterThan(1));
  });

  it('switches a payment method off after a confirmation; the gateway cannot be picked unconfigured', async () => {
    const api = settingsApi();
    signIn();
    renderConsole('/settings');
    expect(await screen.findByText(/未配置真实支付渠道/, {}, SLOW)).toBeTruthy();
    // The deposit has no provider to choose.
    expect(screen.queryByLabelText('人民币余额支付的渠道')).toBeNull();
    fireEvent.click(screen.getByLabelText('微信支付已启用'));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }, SLOW));
    await waitFor(() =>
      expect(api.callsTo(AdminSettingsPaths.paymentUpdate)[0]?.body).toEqual({ code: 'W01', enabled: false }),
    );
    expect(await screen.findByText('微信支付：已停用，渠道 sandbox', {}, SLOW)).toBeTruthy();

    fireEvent.mouseDown(screen.getByLabelText('微信支付的渠道'));
    const gateway = await screen.findByTitle('真实支付渠道', {}, SLOW);
    expect(gateway.closest('.ant-select-item')?.className).toContain('disabled');
  });

  it("shows the bank accounts members transfer to with who changed them, and saves finance's change", async () => {
    const api = settingsApi();
    signIn();
    renderConsole('/settings');
    expect(await screen.findByDisplayValue('6222 0000 1111', {}, SLOW)).toBeTruthy();
    // The history: who changed the accounts to what, so the other money role sees it.
    expect(screen.getByText('CNY / 工商银行 / 上海商贸有限公司 / 6222 0000 1111')).toBeTruthy();
    expect(screen.getByText('cashier2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /添加收款账户/ }));
    fireEvent.click(screen.getByRole('button', { name: /保存收款账户/ }));
    expect(await screen.findByText('请输入账号', {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminBankAccountPaths.save)).toHaveLength(0);

    const banks = screen.getAllByLabelText('银行');
    const names = screen.getAllByLabelText('户名');
    const numbers = screen.getAllByLabelText('账号');
    fireEvent.change(banks[1] as HTMLElement, { target: { value: 'CBA' } });
    fireEvent.change(names[1] as HTMLElement, { target: { value: 'Shop Pty Ltd' } });
    fireEvent.change(numbers[1] as HTMLElement, { target: { value: '12345678' } });
    fireEvent.click(screen.getByRole('button', { name: /保存收款账户/ }));
    await waitFor(() => expect(api.callsTo(AdminBankAccountPaths.save)).toHaveLength(1));
    expect(api.callsTo(AdminBankAccountPaths.save)[0]?.body).toEqual({
      items: [ICBC, { currency: 'CNY', bankName: 'CBA', accountName: 'Shop Pty Ltd', accountNo: '12345678' }],
    });
    expect(await screen.findByText('收款账户已保存，已通知其他店主与财务', {}, SLOW)).toBeTruthy();
  });
});
