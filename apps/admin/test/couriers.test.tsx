import { type AdminCourierRow, AdminPaths, AdminSettingsPaths } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

const SF: AdminCourierRow = {
  id: 1,
  code: 'SF',
  name: '顺丰速运',
  isPublic: true,
  active: true,
  estimatedDays: '3-5个工作日',
  sort: 0,
  trackingCode: 'shunfeng',
  rules: [
    {
      location: 1,
      warehouseName: '澳大利亚仓',
      currency: 'AUD',
      firstWeight: 1000,
      firstFee: 12,
      extraWeight: 500,
      extraFee: 4,
      maxWeight: null,
    },
  ],
};

function couriersApi() {
  return mockApi({
    [AdminPaths.current]: ok(staffSession('finance')),
    [AdminSettingsPaths.courierList]: ok({ items: [SF] }),
    [AdminSettingsPaths.courierCreate]: (body) =>
      ok({ ...SF, id: 2, code: String(body.code).toUpperCase(), name: String(body.name), rules: [] }),
    [AdminSettingsPaths.courierUpdate]: (body) => ok({ ...SF, trackingCode: String(body.trackingCode) }),
    [AdminSettingsPaths.courierRuleSave]: (body) =>
      ok({ ...SF.rules[0], location: Number(body.location), currency: body.currency, firstFee: 58 }),
  });
}

describe('快递与运费', () => {
  it('adds a courier, checked before it is sent', async () => {
    const api = couriersApi();
    signIn();
    renderConsole('/couriers');
    expect(await screen.findByText('顺丰速运', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('1 条')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /添加快递/ }));
    const dialog = await findDialog('添加快递');
    fireEvent.change(within(dialog).getByLabelText('快递编码'), { target: { value: '中通' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await within(dialog).findByText('快递编码须为1-32位字母、数字、-或_', {}, SLOW)).toBeTruthy();
    expect(await within(dialog).findByText(/请填写快递名称/, {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminSettingsPaths.courierCreate)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('快递编码'), { target: { value: 'zto' } });
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: ' 中通快递 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() =>
      expect(api.callsTo(AdminSettingsPaths.courierCreate)[0]?.body).toEqual({
        code: 'zto',
        name: '中通快递',
        isPublic: true,
        estimatedDays: '',
        sort: 0,
      }),
    );
    expect(await screen.findByText('快递已添加', {}, SLOW)).toBeTruthy();
  });

  it('shows each courier’s Kuaidi100 code and changes it, lower case', async () => {
    const api = couriersApi();
    signIn();
    renderConsole('/couriers');
    expect(await screen.findByText('shunfeng', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '修改' }));
    const dialog = await findDialog('修改快递：SF');
    const field = within(dialog).getByLabelText('快递100编码');
    fireEvent.change(field, { target: { value: '顺丰' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await within(dialog).findByText(/快递100编码须为/, {}, SLOW)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'ShunFengKuaiYun' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() =>
      expect(api.callsTo(AdminSettingsPaths.courierUpdate)[0]?.body).toMatchObject({
        code: 'SF',
        trackingCode: 'shunfengkuaiyun',
      }),
    );
  });

  it('shows the fee matrix by warehouse and currency and sets a rule for a cell', async () => {
    const api = couriersApi();
    signIn();
    renderConsole('/couriers');
    fireEvent.click(await screen.findByRole('button', { name: '运费' }, SLOW));
    expect(await screen.findByText('首重 1000g $12.00，续重每 500g $4.00', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '设置中国仓CNY运费' }));
    const dialog = await findDialog(/运费规则：SF · 中国仓 · CNY/);
    fireEvent.change(within(dialog).getByLabelText('首重运费（元）'), { target: { value: '58.5x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await within(dialog).findByText('首重运费须为最多两位小数的金额', {}, SLOW)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('首重运费（元）'), { target: { value: '58' } });
    fireEvent.change(within(dialog).getByLabelText('每个续重运费（元）'), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() =>
      expect(api.callsTo(AdminSettingsPaths.courierRuleSave)[0]?.body).toEqual({
        code: 'SF',
        location: 2,
        currency: 'CNY',
        firstWeight: 1000,
        firstFee: '58',
        extraWeight: 500,
        extraFee: '20',
        maxWeight: null,
      }),
    );
  });
});
