import {
  CartPaths,
  CheckoutPaths,
  MemberPaths,
  type OrderDetail,
  OrderPaths,
  ResultCode,
} from '@shop/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { giftsOutsidePacks } from '@/features/order/components/order-detail-view';
import { toastStore } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { cartList } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import { orderDetail, orderSummary } from './checkout-fixtures';
import { demoMember, fail, mockApi, ok, renderApp } from './utils';

const SLOW = { timeout: 45_000 };
const toasts = () => toastStore.getState().toasts.map((t) => t.text);

const member = {
  ...shellHandlers,
  [MemberPaths.current]: ok(demoMember),
  [CartPaths.list]: ok(cartList([])),
};

const page = (items: ReturnType<typeof orderSummary>[], totalCount = items.length) =>
  ok({ items, pageNo: 1, pageSize: 10, totalCount });

function pack(fields: { id: number; status: number; logisticCode?: string }) {
  return {
    index: 0,
    location: 1,
    courierName: '澳邮经济',
    logisticCode: '',
    shippingFee: 12,
    pickup: null,
    splitFrom: null,
    items: orderSummary({ id: fields.id }).items,
    ...fields,
  };
}

type OrderLine = OrderDetail['items'][number];
const line = (fields: Partial<OrderLine> & { id: number }): OrderLine => ({
  ...(orderSummary({ id: 1 }).items[0] as OrderLine),
  ...fields,
});
// 奶粉 waits for 2 of its 6 pieces until 20 December; 奶瓶 for 1, no day set yet; 围巾 is all in hand.
const powder = line({ id: 501, skuName: '奶粉 整箱', qty: 6, waiting: 2, expectedDate: '2026-12-20' });
const bottle = line({ id: 502, skuName: '奶瓶', qty: 1, waiting: 1, expectedDate: null });
const scarf = line({ id: 503, skuName: '红色围巾', qty: 2 });

type Calls = ReturnType<typeof mockApi>['calls'];
const bodiesOf = (calls: Calls, path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

describe('a company’s orders (issue #38)', () => {
  it('shows who placed a colleague’s order, which is there to read only', async () => {
    mockApi({
      ...member,
      [OrderPaths.list]: page([
        orderSummary({ id: 1, status: 0, mine: true, placedBy: '演示会员' }),
        orderSummary({ id: 2, status: 0, mine: false, placedBy: '王采购' }),
        orderSummary({ id: 3, status: -1, mine: true, placedBy: '演示会员' }),
      ]),
    });
    startSession('tok-1');
    renderApp('/member/order');
    const mine = (await screen.findByText('订单号 SO2026000001', {}, SLOW)).closest('li') as HTMLElement;
    expect(within(mine).getByText('我下的单')).toBeTruthy();
    expect(within(mine).getByRole('link', { name: '去支付' })).toBeTruthy();
    const theirs = screen.getByText('订单号 SO2026000002').closest('li') as HTMLElement;
    expect(within(theirs).getByText('下单人 王采购')).toBeTruthy();
    for (const name of ['去支付', '取消订单', '再次购买'])
      expect(within(theirs).queryByRole(name === '去支付' ? 'link' : 'button', { name })).toBeNull();
    expect(within(theirs).getByRole('link', { name: '查看详情' })).toBeTruthy();
    // A company's order at 待确认 waits for the admin: it says 待审批, and is not paid before.
    const waiting = screen.getByText('订单号 SO2026000003').closest('li') as HTMLElement;
    expect(within(waiting).getByText('待审批')).toBeTruthy();
    expect(within(waiting).queryByRole('link', { name: '去支付' })).toBeNull();
  });
});

describe('order list (spec §2 /member/order)', () => {
  it('sends the status of the chosen tab and shows the effective status of each order', async () => {
    const { calls } = mockApi({
      ...member,
      // Paid at the top, but its first pack has shipped: the pack's status is shown (spec §4).
      [OrderPaths.list]: page([
        orderSummary({ id: 1, status: 60, orderBeans: [pack({ id: 11, status: 80 })] }),
      ]),
    });
    startSession('tok-1');
    renderApp('/member/order');
    const card = (await screen.findByText('订单号 SO2026000001', {}, SLOW)).closest('li') as HTMLElement;
    expect(within(card).getByText('已发货')).toBeTruthy();
    expect(within(card).getByText('¥143.50')).toBeTruthy();
    expect(bodiesOf(calls, OrderPaths.list)).toEqual([{ pageNo: 1, pageSize: 10 }]);

    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['全部', '待付款', '已付款', '待发货', '已发货', '待收货', '已完成', '已取消']);
    fireEvent.click(screen.getByRole('tab', { name: '待付款' }));
    await waitFor(() =>
      expect(bodiesOf(calls, OrderPaths.list).at(-1)).toEqual({ pageNo: 1, pageSize: 10, status: 0 }),
    );
    fireEvent.click(screen.getByRole('tab', { name: '已取消' }));
    await waitFor(() =>
      expect(bodiesOf(calls, OrderPaths.list).at(-1)).toEqual({ pageNo: 1, pageSize: 10, status: -100 }),
    );
    expect(screen.getByRole('tab', { name: '已取消' }).getAttribute('aria-selected')).toBe('true');
  });

  it('counts pieces, not lines: 1 + 2 pieces are 3, one line of 7 pieces is 7', async () => {
    mockApi({
      ...member,
      [OrderPaths.list]: page([
        orderSummary({ id: 5, itemCount: 2, pieceCount: 3 }),
        orderSummary({ id: 6, itemCount: 1, pieceCount: 7 }),
        orderSummary({ id: 7, itemCount: 2, pieceCount: 2 }),
      ]),
    });
    startSession('tok-1');
    renderApp('/member/order');
    const card = async (no: string) =>
      (await screen.findByText(`订单号 ${no}`, {}, SLOW)).closest('li') as HTMLElement;
    expect(within(await card('SO2026000005')).getByText(/^共 2 种 3 件/)).toBeTruthy();
    expect(within(await card('SO2026000006')).getByText(/^共 7 件/)).toBeTruthy();
    expect(within(await card('SO2026000007')).getByText(/^共 2 件/)).toBeTruthy();
  });

  it('shows on its card the pre-ordered pieces still waiting and when they are expected (issue #39)', async () => {
    mockApi({
      ...member,
      [OrderPaths.list]: page([
        orderSummary({ id: 21, status: 60, items: [powder, bottle, scarf] }),
        orderSummary({ id: 22, status: 60, items: [scarf] }),
      ]),
    });
    startSession('tok-1');
    renderApp('/member/order');
    const card = (await screen.findByText('订单号 SO2026000021', {}, SLOW)).closest('li') as HTMLElement;
    const waiting = within(card).getByRole('list', { name: '等待到货的预订商品' });
    expect(
      within(waiting)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '奶粉 整箱预订 · 等待到货 2 件 · 预计 12月20日到货',
      '奶瓶预订 · 等待到货 1 件 · 到货日期待定',
    ]);
    const inHand = screen.getByText('订单号 SO2026000022').closest('li') as HTMLElement;
    expect(within(inHand).queryByText(/预订/)).toBeNull();
  });

  it("shows '暂无' for a status it does not know", async () => {
    mockApi({ ...member, [OrderPaths.list]: page([orderSummary({ id: 2, status: 55 })]) });
    startSession('tok-1');
    renderApp('/member/order');
    const card = (await screen.findByText('订单号 SO2026000002', {}, SLOW)).closest('li') as HTMLElement;
    expect(within(card).getByText('暂无')).toBeTruthy();
  });

  it('cancels an unpaid order after confirmation and refreshes the list', async () => {
    let cancelled = false;
    const { calls } = mockApi({
      ...member,
      [OrderPaths.list]: () => page([orderSummary({ id: 3, status: cancelled ? -100 : 0 })]),
      [OrderPaths.cancel]: () => {
        cancelled = true;
        return ok({ id: 3, orderNo: 'SO2026000003', status: -100, changed: true }, '订单已取消');
      },
    });
    startSession('tok-1');
    renderApp('/member/order');
    const card = (await screen.findByText('订单号 SO2026000003', {}, SLOW)).closest('li') as HTMLElement;
    expect(within(card).getByRole('link', { name: '去支付' }).getAttribute('href')).toBe(
      '/payment?orderId=3',
    );
    fireEvent.click(within(card).getByRole('button', { name: '取消订单' }));
    const dialog = await screen.findByRole('dialog');
    expect(bodiesOf(calls, OrderPaths.cancel)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定取消' }));

    await waitFor(() => expect(toasts()).toContain('订单已取消'));
    expect(bodiesOf(calls, OrderPaths.cancel)).toEqual([{ id: 3 }]);
    await waitFor(() => expect(bodiesOf(calls, OrderPaths.list)).toHaveLength(2));
    await waitFor(() => expect(within(card).getByText('已取消')).toBeTruthy());
    expect(within(card).queryByRole('button', { name: '取消订单' })).toBeNull();
  });

  it('backs out of cancelling with 再想想: nothing is sent', async () => {
    const { calls } = mockApi({ ...member, [OrderPaths.list]: page([orderSummary({ id: 4, status: 0 })]) });
    startSession('tok-1');
    renderApp('/member/order');
    fireEvent.click(await screen.findByRole('button', { name: '取消订单' }, SLOW));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '再想想' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(bodiesOf(calls, OrderPaths.cancel)).toEqual([]);
    expect(screen.getByRole('button', { name: '取消订单' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the custom message when cancelling fails without an explanation (spec §8)', async () => {
    mockApi({
      ...member,
      [OrderPaths.list]: page([orderSummary({ id: 4, status: 0 })]),
      [OrderPaths.cancel]: { status: 502, body: null },
    });
    startSession('tok-1');
    renderApp('/member/order');
    fireEvent.click(await screen.findByRole('button', { name: '取消订单' }, SLOW));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定取消' }));
    await waitFor(() => expect(toasts()).toContain('取消订单失败，请检查网络后重试'));
  });

  it('offers 确认收货 only once an order has shipped', async () => {
    const { calls } = mockApi({
      ...member,
      [OrderPaths.list]: page([
        orderSummary({ id: 5, status: 60 }),
        orderSummary({ id: 6, status: 90, orderBeans: [pack({ id: 61, status: 90 })] }),
      ]),
      [OrderPaths.finish]: ok({ id: 6, orderNo: 'SO2026000006', status: 100, changed: true }, '订单已完成'),
    });
    startSession('tok-1');
    renderApp('/member/order');
    const paid = (await screen.findByText('订单号 SO2026000005', {}, SLOW)).closest('li') as HTMLElement;
    const sending = screen.getByText('订单号 SO2026000006').closest('li') as HTMLElement;
    expect(within(paid).queryByRole('button', { name: '确认收货' })).toBeNull();
    expect(within(paid).queryByRole('button', { name: '取消订单' })).toBeNull();
    fireEvent.click(within(sending).getByRole('button', { name: '确认收货' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认收货' }));
    await waitFor(() => expect(toasts()).toContain('订单已完成'));
    expect(bodiesOf(calls, OrderPaths.finish)).toEqual([{ id: 6 }]);
    await waitFor(() => expect(bodiesOf(calls, OrderPaths.list)).toHaveLength(2));
  });

  it('再次购买 puts the goods back in the cart, says so and links to the cart', async () => {
    const { calls } = mockApi({
      ...member,
      [OrderPaths.list]: page([orderSummary({ id: 7, status: 100 })]),
      [CheckoutPaths.repurchase]: ok(
        { ids: [1], unavailable: [{ skuId: 9, name: '旧款手套', reason: '已下架' }] },
        '已加入购物车',
      ),
    });
    startSession('tok-1');
    renderApp('/member/order');
    fireEvent.click(await screen.findByRole('button', { name: '再次购买' }, SLOW));
    await waitFor(() => expect(toasts()).toContain('已加入购物车'));
    expect(toasts()).toContain('以下商品暂不能购买：旧款手套（已下架）');
    expect(bodiesOf(calls, CheckoutPaths.repurchase)).toEqual([{ orderId: 7, websiteId: 1 }]);
    expect(screen.getByRole('link', { name: '去购物车结算' }).getAttribute('href')).toBe('/cart');
  });

  it('再次购买 of a sold-out order says plainly that the goods are sold out, and offers no cart link', async () => {
    mockApi({
      ...member,
      [OrderPaths.list]: page([orderSummary({ id: 9, status: 100 })]),
      [CheckoutPaths.repurchase]: ok(
        { ids: [], unavailable: [{ skuId: 9, name: '钙片', reason: '缺货' }] },
        '订单中的商品已售罄或暂时无法购买，未加入购物车：钙片（缺货）',
      ),
    });
    startSession('tok-1');
    renderApp('/member/order');
    fireEvent.click(await screen.findByRole('button', { name: '再次购买' }, SLOW));
    await waitFor(() =>
      expect(toasts()).toEqual(['订单中的商品已售罄或暂时无法购买，未加入购物车：钙片（缺货）']),
    );
    expect(screen.queryByRole('link', { name: '去购物车结算' })).toBeNull();
  });

  it('shows the custom message when buying again fails without an explanation', async () => {
    mockApi({
      ...member,
      [OrderPaths.list]: page([orderSummary({ id: 8, status: 100 })]),
      [CheckoutPaths.repurchase]: fail(500, ''),
    });
    startSession('tok-1');
    renderApp('/member/order');
    fireEvent.click(await screen.findByRole('button', { name: '再次购买' }, SLOW));
    await waitFor(() => expect(toasts()).toContain('再次购买失败，请检查网络后重试'));
  });
});

describe('old orders (spec §2 /member/oldOrder, §4 Old-order status)', () => {
  it('shows the old-order status labels and pages', async () => {
    const old = (id: number, status: number) => ({
      id,
      orderNo: `OLD-${id}`,
      status,
      currency: 'AUD',
      totalPrice: 88.8,
      receiverName: '王五',
      items: [
        { name: '奶粉', skuName: '奶粉 900g', qty: 2, price: 44.4 },
        { name: 'Blackmores 深海鱼油', skuName: '400粒', qty: 5, price: 51.3 },
      ],
      orderedAt: '2019-05-01T02:00:00.000Z',
    });
    const { calls } = mockApi({
      ...member,
      [OrderPaths.oldList]: ok({
        items: [old(1, 10), old(2, 9), old(3, 42)],
        pageNo: 1,
        pageSize: 10,
        totalCount: 23,
      }),
    });
    startSession('tok-1');
    renderApp('/member/oldOrder');
    const first = (await screen.findByText('订单号 OLD-1', {}, SLOW)).closest('li') as HTMLElement;
    expect(within(first).getByText('待发货')).toBeTruthy();
    expect(within(first).getByText('$88.80')).toBeTruthy();
    // Each line names its product as the import carries it, with the SKU's own words after it.
    const lines = within(first).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      '奶粉 900g$44.40 ×2',
      'Blackmores 深海鱼油 400粒$51.30 ×5',
    ]);
    expect(
      within(screen.getByText('订单号 OLD-2').closest('li') as HTMLElement).getByText('货物暂扣'),
    ).toBeTruthy();
    expect(
      within(screen.getByText('订单号 OLD-3').closest('li') as HTMLElement).getByText('暂无'),
    ).toBeTruthy();
    expect(bodiesOf(calls, OrderPaths.oldList)).toEqual([{ pageNo: 1, pageSize: 10 }]);

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(bodiesOf(calls, OrderPaths.oldList).at(-1)).toEqual({ pageNo: 2, pageSize: 10 }),
    );
  });
});

describe('order detail (spec §2 /order/{id})', () => {
  const shipped = orderDetail({
    id: 12,
    status: 60,
    orderBeans: [pack({ id: 121, status: 90, logisticCode: 'SF123456' })],
    promotionsGift: [{ name: '赠品小样', property: { 颜色: '红' }, qty: 1 }],
    memberRemark: '请用纸箱',
  });

  it('shows status, packs, gifts, amounts and addresses', async () => {
    mockApi({ ...member, [OrderPaths.detail]: ok(shipped), [OrderPaths.attachments]: ok([]) });
    startSession('tok-1');
    renderApp('/order/12');
    expect(await screen.findByRole('heading', { name: '订单号 SO2026000012' }, SLOW)).toBeTruthy();
    expect(screen.getByTestId('order-status').textContent).toBe('待收货');
    expect(screen.getByText(/物流单号 SF123456/)).toBeTruthy();
    expect(screen.getByText('赠品小样')).toBeTruthy();
    expect(screen.getByTestId('order-other').textContent).toBe('¥23.50');
    expect(screen.getByTestId('order-total').textContent).toBe('¥143.50');
    expect(screen.getByText('请用纸箱')).toBeTruthy();
    expect(screen.getByRole('button', { name: '确认收货' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '取消订单' })).toBeNull();
    expect(await screen.findByText('暂无包裹照片')).toBeTruthy();
  });

  it('lists a gift once: in its pack when it ships in one, under 赠品 only when no pack holds it', async () => {
    const giftLine = {
      ...(orderSummary({ id: 13 }).items[0] as OrderDetail['items'][number]),
      id: 131,
      name: '小样礼盒',
      skuName: '赠品小样',
      price: 0,
      qty: 1,
      isGift: true,
    };
    const inPack = orderDetail({
      id: 13,
      status: 0,
      orderBeans: [{ ...pack({ id: 130, status: 0 }), items: [giftLine] }],
      promotionsGift: [{ name: '赠品小样', property: { 颜色: '红' }, qty: 1 }],
    });
    expect(giftsOutsidePacks(inPack)).toEqual([]);
    expect(
      giftsOutsidePacks({
        ...inPack,
        promotionsGift: [{ name: '赠品小样', property: { 颜色: '蓝' }, qty: 1 }],
      }),
    ).toHaveLength(1);

    mockApi({ ...member, [OrderPaths.detail]: ok(inPack), [OrderPaths.attachments]: ok([]) });
    startSession('tok-1');
    renderApp('/order/13');
    expect(await screen.findByRole('heading', { name: '订单号 SO2026000013' }, SLOW)).toBeTruthy();
    expect(screen.getAllByText('赠品小样')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: '赠品' })).toBeNull();
  });

  it('edits the remark', async () => {
    let remark = '请用纸箱';
    const { calls } = mockApi({
      ...member,
      [OrderPaths.detail]: () => ok({ ...shipped, memberRemark: remark }),
      [OrderPaths.attachments]: ok([]),
      [OrderPaths.updateRemark]: (body) => {
        remark = (body as { memberRemark: string }).memberRemark;
        return ok({ id: 12, memberRemark: remark });
      },
    });
    startSession('tok-1');
    renderApp('/order/12');
    fireEvent.click(await screen.findByRole('button', { name: '编辑备注' }, SLOW));
    fireEvent.change(screen.getByRole('textbox', { name: '订单备注' }), { target: { value: '周末送货 ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(toasts()).toContain('备注已保存'));
    expect(bodiesOf(calls, OrderPaths.updateRemark)).toEqual([{ id: 12, memberRemark: '周末送货' }]);
    expect(await screen.findByText('周末送货')).toBeTruthy();
  });

  it('counts the remark in the row of the buttons, not under 保存', async () => {
    mockApi({ ...member, [OrderPaths.detail]: ok(shipped), [OrderPaths.attachments]: ok([]) });
    startSession('tok-1');
    renderApp('/order/12');
    fireEvent.click(await screen.findByRole('button', { name: '编辑备注' }, SLOW));
    const box = screen.getByRole('textbox', { name: '订单备注' });
    const count = screen.getByTestId('remark-count');
    expect(count.textContent).toBe('4 / 500');
    // The count is the textarea's description and leads the buttons' row (antd's own count floats below the
    // box, where 保存 is).
    expect(box.getAttribute('aria-describedby')).toBe(count.id);
    expect(count.parentElement).toBe(screen.getByRole('button', { name: '保存' }).parentElement);
    expect(document.querySelector('.ant-input-data-count')).toBeNull();
    fireEvent.change(box, { target: { value: '' } });
    expect(count.textContent).toBe('0 / 500');
  });

  it.each([
    ['cancelled', -100],
    ['finished', 100],
  ])(
    'offers no 编辑备注 on a %s order (the server refuses it) but still shows the remark',
    async (_, status) => {
      const closed = orderDetail({
        id: 14,
        status,
        orderBeans: [pack({ id: 141, status })],
        memberRemark: '请用纸箱',
      });
      mockApi({ ...member, [OrderPaths.detail]: ok(closed), [OrderPaths.attachments]: ok([]) });
      startSession('tok-1');
      renderApp('/order/14');
      expect(await screen.findByRole('heading', { name: '订单号 SO2026000014' }, SLOW)).toBeTruthy();
      const section = screen.getByRole('region', { name: '订单备注' });
      expect(within(section).getByText('请用纸箱')).toBeTruthy();
      expect(within(section).queryByRole('button')).toBeNull();
    },
  );

  it('shows where to collect a pickup order instead of a receiver', async () => {
    const desk = {
      warehouseId: 1,
      warehouseName: '澳大利亚仓',
      address: 'Unit 5, 12 Holker Street, Silverwater NSW 2128',
      hours: '周一至周五 9:00-17:00',
      phone: '+61 2 8000 1234',
    };
    const pickupOrder = orderDetail({
      id: 15,
      status: 85,
      isPickup: true,
      receiver: null,
      orderBeans: [{ ...pack({ id: 151, status: 85 }), pickup: desk }],
    });
    mockApi({ ...member, [OrderPaths.detail]: ok(pickupOrder), [OrderPaths.attachments]: ok([]) });
    startSession('tok-1');
    renderApp('/order/15');
    const where = await screen.findByRole('group', { name: '自提地点' }, SLOW);
    expect(within(where).getByText('澳大利亚仓自提点')).toBeTruthy();
    expect(within(where).getByText(desk.address)).toBeTruthy();
    expect(within(where).getByText(`营业时间：${desk.hours}`)).toBeTruthy();
    expect(screen.queryByText('收货人')).toBeNull();
    expect(screen.getByTestId('order-status').textContent).toBe('待自提');
  });

  it('shows the custom message when the remark cannot be saved', async () => {
    mockApi({
      ...member,
      [OrderPaths.detail]: ok(shipped),
      [OrderPaths.attachments]: ok([]),
      [OrderPaths.updateRemark]: fail(500, ''),
    });
    startSession('tok-1');
    renderApp('/order/12');
    fireEvent.click(await screen.findByRole('button', { name: '编辑备注' }, SLOW));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(toasts()).toContain('修改订单备注失败，请检查网络后重试'));
  });

  it('shows the tracking of a pack, newest first', async () => {
    const { calls } = mockApi({
      ...member,
      [OrderPaths.detail]: ok(shipped),
      [OrderPaths.attachments]: ok([{ id: 1, beanId: 121, path: 'parcels/1.jpg', note: '外箱' }]),
      [OrderPaths.logistics]: ok({
        logisticCode: 'SF123456',
        courierName: '澳邮经济',
        events: [
          { time: '2026-03-02T01:00:00.000Z', location: '悉尼', description: '已揽收' },
          { time: '2026-03-04T01:00:00.000Z', location: '深圳', description: '派送中' },
        ],
      }),
    });
    startSession('tok-1');
    renderApp('/order/12');
    fireEvent.click(await screen.findByRole('button', { name: '查看物流' }, SLOW));
    const timeline = await screen.findByRole('list', { name: '物流单号 SF123456 的物流轨迹' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['派送中', '已揽收']);
    expect(bodiesOf(calls, OrderPaths.logistics)).toEqual([{ logisticCode: 'SF123456' }]);
    expect(bodiesOf(calls, OrderPaths.attachments)).toEqual([{ id: 12 }]);
    expect(screen.getByRole('img', { name: '外箱' }).getAttribute('src')).toContain('parcels/1.jpg');
  });

  it('shows the custom message when the tracking cannot be loaded', async () => {
    mockApi({
      ...member,
      [OrderPaths.detail]: ok(shipped),
      [OrderPaths.attachments]: ok([]),
      [OrderPaths.logistics]: { status: 502, body: null },
    });
    startSession('tok-1');
    renderApp('/order/12');
    fireEvent.click(await screen.findByRole('button', { name: '查看物流' }, SLOW));
    await waitFor(() => expect(toasts()).toContain('获取物流信息失败，请检查网络后重试'));
  });

  it('marks the pre-ordered pieces still waiting, and the pack that leaves once they arrive (issue #39)', async () => {
    const waiting = orderDetail({
      id: 16,
      status: 60,
      items: [powder, bottle, scarf],
      orderBeans: [
        { ...pack({ id: 161, status: 78 }), items: [powder, bottle] },
        { ...pack({ id: 162, status: 78 }), index: 1, location: 2, items: [scarf] },
      ],
    });
    mockApi({ ...member, [OrderPaths.detail]: ok(waiting), [OrderPaths.attachments]: ok([]) });
    startSession('tok-1');
    renderApp('/order/16');
    const first = await screen.findByRole('region', { name: '包裹 1' }, SLOW);
    expect(within(first).getByText('含预订商品，到货后发出')).toBeTruthy();
    const itemOf = (name: string) => within(first).getByRole('link', { name }).closest('li') as HTMLElement;
    expect(within(itemOf('奶粉 整箱')).getByText('预订 · 等待到货 2 件 · 预计 12月20日到货')).toBeTruthy();
    expect(within(itemOf('奶瓶')).getByText('预订 · 等待到货 1 件 · 到货日期待定')).toBeTruthy();
    // The other pack holds nothing waiting: it says nothing of a pre-order.
    const second = screen.getByRole('region', { name: '包裹 2' });
    expect(within(second).queryByText(/预订/)).toBeNull();
  });

  it('shows a split parcel as its own pack, named after the pack it came from, with its own tracking', async () => {
    // Pack 1 shipped its goods in hand by 澳邮经济; staff shipped the rest of pack 1 as 包裹 3 by 顺丰.
    const split = orderDetail({
      id: 17,
      status: 80,
      items: [powder, scarf],
      orderBeans: [
        { ...pack({ id: 171, status: 80, logisticCode: 'AU100200' }), items: [scarf] },
        {
          ...pack({ id: 173, status: 80, logisticCode: 'SF300400' }),
          index: 2,
          splitFrom: 0,
          courierName: '顺丰速运',
          shippingFee: 0,
          items: [{ ...powder, waiting: 0, expectedDate: null }],
        },
      ],
    });
    const { calls } = mockApi({
      ...member,
      [OrderPaths.detail]: ok(split),
      [OrderPaths.attachments]: ok([]),
      [OrderPaths.logistics]: (body) => {
        const code = (body as { logisticCode: string }).logisticCode;
        const where = code === 'SF300400' ? '深圳' : '悉尼';
        return ok({
          logisticCode: code,
          courierName: code === 'SF300400' ? '顺丰速运' : '澳邮经济',
          events: [{ time: '2026-03-02T01:00:00.000Z', location: where, description: `${where}已揽收` }],
        });
      },
    });
    startSession('tok-1');
    renderApp('/order/17');
    const first = await screen.findByRole('region', { name: '包裹 1' }, SLOW);
    const parcel = screen.getByRole('region', { name: '包裹 3（由包裹 1 分出）' });
    expect(within(parcel).getByRole('heading', { level: 2 }).textContent).toBe(
      '包裹 3（由包裹 1 分出） · 澳大利亚仓',
    );
    expect(within(first).getByText('快递：澳邮经济 · 物流单号 AU100200 · 运费 ¥12.00')).toBeTruthy();
    expect(within(parcel).getByText('快递：顺丰速运 · 物流单号 SF300400')).toBeTruthy();
    expect(within(parcel).getByRole('link', { name: '奶粉 整箱' })).toBeTruthy();
    expect(within(parcel).queryByText(/预订/)).toBeNull();

    fireEvent.click(within(parcel).getByRole('button', { name: '查看物流' }));
    const parcelTrack = await within(parcel).findByRole('list', { name: '物流单号 SF300400 的物流轨迹' });
    expect(within(parcelTrack).getByText('深圳已揽收')).toBeTruthy();
    fireEvent.click(within(first).getByRole('button', { name: '查看物流' }));
    const firstTrack = await within(first).findByRole('list', { name: '物流单号 AU100200 的物流轨迹' });
    expect(within(firstTrack).getByText('悉尼已揽收')).toBeTruthy();
    expect(within(first).queryByText('深圳已揽收')).toBeNull();
    expect(bodiesOf(calls, OrderPaths.logistics)).toEqual([
      { logisticCode: 'SF300400' },
      { logisticCode: 'AU100200' },
    ]);
  });

  it('an unknown order shows the not-found state', async () => {
    mockApi({
      ...member,
      [OrderPaths.detail]: { status: 404, body: fail(ResultCode.BadRequest, '订单不存在') },
    });
    startSession('tok-1');
    renderApp('/order/999');
    expect(await screen.findByRole('heading', { name: '订单不存在' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回我的订单' }).getAttribute('href')).toBe('/member/order');
  });
});
