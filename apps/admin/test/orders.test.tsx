import {
  type AdminOrderDetail,
  AdminOrderPaths,
  type AdminOrderRow,
  AdminPaths,
  OrderStatus,
  ResultCode,
  type StaffRole,
} from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, findDialog, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

function row(n: number, overrides: Partial<AdminOrderRow> = {}): AdminOrderRow {
  return {
    id: n,
    orderNo: `SO20261124000${n}`,
    memberId: 10 + n,
    username: `buyer${n}`,
    status: OrderStatus.Paid,
    statusName: '已付款',
    currency: 'CNY',
    totalAmount: 3200 * n,
    payChannel: 'DepositPay',
    payChannelName: '人民币余额支付',
    isPickup: false,
    warehouses: '澳大利亚仓',
    receiverName: '张三',
    packCount: 1,
    createTime: '2026-11-24T03:00:00.000Z',
    paidTime: '2026-11-24T03:05:00.000Z',
    ...overrides,
  };
}

function detail(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  const base = row(1);
  return {
    ...base,
    goodsAmount: 3200,
    shippingAmount: 0,
    taxAmount: 0,
    gstAmount: 0,
    gstIncluded: true,
    refundedGst: 0,
    promotionsAmount: 0,
    paidCurrency: 'CNY',
    paidAmount: 3200,
    refundedAmount: 0,
    refundingAmount: 0,
    refundState: null,
    refundStateName: null,
    refundTo: 'channel',
    refunds: [],
    memberRemark: '请用纸箱',
    receiver: { name: '张三', phone: '0400000000', city: 'Sydney', detail: '1 George St' },
    sender: null,
    packs: [
      {
        packIndex: 0,
        courierId: 2,
        location: 1,
        warehouseName: '澳大利亚仓',
        status: base.status,
        statusName: base.statusName,
        courierName: '',
        logisticCode: '',
        shippedTime: null,
        splitFrom: null,
      },
    ],
    items: [
      {
        id: 1,
        packIndex: 0,
        skuId: 5,
        name: '婴儿米粉',
        skuName: '原味 250g',
        image: '',
        qty: 1,
        unitPrice: 3200,
        isGift: false,
        waiting: 0,
        expectedDate: null,
      },
    ],
    payments: [],
    attachments: [],
    logistics: [],
    cancelTime: null,
    finishTime: null,
    ...overrides,
  };
}

function ordersApi(role: StaffRole, order: AdminOrderDetail = detail(), extra = {}) {
  return mockApi({
    [AdminPaths.current]: ok(staffSession(role)),
    [AdminOrderPaths.list]: ok({
      items: [row(1), row(2, { status: 0, statusName: '待付款' })],
      totalCount: 2,
    }),
    [AdminOrderPaths.detail]: ok(order),
    [AdminOrderPaths.couriers]: ok({
      items: [
        { id: 1, code: 'AUPOST', name: '澳洲邮政', locations: [1] },
        { id: 2, code: 'SF', name: '顺丰速运', locations: [1, 2] },
        { id: 3, code: 'ZTO', name: '中通快递', locations: [2] },
      ],
    }),
    ...extra,
  });
}

/** Clicks the OK button of the open confirmation. */
async function confirmPopup() {
  await waitFor(() => expect(document.querySelector('.ant-popconfirm .ant-btn-primary')).toBeTruthy(), SLOW);
  fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary') as HTMLElement);
}

describe('订单', () => {
  it('lists every member’s orders newest first and filters by status and member', async () => {
    const api = ordersApi('service');
    signIn();
    const { router } = renderConsole('/orders');
    expect(await screen.findByText('共 2 个订单', {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminOrderPaths.list)[0]?.body).toEqual({ pageNo: 1, pageSize: 20 });
    expect(screen.getByText('¥32.00')).toBeTruthy();
    expect(screen.getByText('buyer2')).toBeTruthy();
    // Service reads orders but cannot pick them for a batch step.
    expect(screen.queryByText(/批量/)).toBeNull();

    fireEvent.change(screen.getByLabelText('会员'), { target: { value: ' buyer1 ' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(
      () =>
        expect(api.callsTo(AdminOrderPaths.list).at(-1)?.body).toEqual({
          username: 'buyer1',
          pageNo: 1,
          pageSize: 20,
        }),
      SLOW,
    );
    expect(router.state.location.search).toBe('?username=buyer1');
  });

  it('opens an order beside the list with its packs, goods, address and remark', async () => {
    ordersApi(
      'service',
      detail({
        payments: [
          {
            tradeNo: 'PT20261124001',
            channel: 'W01',
            channelName: '微信支付',
            currency: 'CNY',
            amount: 3200,
            status: 'paid',
            paidTime: '2026-11-24T03:05:00.000Z',
          },
        ],
      }),
    );
    signIn();
    renderConsole('/orders?status=60&order=SO202611240001');
    expect(await screen.findByText('婴儿米粉', {}, SLOW)).toBeTruthy();
    // The payment's state in words, its code kept for the tooltip.
    const paid = screen.getByText('已支付');
    expect(paid.dataset.code).toBe('paid');
    expect(screen.queryByText('paid')).toBeNull();
    expect(screen.getByText('请用纸箱')).toBeTruthy();
    expect(screen.getByText(/0400000000/)).toBeTruthy();
    expect(screen.getByText('暂无物流轨迹')).toBeTruthy();
    // Service may look, not act.
    expect(screen.queryByRole('button', { name: '推送到仓库' })).toBeNull();
    expect(screen.queryByRole('button', { name: /退款/ })).toBeNull();
  });

  it('lets the warehouse push an order after a confirmation', async () => {
    const api = ordersApi('warehouse', detail(), {
      [AdminOrderPaths.transition]: ok({ orderNo: 'SO202611240001', status: 70, moved: [0] }),
    });
    signIn();
    renderConsole('/orders?order=SO202611240001');
    fireEvent.click(await screen.findByRole('button', { name: '推送到仓库' }, SLOW));
    await confirmPopup();
    await waitFor(() =>
      expect(api.callsTo(AdminOrderPaths.transition)[0]?.body).toEqual({
        orderNo: 'SO202611240001',
        action: 'push',
      }),
    );
    // The lists and the detail are read again.
    await waitFor(() => expect(api.callsTo(AdminOrderPaths.detail).length).toBeGreaterThan(1));
  });

  it('shows an illegal step’s refusal in Chinese', async () => {
    ordersApi('warehouse', detail(), {
      [AdminOrderPaths.transition]: fail(
        ResultCode.ParamsError,
        '包裹 1 当前状态为「已发货」，不能变更为「已推送」',
      ),
    });
    signIn();
    renderConsole('/orders?order=SO202611240001');
    fireEvent.click(await screen.findByRole('button', { name: '推送到仓库' }, SLOW));
    await confirmPopup();
    expect(
      await screen.findByText('包裹 1 当前状态为「已发货」，不能变更为「已推送」', {}, SLOW),
    ).toBeTruthy();
  });

  it('ships a pack with the member’s courier and a tracking number, refusing a bad number before sending', async () => {
    const ready = detail({
      status: OrderStatus.AwaitingDispatch,
      statusName: '待发货',
      packs: detail().packs.map((p) => ({
        ...p,
        status: OrderStatus.AwaitingDispatch,
        statusName: '待发货',
      })),
    });
    const api = ordersApi('warehouse', ready, {
      [AdminOrderPaths.ship]: ok({ orderNo: 'SO202611240001', status: 80, moved: [0] }),
    });
    signIn();
    renderConsole('/orders?order=SO202611240001');
    fireEvent.click(await screen.findByRole('button', { name: '发货' }, SLOW));
    const dialog = await findDialog(/发货：SO202611240001/);
    // The member's courier is picked; only couriers serving the pack's warehouse are offered.
    expect(await within(dialog).findByText('顺丰速运（会员选择）', {}, SLOW)).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByLabelText('快递公司'));
    const listbox = await screen.findByRole('listbox', {}, SLOW);
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual([
        '顺丰速运（会员选择）',
        '澳洲邮政',
      ]),
    );
    expect(listbox).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('物流单号'), { target: { value: '单号' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认发货' }));
    expect(
      await within(dialog).findByText('物流单号只能包含字母、数字和 -，4-60 个字符', {}, SLOW),
    ).toBeTruthy();
    expect(api.callsTo(AdminOrderPaths.ship)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('物流单号'), { target: { value: 'SF1234567890' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认发货' }));
    await waitFor(() =>
      expect(api.callsTo(AdminOrderPaths.ship)[0]?.body).toEqual({
        orderNo: 'SO202611240001',
        courierCode: 'SF',
        logisticCode: 'SF1234567890',
      }),
    );
  });

  it('numbers the packs from 1 as people count them, and sends the second pack’s index when it ships', async () => {
    const waiting = { status: OrderStatus.AwaitingDispatch, statusName: '待发货' };
    const [first] = detail().packs;
    const [item] = detail().items;
    if (!first || !item) throw new Error('fixture');
    const twoPacks = detail({
      ...waiting,
      packs: [
        { ...first, ...waiting },
        { ...first, ...waiting, packIndex: 1, location: 2, warehouseName: '中国仓', courierId: 3 },
      ],
      items: [item, { ...item, id: 2, packIndex: 1, name: '奶粉' }],
      attachments: [
        {
          id: 7,
          packIndex: 1,
          path: 'order/abc.jpg',
          note: '外箱已封',
          createTime: '2026-11-24T04:00:00.000Z',
        },
      ],
    });
    const api = ordersApi('warehouse', twoPacks, {
      [AdminOrderPaths.ship]: ok({ orderNo: 'SO202611240001', status: 78, moved: [1] }),
    });
    signIn();
    renderConsole('/orders?order=SO202611240001');
    const china = (await screen.findAllByText('中国仓', {}, SLOW))[0]?.closest('tr') as HTMLElement;
    expect(within(china).getAllByRole('cell')[0]?.textContent).toBe('包裹 2');
    const milk = screen.getByText('奶粉').closest('tr') as HTMLElement;
    expect(within(milk).getAllByRole('cell')[1]?.textContent).toBe('2');
    expect(screen.getByText(/包裹 2 外箱已封/)).toBeTruthy();
    expect(screen.queryByText(/包裹 0/)).toBeNull();

    fireEvent.click(within(china).getByText('发货'));
    const dialog = await findDialog('发货：SO202611240001 包裹 2');
    expect(await within(dialog).findByText('中通快递（会员选择）', {}, SLOW)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('物流单号'), { target: { value: 'ZT1234567890' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认发货' }));
    await waitFor(() =>
      expect(api.callsTo(AdminOrderPaths.ship)[0]?.body).toEqual({
        orderNo: 'SO202611240001',
        pack: 1,
        courierCode: 'ZTO',
        logisticCode: 'ZT1234567890',
      }),
    );
  });

  it('says how many pre-ordered pieces wait and when they come, marks the pack waiting and names a split parcel', async () => {
    const [first] = detail().packs;
    const [item] = detail().items;
    if (!first || !item) throw new Error('fixture');
    const ready = { status: OrderStatus.AwaitingDispatch, statusName: '待发货' };
    ordersApi(
      'service',
      detail({
        ...ready,
        packs: [
          { ...first, ...ready },
          {
            ...first,
            packIndex: 1,
            status: OrderStatus.Shipped,
            statusName: '已发货',
            courierName: '顺丰速运',
            logisticCode: 'SF1234567890',
            shippedTime: '2026-11-25T03:00:00.000Z',
            splitFrom: 0,
          },
        ],
        items: [
          { ...item, qty: 3, waiting: 2, expectedDate: '2026-12-20' },
          { ...item, id: 2, name: '奶粉', skuName: '', qty: 2, waiting: 1, expectedDate: null },
          { ...item, id: 3, packIndex: 1, qty: 1 },
        ],
      }),
    );
    signIn();
    renderConsole('/orders?order=SO202611240001');
    expect(await screen.findByText('预订 · 等待到货 2 件 · 预计 12月20日到货', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('预订 · 等待到货 1 件 · 到货日期待定')).toBeTruthy();
    const placed = screen.getByText('包裹 1').closest('tr') as HTMLElement;
    expect(within(placed).getByText('等待预订到货')).toBeTruthy();
    const parcel = screen.getByText('包裹 2（由包裹 1 分出）').closest('tr') as HTMLElement;
    expect(within(parcel).getByText('顺丰速运 SF1234567890')).toBeTruthy();
    expect(within(parcel).queryByText('等待预订到货')).toBeNull();
    expect(screen.getAllByText('等待预订到货')).toHaveLength(1);
  });

  it('ships part of a pack as a new parcel, sending only the lines with pieces chosen', async () => {
    const ready = { status: OrderStatus.AwaitingDispatch, statusName: '待发货' };
    const [item] = detail().items;
    if (!item) throw new Error('fixture');
    const order = detail({
      ...ready,
      packs: detail().packs.map((p) => ({ ...p, ...ready })),
      items: [
        { ...item, qty: 3 },
        { ...item, id: 2, skuId: 6, name: '奶粉', skuName: '900g', qty: 2 },
      ],
    });
    const api = ordersApi('warehouse', order, {
      [AdminOrderPaths.ship]: ok({ orderNo: 'SO202611240001', status: 78, moved: [1] }),
    });
    signIn();
    renderConsole('/orders?order=SO202611240001');
    fireEvent.click(await screen.findByRole('button', { name: '发货' }, SLOW));
    const dialog = await findDialog('发货：SO202611240001');
    // A pack with everything in the warehouse opens whole; the split table appears when asked for.
    expect(within(dialog).queryByLabelText('本次发货 奶粉 900g')).toBeNull();
    fireEvent.click(within(dialog).getByText('部分发货'));
    const milk = await within(dialog).findByLabelText('本次发货 奶粉 900g', {}, SLOW);
    const rice = within(dialog).getByLabelText('本次发货 婴儿米粉 原味 250g');
    expect((rice as HTMLInputElement).value).toBe('3');
    expect((milk as HTMLInputElement).value).toBe('2');
    expect(within(dialog).getByText('已选包裹内全部 5 件商品，将按整包发货')).toBeTruthy();
    fireEvent.change(milk, { target: { value: '0' } });
    fireEvent.change(rice, { target: { value: '2' } });
    expect(await within(dialog).findByText(/其余 3 件留在包裹 1/, {}, SLOW)).toBeTruthy();
    expect(await within(dialog).findByText('顺丰速运（会员选择）', {}, SLOW)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('物流单号'), { target: { value: 'SF1234567890' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认发货' }));
    await waitFor(() =>
      expect(api.callsTo(AdminOrderPaths.ship)[0]?.body).toEqual({
        orderNo: 'SO202611240001',
        pack: 0,
        courierCode: 'SF',
        logisticCode: 'SF1234567890',
        lines: [{ itemId: 1, qty: 2 }],
      }),
    );
  });

  it('opens a pack holding pre-ordered pieces in part, saying why, and shows the server’s refusal', async () => {
    const ready = { status: OrderStatus.AwaitingDispatch, statusName: '待发货' };
    const [item] = detail().items;
    if (!item) throw new Error('fixture');
    const order = detail({
      ...ready,
      packs: detail().packs.map((p) => ({ ...p, ...ready })),
      items: [
        { ...item, qty: 3, waiting: 2, expectedDate: '2026-12-20' },
        { ...item, id: 2, skuId: 6, name: '奶粉', skuName: '900g', qty: 2 },
        { ...item, id: 3, skuId: 7, name: '辅食勺', skuName: '', qty: 1, waiting: 1, expectedDate: null },
      ],
    });
    const api = ordersApi('warehouse', order, {
      [AdminOrderPaths.ship]: fail(ResultCode.ParamsError, '物流单号 SF1234567890 已被其他包裹使用'),
    });
    signIn();
    renderConsole('/orders?order=SO202611240001');
    fireEvent.click(await screen.findByRole('button', { name: '发货' }, SLOW));
    const dialog = await findDialog('发货：SO202611240001');
    expect(within(dialog).getByText(/该包裹有 3 件预订商品尚未到货，不能整包发货/)).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: '整包发货' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('radio', { name: '部分发货' })).toHaveProperty('checked', true);
    // Only what has arrived may leave: 1 of the 3 rice, both milk, none of the spoon.
    expect(within(dialog).getByLabelText('本次发货 婴儿米粉 原味 250g')).toHaveProperty('value', '1');
    expect(within(dialog).getByLabelText('本次发货 奶粉 900g')).toHaveProperty('value', '2');
    const spoon = within(dialog).getByLabelText('本次发货 辅食勺');
    expect(spoon).toHaveProperty('value', '0');
    expect(spoon.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByText('预订 · 等待到货 2 件 · 预计 12月20日到货')).toBeTruthy();
    expect(within(dialog).getByText(/本次发出/).textContent).toBe(
      '本次发出 3 件，作为新包裹发货；其余 3 件留在包裹 1',
    );

    expect(await within(dialog).findByText('顺丰速运（会员选择）', {}, SLOW)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('物流单号'), { target: { value: 'SF1234567890' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认发货' }));
    await waitFor(() =>
      expect(api.callsTo(AdminOrderPaths.ship)[0]?.body).toEqual({
        orderNo: 'SO202611240001',
        pack: 0,
        courierCode: 'SF',
        logisticCode: 'SF1234567890',
        lines: [
          { itemId: 1, qty: 1 },
          { itemId: 2, qty: 2 },
        ],
      }),
    );
    expect(await screen.findByText('物流单号 SF1234567890 已被其他包裹使用', {}, SLOW)).toBeTruthy();
    // The form stays open with what was typed, to correct and send again.
    expect(within(dialog).getByLabelText('物流单号')).toHaveProperty('value', 'SF1234567890');
  });

  it('lets the warehouse upload a photo of a pack with a note, asking for the photo first', async () => {
    const api = ordersApi('warehouse', detail(), {
      [AdminOrderPaths.attach]: ok({
        id: 7,
        packIndex: 0,
        path: 'order/0123456789abcdef0123456789abcdef.jpg',
        note: '外箱已封',
        createTime: '2026-11-24T04:00:00.000Z',
      }),
    });
    signIn();
    renderConsole('/orders?order=SO202611240001');
    expect(await screen.findByText('暂无附件', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /上传包裹照片/ }));
    const dialog = await findDialog('上传包裹照片');
    fireEvent.click(within(dialog).getByRole('button', { name: '上传' }));
    expect(await within(dialog).findByText('请选择照片', {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminOrderPaths.attach)).toHaveLength(0);

    // The picker's input is replaced after each choice: look it up every time.
    const input = () => dialog.querySelector('input[type="file"]') as HTMLInputElement;
    const notPhoto = new File(['%PDF'], 'list.pdf', { type: 'application/pdf' });
    fireEvent.change(input(), { target: { files: [notPhoto] } });
    expect(await screen.findByText('只能上传 JPEG、PNG、WebP 或 GIF 图片', {}, SLOW)).toBeTruthy();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'box.jpg', { type: 'image/jpeg' });
    fireEvent.change(input(), { target: { files: [photo] } });
    expect(await within(dialog).findByText('box.jpg', {}, SLOW)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: ' 外箱已封 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '上传' }));
    await waitFor(() => expect(api.callsTo(AdminOrderPaths.attach)).toHaveLength(1), SLOW);
    const sent = api.callsTo(AdminOrderPaths.attach)[0]?.body ?? {};
    expect({ ...sent, image: (sent.image as File).name }).toEqual({
      orderNo: 'SO202611240001',
      pack: '0',
      note: '外箱已封',
      image: 'box.jpg',
    });
    expect(await screen.findByText('照片已上传，会员可在订单详情中查看', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(api.callsTo(AdminOrderPaths.detail).length).toBeGreaterThan(1));
  });

  it('shows the photos to service without the upload button', async () => {
    ordersApi(
      'service',
      detail({
        attachments: [
          {
            id: 7,
            packIndex: 0,
            path: 'order/abc.jpg',
            note: '外箱已封',
            createTime: '2026-11-24T04:00:00.000Z',
          },
        ],
      }),
    );
    signIn();
    renderConsole('/orders?order=SO202611240001');
    const photo = await screen.findByAltText('外箱已封', {}, SLOW);
    expect(photo.getAttribute('src')).toBe('/res/img/order/abc.jpg?w=200');
    expect(screen.queryByRole('button', { name: /上传包裹照片/ })).toBeNull();
  });

  it('lets finance refund part of an order, sending the refunded total it showed', async () => {
    const api = ordersApi('finance', detail({ refundedAmount: 200 }), {
      [AdminOrderPaths.refund]: ok({
        orderNo: 'SO202611240001',
        status: 60,
        refunded: 1050,
        currency: 'CNY',
        refundedTotal: 200,
        paidAmount: 3200,
        refundTo: 'channel',
        refundNo: 'R2026112400000000001',
        refundState: 'processing',
      }),
    });
    signIn();
    renderConsole('/orders?order=SO202611240001');
    expect(screen.queryByRole('button', { name: '推送到仓库' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: '部分退款' }, SLOW));
    const dialog = await findDialog(/部分退款/);
    expect(within(dialog).getByText(/可退金额 ¥30.00/)).toBeTruthy();
    expect(within(dialog).getByText(/原路退回，渠道确认前显示退款中/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/退款金额/), { target: { value: '30.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认退款' }));
    expect(await within(dialog).findByText('退款金额超过可退金额 ¥30.00', {}, SLOW)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/退款金额/), { target: { value: '10.50' } });
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '破损补偿' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认退款' }));
    await waitFor(() =>
      expect(api.callsTo(AdminOrderPaths.refund)[0]?.body).toEqual({
        orderNo: 'SO202611240001',
        amount: 10.5,
        refundedBefore: 2,
        reason: '破损补偿',
      }),
    );
  });

  it('refunds chosen lines, showing their amount before it is confirmed', async () => {
    const api = ordersApi(
      'finance',
      detail({ refundState: 'processing', refundStateName: '退款中', refundingAmount: 200 }),
      {
        [AdminOrderPaths.refund]: ok({
          orderNo: 'SO202611240001',
          status: 60,
          refunded: 3000,
          currency: 'CNY',
          refundedTotal: 0,
          paidAmount: 3200,
          refundTo: 'channel',
          refundNo: 'R2026112400000000002',
          refundState: 'processing',
        }),
      },
    );
    signIn();
    renderConsole('/orders?order=SO202611240001');
    expect(await screen.findByText('退款中', {}, SLOW)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '部分退款' }, SLOW));
    const dialog = await findDialog(/部分退款/);
    fireEvent.click(within(dialog).getByText('按商品'));
    fireEvent.change(within(dialog).getByLabelText('退款件数 婴儿米粉'), { target: { value: '1' } });
    // ¥32.00 paid for ¥32.00 of goods, ¥2.00 already with the channel: the line's ¥32.00 is more than is left.
    expect(await within(dialog).findByText('退款金额超过可退金额 ¥30.00', {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminOrderPaths.refund)).toHaveLength(0);
  });

  it('runs a batch step on the picked orders and shows each order’s result', async () => {
    const api = ordersApi('warehouse', detail(), {
      [AdminOrderPaths.batchTransition]: ok({
        results: [
          { orderNo: 'SO202611240001', success: true, status: 70, message: '操作成功' },
          {
            orderNo: 'SO202611240002',
            success: false,
            status: null,
            message: '包裹 1 当前状态为「待付款」，不能变更为「已推送」',
          },
        ],
      }),
    });
    signIn();
    renderConsole('/orders');
    await screen.findByText('共 2 个订单', {}, SLOW);
    const [pickPage] = screen.getAllByRole('checkbox'); // the header box picks the page
    if (pickPage) fireEvent.click(pickPage);
    expect(screen.getByText('已选 2 个订单')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '批量推送到仓库' }));
    await confirmPopup();
    const result = await findDialog('批量操作结果');
    expect(within(result).getByText('包裹 1 当前状态为「待付款」，不能变更为「已推送」')).toBeTruthy();
    expect(api.callsTo(AdminOrderPaths.batchTransition)[0]?.body).toEqual({
      orderNos: ['SO202611240001', 'SO202611240002'],
      action: 'push',
    });
  });
});
