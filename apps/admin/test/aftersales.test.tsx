import {
  type AdminAfterSaleDetail,
  AdminAfterSalePaths,
  type AdminAfterSaleSummary,
  AdminPaths,
  AfterSaleMessages,
  adminAfterSaleApproveRequestSchema,
  adminAfterSaleListRequestSchema,
  adminAfterSaleReceiveRequestSchema,
  adminAfterSaleRefundRequestSchema,
  adminAfterSaleRejectRequestSchema,
  adminAfterSaleSettingsSaveRequestSchema,
  adminAfterSaleShipExchangeRequestSchema,
  ResultCode,
} from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, findDialog, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

function summary(id: number, overrides: Partial<AdminAfterSaleSummary> = {}): AdminAfterSaleSummary {
  return {
    id,
    afterSaleNo: `AS2026120100${id}`,
    orderId: 900 + id,
    orderNo: `SO20261128000${id}`,
    type: 'return',
    state: 'pending',
    reason: 'damaged',
    title: '保温杯',
    image: '',
    lineCount: 2,
    pieces: 3,
    refundAmount: null,
    refundCurrency: null,
    createdAt: '2026-12-01T02:00:00.000Z',
    updatedAt: '2026-12-01T02:00:00.000Z',
    memberId: 12,
    username: 'buyer7',
    ...overrides,
  };
}

// Two cups at ¥59.90 and a tea box at ¥128.00 claimed back: ¥247.80 of goods, less their ¥12.39 share of the
// promotions; the order's ¥20.00 freight only when it goes back too.
const SPLIT = { goods: 247.8, promotions: 12.39, tax: 0, freight: 0, total: 235.41, amount: 235.41 };
const SPLIT_WITH_FREIGHT = { ...SPLIT, freight: 20, total: 255.41, amount: 255.41 };

function detail(overrides: Partial<AdminAfterSaleDetail> = {}): AdminAfterSaleDetail {
  return {
    ...summary(5),
    text: '外箱压坏，杯身凹陷',
    images: [{ url: '/res/img/ticket/a1.jpg', width: 800, height: 600 }],
    lines: [
      {
        itemId: 71,
        skuId: 501,
        name: '保温杯',
        skuName: '500ml 白色',
        image: '',
        qty: 2,
        unitPrice: 59.9,
        restocked: 0,
        writtenOff: 0,
      },
      {
        itemId: 72,
        skuId: 502,
        name: '茶叶礼盒',
        skuName: '250g',
        image: '',
        qty: 1,
        unitPrice: 128,
        restocked: 0,
        writtenOff: 0,
      },
    ],
    currency: 'CNY',
    returnAddress: null,
    shipBackBy: null,
    returnCourier: null,
    returnLogisticCode: null,
    rejectReason: null,
    refundTo: null,
    exchangeCourier: null,
    exchangeLogisticCode: null,
    version: 3,
    events: [{ state: 'pending', by: 'member', note: '', at: '2026-12-01T02:00:00.000Z' }],
    couriers: [{ code: 'SF', name: '顺丰速运' }],
    orderStatus: 100,
    paidCurrency: 'CNY',
    paidAmount: 600,
    refundable: 600,
    refundWay: 'deposit',
    split: SPLIT,
    splitWithFreight: SPLIT_WITH_FREIGHT,
    freightRefunded: false,
    defaultReturnAddress: '上海市浦东新区张江路1号 售后部 021-55550000',
    ...overrides,
  };
}

/** Received back: both cups and the box, now waiting for their refund. */
const RECEIVED = detail({
  state: 'received',
  version: 6,
  returnAddress: '上海市浦东新区张江路1号 售后部 021-55550000',
  shipBackBy: '2026-12-08T02:00:00.000Z',
  returnCourier: 'SF',
  returnLogisticCode: 'SF1234567890',
  lines: detail().lines.map((l) => ({ ...l, restocked: l.qty })),
  events: [
    { state: 'pending', by: 'member', note: '', at: '2026-12-01T02:00:00.000Z' },
    { state: 'approved', by: 'staff', note: '请尽快寄回', at: '2026-12-01T03:00:00.000Z' },
    { state: 'shippedBack', by: 'member', note: '', at: '2026-12-02T03:00:00.000Z' },
    { state: 'received', by: 'staff', note: '', at: '2026-12-04T03:00:00.000Z' },
  ],
});

const SETTINGS = {
  windowDays: 7,
  returnAddress: '上海市浦东新区张江路1号 售后部 021-55550000',
  couriers: [
    { code: 'SF', name: '顺丰速运' },
    { code: 'AUPOST', name: '澳洲邮政' },
  ],
};

type Handlers = Parameters<typeof mockApi>[0];

function afterSaleApi(
  role: 'service' | 'finance' | 'owner',
  shown: AdminAfterSaleDetail,
  extra: Handlers = {},
) {
  return mockApi({
    [AdminPaths.current]: ok(staffSession(role)),
    [AdminAfterSalePaths.list]: (body) =>
      ok(
        body.state === 'pending'
          ? { items: [summary(5)], totalCount: 1, counts: { pending: 1, approved: 1, shippedBack: 2 } }
          : {
              items: [
                summary(5),
                summary(6, {
                  type: 'refund',
                  state: 'refunded',
                  reason: 'short',
                  title: '茶叶礼盒',
                  lineCount: 1,
                  pieces: 1,
                  refundAmount: 128,
                  refundCurrency: 'CNY',
                  username: 'shop88',
                }),
              ],
              totalCount: 2,
              counts: { pending: 1, approved: 1, shippedBack: 2 },
            },
      ),
    [AdminAfterSalePaths.detail]: ok(shown),
    [AdminAfterSalePaths.settings]: ok(SETTINGS),
    ...extra,
  });
}

const dialogButton = (dialog: HTMLElement, name: string) => within(dialog).getByRole('button', { name });

describe('售后', () => {
  it('lists the open after-sales with their counts, filters by state, type and keyword, and opens a row', async () => {
    const api = afterSaleApi('service', detail());
    signIn();
    const { router } = renderConsole('/aftersales');
    await screen.findByText('共 2 个售后单', {}, SLOW);
    expect(screen.getByRole('menuitem', { name: /售后/ })).toBeTruthy();
    expect(api.callsTo(AdminAfterSalePaths.list)[0]?.body).toEqual({
      state: 'open',
      type: 'all',
      pageNo: 1,
      pageSize: 20,
    });
    // The open states carry their counts; 待处理 their sum; a closed state none.
    expect(screen.getByTitle('待处理 4')).toBeTruthy();
    expect(screen.getByTitle('买家已寄回 2')).toBeTruthy();
    expect(screen.queryByTitle(/^已退款/)).toBeNull();

    const refunded = screen.getByRole('link', { name: 'AS20261201006' }).closest('tr') as HTMLElement;
    expect(within(refunded).getByText('SO202611280006')).toBeTruthy();
    expect(within(refunded).getByText('shop88')).toBeTruthy();
    expect(within(refunded).getByText('仅退款')).toBeTruthy();
    expect(within(refunded).getByText('少件/漏发')).toBeTruthy();
    expect(within(refunded).getByText('已退款')).toBeTruthy();
    expect(within(refunded).getByText('¥128.00')).toBeTruthy();
    const pending = screen.getByRole('link', { name: 'AS20261201005' }).closest('tr') as HTMLElement;
    expect(within(pending).getByText('商品破损')).toBeTruthy();
    expect(within(pending).getByText('2 种商品，共 3 件')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: /待审核/ }));
    await screen.findByText('共 1 个售后单');
    expect(router.state.location.search).toBe('?state=pending');

    fireEvent.mouseDown(screen.getByLabelText('售后类型'));
    fireEvent.click(await screen.findByText('退货退款', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=pending&type=return'));

    const box = screen.getByRole('searchbox', { name: '售后单号、订单号或会员用户名' });
    fireEvent.change(box, { target: { value: ' buyer7 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(api.callsTo(AdminAfterSalePaths.list).at(-1)?.body).toEqual({
        state: 'pending',
        type: 'return',
        keyword: 'buyer7',
        pageNo: 1,
        pageSize: 20,
      }),
    );
    for (const call of api.callsTo(AdminAfterSalePaths.list)) {
      expect(adminAfterSaleListRequestSchema.safeParse(call.body).success).toBe(true);
    }

    // A click anywhere in the row opens the after-sale.
    const row = (await screen.findByRole('link', { name: 'AS20261201005' })).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('商品破损'));
    await screen.findByText('售后 AS20261201005', {}, SLOW);
    expect(router.state.location.pathname).toBe('/aftersales/5');
    expect(api.callsTo(AdminAfterSalePaths.detail)[0]?.body).toEqual({ id: 5 });
  });

  it('says why the queue did not load', async () => {
    mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [AdminAfterSalePaths.list]: fail(ResultCode.InternalServiceError, '数据库繁忙，请稍后再试', 500),
    });
    signIn();
    renderConsole('/aftersales');
    expect(await screen.findByText('售后单加载失败', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('数据库繁忙，请稍后再试')).toBeTruthy();
  });

  it('shows a pending request in full and approves it with the version and the return address', async () => {
    const api = afterSaleApi('service', detail(), {
      [AdminAfterSalePaths.approve]: ok(null),
    });
    signIn();
    renderConsole('/aftersales/5');
    await screen.findByText('售后 AS20261201005', {}, SLOW);
    expect(screen.getByText('外箱压坏，杯身凹陷')).toBeTruthy();
    expect(screen.getByRole('img', { name: '售后图片 1' }).getAttribute('src')).toBe(
      '/res/img/ticket/a1.jpg?w=200',
    );
    expect(screen.getByRole('link', { name: 'SO202611280005' }).getAttribute('href')).toBe(
      '/orders?order=SO202611280005',
    );
    expect(screen.getByRole('link', { name: 'buyer7' }).getAttribute('href')).toBe('/members/12');
    expect(screen.getByText('500ml 白色')).toBeTruthy();
    expect(screen.getByText('¥59.90')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '退款' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '同意' }));
    const dialog = await findDialog('同意退货退款：AS20261201005');
    const address = within(dialog).getByLabelText('退货地址') as HTMLTextAreaElement;
    expect(address.value).toBe('上海市浦东新区张江路1号 售后部 021-55550000');
    expect((within(dialog).getByLabelText('寄回期限（天）') as HTMLInputElement).value).toBe('7');
    // An empty address is refused before anything is sent.
    fireEvent.change(address, { target: { value: '  ' } });
    fireEvent.click(dialogButton(dialog, '确认同意'));
    expect(await within(dialog).findByText(AfterSaleMessages.returnAddress)).toBeTruthy();
    expect(api.callsTo(AdminAfterSalePaths.approve)).toHaveLength(0);

    fireEvent.change(address, { target: { value: ' 北京市朝阳区望京街10号 退货组 ' } });
    fireEvent.change(within(dialog).getByLabelText('寄回期限（天）'), { target: { value: '10' } });
    fireEvent.click(dialogButton(dialog, '确认同意'));
    await waitFor(() => expect(api.callsTo(AdminAfterSalePaths.approve)).toHaveLength(1));
    const body = api.callsTo(AdminAfterSalePaths.approve)[0]?.body;
    expect(body).toEqual({
      id: 5,
      version: 3,
      returnAddress: '北京市朝阳区望京街10号 退货组',
      shipBackDays: 10,
      note: '',
    });
    expect(adminAfterSaleApproveRequestSchema.safeParse(body).success).toBe(true);
    expect(await screen.findByText('已同意该售后申请')).toBeTruthy();
    await waitFor(() => expect(api.callsTo(AdminAfterSalePaths.detail).length).toBeGreaterThan(1));
  });

  it('approves a refund only without an address, and rejects with a reason', async () => {
    const api = afterSaleApi('service', detail({ type: 'refund' }), {
      [AdminAfterSalePaths.approve]: ok(null),
      [AdminAfterSalePaths.reject]: ok(null),
    });
    signIn();
    renderConsole('/aftersales/5');
    await screen.findByText('售后 AS20261201005', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: '同意' }));
    const approve = await findDialog('同意仅退款：AS20261201005');
    expect(within(approve).queryByLabelText('退货地址')).toBeNull();
    fireEvent.click(dialogButton(approve, '确认同意'));
    await waitFor(() =>
      expect(api.callsTo(AdminAfterSalePaths.approve)[0]?.body).toEqual({ id: 5, version: 3, note: '' }),
    );

    fireEvent.click(screen.getByRole('button', { name: '拒绝' }));
    const reject = await findDialog('拒绝售后申请：AS20261201005');
    fireEvent.click(dialogButton(reject, '确认拒绝'));
    expect(await within(reject).findByText('请填写拒绝原因')).toBeTruthy();
    expect(api.callsTo(AdminAfterSalePaths.reject)).toHaveLength(0);
    fireEvent.change(within(reject).getByLabelText('拒绝原因'), { target: { value: '照片看不出破损' } });
    fireEvent.click(dialogButton(reject, '确认拒绝'));
    await waitFor(() => expect(api.callsTo(AdminAfterSalePaths.reject)).toHaveLength(1));
    const body = api.callsTo(AdminAfterSalePaths.reject)[0]?.body;
    expect(body).toEqual({ id: 5, version: 3, reason: '照片看不出破损' });
    expect(adminAfterSaleRejectRequestSchema.safeParse(body).success).toBe(true);
  });

  it('shows the server’s message when a step is refused, keeps the dialog and reads the after-sale again', async () => {
    const api = afterSaleApi('service', detail(), {
      [AdminAfterSalePaths.approve]: fail(ResultCode.BadRequest, AfterSaleMessages.changed, 409),
    });
    signIn();
    renderConsole('/aftersales/5');
    await screen.findByText('售后 AS20261201005', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: '同意' }));
    const dialog = await findDialog('同意退货退款：AS20261201005');
    fireEvent.click(dialogButton(dialog, '确认同意'));
    expect(await screen.findByText(AfterSaleMessages.changed)).toBeTruthy();
    await waitFor(() => expect(api.callsTo(AdminAfterSalePaths.detail).length).toBeGreaterThan(1));
    expect(screen.getByText('同意退货退款：AS20261201005')).toBeTruthy();
  });

  it('receives the goods: every piece back to stock unless some are written off, the two adding up', async () => {
    const shipped = detail({
      state: 'shippedBack',
      version: 5,
      returnAddress: '上海市浦东新区张江路1号 售后部 021-55550000',
      returnCourier: 'SF',
      returnLogisticCode: 'SF1234567890',
    });
    const api = afterSaleApi('service', shipped, { [AdminAfterSalePaths.receive]: ok(null) });
    signIn();
    renderConsole('/aftersales/5');
    await screen.findByText('售后 AS20261201005', {}, SLOW);
    // The member's parcel, its courier by name.
    expect(screen.getByText('SF1234567890')).toBeTruthy();
    expect(screen.getByText('顺丰速运')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '确认收货' }));
    const dialog = await findDialog('确认收货：AS20261201005');
    const restockCup = within(dialog).getByLabelText('入库 保温杯 500ml 白色') as HTMLInputElement;
    expect(restockCup.value).toBe('2');
    expect((within(dialog).getByLabelText('报损 保温杯 500ml 白色') as HTMLInputElement).value).toBe('0');
    fireEvent.change(within(dialog).getByLabelText('报损 保温杯 500ml 白色'), { target: { value: '1' } });
    fireEvent.click(dialogButton(dialog, '确认收货'));
    expect(await within(dialog).findByText(/应为 2 件，现为 3 件/)).toBeTruthy();
    expect(api.callsTo(AdminAfterSalePaths.receive)).toHaveLength(0);

    fireEvent.change(restockCup, { target: { value: '1' } });
    fireEvent.click(dialogButton(dialog, '确认收货'));
    await waitFor(() => expect(api.callsTo(AdminAfterSalePaths.receive)).toHaveLength(1));
    const body = api.callsTo(AdminAfterSalePaths.receive)[0]?.body;
    expect(body).toEqual({
      id: 5,
      version: 5,
      lines: [
        { itemId: 71, restock: 1, writeOff: 1 },
        { itemId: 72, restock: 1, writeOff: 0 },
      ],
      note: '',
    });
    expect(adminAfterSaleReceiveRequestSchema.safeParse(body).success).toBe(true);
  });

  it('refunds with the split shown, the freight when asked for, and a lower amount checked against the rule', async () => {
    const api = afterSaleApi('finance', RECEIVED, { [AdminAfterSalePaths.refund]: ok(null) });
    signIn();
    renderConsole('/aftersales/5');
    await screen.findByText('售后 AS20261201005', {}, SLOW);
    expect(screen.getByText('请尽快寄回')).toBeTruthy(); // the events
    expect(screen.getByText('退回账户余额')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '退款' }));
    const dialog = await findDialog('售后退款：AS20261201005');
    const split = within(dialog).getByTestId('aftersale-split');
    const row = (label: string) =>
      [...(within(split).getByText(label).closest('tr') as HTMLElement).querySelectorAll('td')].map(
        (td) => td.textContent,
      );
    expect(row('商品金额')).toEqual(['商品金额', '¥247.80', '¥247.80']);
    expect(row('促销优惠')).toEqual(['促销优惠', '-¥12.39', '-¥12.39']);
    expect(row('税费')).toEqual(['税费', '¥0.00', '¥0.00']);
    expect(row('运费')).toEqual(['运费', '¥0.00', '¥20.00']);
    expect(row('合计')).toEqual(['合计', '¥235.41', '¥255.41']);
    expect(row('退款金额')).toEqual(['退款金额', '¥235.41', '¥255.41']);
    expect(dialog.textContent).toContain('退款去向：退回账户余额');
    const now = () => within(dialog).getByTestId('aftersale-refund-now').textContent;
    expect(now()).toContain('本次退款 ¥235.41');

    fireEvent.click(within(dialog).getByRole('checkbox', { name: '退运费' }));
    await waitFor(() => expect(now()).toContain('本次退款 ¥255.41'));
    const amount = within(dialog).getByLabelText(/^少退金额/);
    fireEvent.change(amount, { target: { value: '300' } });
    fireEvent.click(dialogButton(dialog, '确认退款'));
    expect(await within(dialog).findByText(AfterSaleMessages.refundTooMuch('¥255.41'))).toBeTruthy();
    expect(api.callsTo(AdminAfterSalePaths.refund)).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '250.5' } });
    await waitFor(() => expect(now()).toContain('本次退款 ¥250.50'));
    fireEvent.click(dialogButton(dialog, '确认退款'));
    await waitFor(() => expect(api.callsTo(AdminAfterSalePaths.refund)).toHaveLength(1));
    const body = api.callsTo(AdminAfterSalePaths.refund)[0]?.body;
    expect(body).toEqual({ id: 5, version: 6, withFreight: true, amount: 250.5, note: '' });
    expect(adminAfterSaleRefundRequestSchema.safeParse(body).success).toBe(true);
    expect(await screen.findByText('退款成功')).toBeTruthy();
  });

  it('refunds without the freight once it went back before, at the rule’s amount', async () => {
    const api = afterSaleApi(
      'owner',
      { ...RECEIVED, freightRefunded: true, splitWithFreight: SPLIT },
      {
        [AdminAfterSalePaths.refund]: ok(null),
      },
    );
    signIn();
    renderConsole('/aftersales/5');
    fireEvent.click(await screen.findByRole('button', { name: '退款' }, SLOW));
    const dialog = await findDialog('售后退款：AS20261201005');
    expect((within(dialog).getByRole('checkbox', { name: '退运费' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(within(dialog).getByText('该订单的运费已随此前的退款退回，不能再退')).toBeTruthy();
    fireEvent.click(dialogButton(dialog, '确认退款'));
    await waitFor(() =>
      expect(api.callsTo(AdminAfterSalePaths.refund)[0]?.body).toEqual({
        id: 5,
        version: 6,
        withFreight: false,
        note: '',
      }),
    );
  });

  it('keeps the refund from staff without order.refund, and from an order paid offline', async () => {
    afterSaleApi('service', RECEIVED);
    signIn();
    const first = renderConsole('/aftersales/5');
    await screen.findByText('售后 AS20261201005', {}, SLOW);
    const refund = screen.getByRole('button', { name: '退款' }) as HTMLButtonElement;
    expect(refund.disabled).toBe(true);
    expect(screen.getByText('需要退款权限')).toBeTruthy();
    fireEvent.click(refund);
    expect(screen.queryByText('售后退款：AS20261201005')).toBeNull();
    first.unmount();

    afterSaleApi('finance', { ...RECEIVED, refundWay: 'offline', paidCurrency: null, paidAmount: null });
    renderConsole('/aftersales/5');
    await screen.findByText('售后 AS20261201005', {}, SLOW);
    expect((screen.getByRole('button', { name: '退款' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByText('线下付款，无法在系统内退款').length).toBeGreaterThan(0);
  });

  it('ships an exchange with a courier of the settings and its tracking number', async () => {
    const api = afterSaleApi(
      'service',
      { ...RECEIVED, type: 'exchange', split: null, splitWithFreight: null },
      {
        [AdminAfterSalePaths.shipExchange]: ok(null),
      },
    );
    signIn();
    renderConsole('/aftersales/5');
    await screen.findByText('售后 AS20261201005', {}, SLOW);
    expect(screen.queryByRole('button', { name: '退款' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '换货发出' }));
    const dialog = await findDialog('换货发出：AS20261201005');
    fireEvent.mouseDown(within(dialog).getByLabelText('快递公司'));
    fireEvent.click(
      await screen.findByText('澳洲邮政', { selector: '.ant-select-item-option-content' }, SLOW),
    );
    fireEvent.change(within(dialog).getByLabelText('物流单号'), { target: { value: 'AP-88990011' } });
    fireEvent.click(dialogButton(dialog, '确认发出'));
    await waitFor(() => expect(api.callsTo(AdminAfterSalePaths.shipExchange)).toHaveLength(1));
    const body = api.callsTo(AdminAfterSalePaths.shipExchange)[0]?.body;
    expect(body).toEqual({ id: 5, version: 6, courierCode: 'AUPOST', logisticCode: 'AP-88990011' });
    expect(adminAfterSaleShipExchangeRequestSchema.safeParse(body).success).toBe(true);
  });

  it('shows a rejected request read only with its reason', async () => {
    afterSaleApi('service', detail({ state: 'rejected', rejectReason: '超过售后期限' }));
    signIn();
    renderConsole('/aftersales/5');
    await screen.findByText('售后 AS20261201005', {}, SLOW);
    expect(screen.getByText('拒绝原因：超过售后期限')).toBeTruthy();
    for (const name of ['同意', '拒绝', '确认收货', '退款', '换货发出'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('saves the window and the return address from 售后设置', async () => {
    const api = afterSaleApi('finance', detail(), {
      [AdminAfterSalePaths.settingsSave]: ok(null),
    });
    signIn();
    renderConsole('/aftersales');
    await screen.findByText('共 2 个售后单', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: /售后设置/ }));
    const dialog = await findDialog('售后设置');
    const days = (await within(dialog).findByLabelText('售后期限（天）', {}, SLOW)) as HTMLInputElement;
    expect(days.value).toBe('7');
    expect((within(dialog).getByLabelText('默认退货地址') as HTMLTextAreaElement).value).toBe(
      SETTINGS.returnAddress,
    );
    fireEvent.change(days, { target: { value: '15' } });
    fireEvent.click(dialogButton(dialog, '保存'));
    await waitFor(() => expect(api.callsTo(AdminAfterSalePaths.settingsSave)).toHaveLength(1));
    const body = api.callsTo(AdminAfterSalePaths.settingsSave)[0]?.body;
    expect(body).toEqual({ windowDays: 15, returnAddress: SETTINGS.returnAddress });
    expect(adminAfterSaleSettingsSaveRequestSchema.safeParse(body).success).toBe(true);
    expect(await screen.findByText('售后设置已保存')).toBeTruthy();
  });

  it('is not in the menu of a role without aftersale.handle', async () => {
    mockApi({ [AdminPaths.current]: ok(staffSession('warehouse')) });
    signIn();
    renderConsole('/aftersales');
    expect(await screen.findByText('无权限', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /售后/ })).toBeNull();
  });
});
