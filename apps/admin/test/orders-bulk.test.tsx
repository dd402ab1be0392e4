import {
  AdminOrderPaths,
  type AdminOrderRow,
  AdminPaths,
  type AdminWaitingPacksResponse,
  adminWaitingPacksResponseSchema,
  OrderStatus,
  ResultCode,
  type StaffRole,
} from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  packsText,
  shipManyRows,
  skippedText,
  trackingSheetTemplate,
  waitingSummary,
} from '@/features/orders/components/bulk-rows';
import { fail, findDialog, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

const COURIERS = [
  { id: 1, code: 'AUPOST', name: '澳洲邮政', locations: [1] },
  { id: 2, code: 'SF', name: '顺丰速运', locations: [1, 2] },
];

const WAITING: AdminWaitingPacksResponse = {
  packs: [
    {
      orderNo: 'SO1',
      packIndex: 0,
      location: 1,
      warehouseName: '澳大利亚仓',
      receiverName: '张三',
      courierId: 2,
      pieces: 3,
    },
    {
      orderNo: 'SO2',
      packIndex: 0,
      location: 1,
      warehouseName: '澳大利亚仓',
      receiverName: '李四',
      courierId: null,
      pieces: 1,
    },
    {
      orderNo: 'SO2',
      packIndex: 1,
      location: 2,
      warehouseName: '中国仓',
      receiverName: '李四',
      courierId: 9,
      pieces: 2,
    },
  ],
  skipped: [
    { orderNo: 'SO3', packIndex: null, reason: '订单已取消' },
    { orderNo: 'SO2', packIndex: 2, reason: '包裹 3已发货（运单号 SF1）' },
  ],
};

describe('the bulk rows', () => {
  it('groups the waiting packs by order, picking the member’s courier while the shop offers it', () => {
    expect(adminWaitingPacksResponseSchema.safeParse(WAITING).success).toBe(true);
    const rows = shipManyRows(WAITING, COURIERS);
    expect(rows.map((r) => [r.orderNo, r.receiverName, r.packs.length, r.courierCode])).toEqual([
      ['SO1', '张三', 1, 'SF'],
      ['SO2', '李四', 2, undefined],
    ]);
    expect(packsText(rows[1]?.packs ?? [])).toBe('包裹 1（澳大利亚仓，1 件）、包裹 2（中国仓，2 件）');
  });

  it('names what is left out and sums up what is taken', () => {
    expect(WAITING.skipped.map(skippedText)).toEqual([
      'SO3：订单已取消',
      'SO2 包裹 3：包裹 3已发货（运单号 SF1）',
    ]);
    expect(waitingSummary(WAITING)).toBe('2 个订单的 3 个待发货包裹；2 项不包含（原因见下）');
    expect(waitingSummary({ packs: WAITING.packs.slice(0, 1), skipped: [] })).toBe(
      '1 个订单的 1 个待发货包裹',
    );
  });

  it('offers a blank tracking sheet Excel reads in Chinese', () => {
    expect(trackingSheetTemplate()).toBe('\uFEFF订单号,快递公司,运单号,包裹\r\n');
  });
});

function row(n: number, overrides: Partial<AdminOrderRow> = {}): AdminOrderRow {
  return {
    id: n,
    orderNo: `SO${n}`,
    memberId: 10 + n,
    username: `buyer${n}`,
    status: OrderStatus.AwaitingDispatch,
    statusName: '待发货',
    currency: 'CNY',
    totalAmount: 3200,
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

function bulkApi(role: StaffRole, extra = {}) {
  return mockApi({
    [AdminPaths.current]: ok(staffSession(role)),
    [AdminOrderPaths.list]: ok({ items: [row(1), row(2), row(3)], totalCount: 3 }),
    [AdminOrderPaths.couriers]: ok({ items: COURIERS }),
    [AdminOrderPaths.waitingPacks]: ok(WAITING),
    ...extra,
  });
}

async function pickAll() {
  await screen.findByText('共 3 个订单', {}, SLOW);
  const [pickPage] = screen.getAllByRole('checkbox');
  if (pickPage) fireEvent.click(pickPage);
  expect(screen.getByText('已选 3 个订单')).toBeTruthy();
}

describe('订单 › 搜索与批量', () => {
  it('searches by receiver, goods and tracking number, refusing a bad tracking number before sending', async () => {
    const api = bulkApi('service');
    signIn();
    const { router } = renderConsole('/orders');
    await screen.findByText('共 3 个订单', {}, SLOW);
    fireEvent.change(screen.getByLabelText('收货人'), { target: { value: ' 0412 345 ' } });
    fireEvent.change(screen.getByLabelText('商品'), { target: { value: 'S-APT' } });
    fireEvent.change(screen.getByLabelText('运单号'), { target: { value: '顺丰快递' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByText('运单号只能包含字母、数字和 -', {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminOrderPaths.list)).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('运单号'), { target: { value: 'sf555' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(
      () =>
        expect(api.callsTo(AdminOrderPaths.list).at(-1)?.body).toEqual({
          receiver: '0412 345',
          goods: 'S-APT',
          trackingNo: 'sf555',
          pageNo: 1,
          pageSize: 20,
        }),
      SLOW,
    );
    expect(new URLSearchParams(router.state.location.search).get('receiver')).toBe('0412 345');
    // Service may search but not print or ship.
    expect(screen.queryByRole('button', { name: /批量发货/ })).toBeNull();
  });

  it('says what a print leaves out and why, then downloads the packing list of the picked orders', async () => {
    const api = bulkApi('warehouse', {
      [AdminOrderPaths.printPacking]: {
        file: () =>
          new Response(new Blob(['%PDF-1.4']), {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'attachment; filename="PackingList_20261124_1100.pdf"',
            },
          }),
      },
    });
    signIn();
    renderConsole('/orders');
    await pickAll();
    fireEvent.click(screen.getByRole('button', { name: /打印装箱单\/拣货单/ }));
    const dialog = await findDialog('打印装箱单 / 拣货单');
    expect(
      await within(dialog).findByText('将打印：2 个订单的 3 个待发货包裹；2 项不包含（原因见下）', {}, SLOW),
    ).toBeTruthy();
    expect(within(dialog).getByText('SO3：订单已取消')).toBeTruthy();
    expect(within(dialog).getByText('SO2 包裹 3：包裹 3已发货（运单号 SF1）')).toBeTruthy();
    expect(api.callsTo(AdminOrderPaths.waitingPacks)[0]?.body).toEqual({ orderNos: ['SO1', 'SO2', 'SO3'] });
    fireEvent.click(within(dialog).getByRole('button', { name: /下载装箱单/ }));
    await waitFor(() => expect(api.callsTo(AdminOrderPaths.printPacking)).toHaveLength(1), SLOW);
    expect(api.callsTo(AdminOrderPaths.printPacking)[0]?.body).toEqual({ orderNos: ['SO1', 'SO2', 'SO3'] });
    expect(await screen.findByText('装箱单已下载（3 个包裹）', {}, SLOW)).toBeTruthy();
  });

  it('ships the picked orders with a courier and number each, and lists every problem of a refusal', async () => {
    let refuse = true;
    const api = bulkApi('warehouse', {
      [AdminOrderPaths.shipMany]: () =>
        refuse
          ? {
              status: 400,
              body: {
                success: false,
                resultCode: ResultCode.ParamsError,
                message: '共 2 处问题，所选订单均未发货：订单 SO1：包裹 1已发货（运单号 SF1） 等',
                data: { errors: ['订单 SO1：包裹 1已发货（运单号 SF1）', '订单 SO2：订单已取消'] },
              },
            }
          : ok({
              orders: [
                { orderNo: 'SO1', status: 80, moved: [0] },
                { orderNo: 'SO2', status: 80, moved: [0, 1] },
              ],
              packs: 3,
            }),
    });
    signIn();
    renderConsole('/orders');
    await pickAll();
    fireEvent.click(screen.getByRole('button', { name: /批量发货/ }));
    const dialog = await findDialog('批量发货（2 个订单）');
    await within(dialog).findByText('SO3：订单已取消', {}, SLOW);
    expect(within(dialog).getByText(/包裹 1（澳大利亚仓，1 件）、包裹 2（中国仓，2 件）/)).toBeTruthy();
    // SO1's member chose SF at checkout; SO2 has no courier yet.
    fireEvent.change(within(dialog).getByLabelText('物流单号 SO1'), { target: { value: 'SF100' } });
    fireEvent.change(within(dialog).getByLabelText('物流单号 SO2'), { target: { value: 'SF200' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '全部发货' }));
    expect((await within(dialog).findAllByText('请选择快递公司', {}, SLOW)).length).toBeGreaterThan(0);
    expect(api.callsTo(AdminOrderPaths.shipMany)).toHaveLength(0);

    // One choice fills every row.
    const all = within(dialog).getByLabelText('统一设置快递公司');
    fireEvent.mouseDown(all);
    fireEvent.click(
      await screen.findByText('顺丰速运', { selector: '.ant-select-item-option-content' }, SLOW),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '全部发货' }));
    await waitFor(() => expect(api.callsTo(AdminOrderPaths.shipMany)).toHaveLength(1), SLOW);
    expect(api.callsTo(AdminOrderPaths.shipMany)[0]?.body).toEqual({
      orders: [
        { orderNo: 'SO1', courierCode: 'SF', logisticCode: 'SF100' },
        { orderNo: 'SO2', courierCode: 'SF', logisticCode: 'SF200' },
      ],
    });
    expect(await within(dialog).findByText('订单 SO2：订单已取消', {}, SLOW)).toBeTruthy();
    // What was typed stays for another try.
    expect((within(dialog).getByLabelText('物流单号 SO2') as HTMLInputElement).value).toBe('SF200');

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: '全部发货' }));
    expect(await screen.findByText('已发货 2 个订单、3 个包裹', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('已选 3 个订单')).toBeNull(), SLOW);
  });

  it('shows the server’s refusal of a print in Chinese', async () => {
    bulkApi('warehouse', {
      [AdminOrderPaths.waitingPacks]: ok({
        packs: [],
        skipped: [{ orderNo: 'SO1', packIndex: null, reason: '订单已取消' }],
      }),
      [AdminOrderPaths.printPicking]: fail(
        ResultCode.ParamsError,
        '所选订单没有待发货的包裹，没有可打印的内容',
      ),
    });
    signIn();
    renderConsole('/orders');
    await pickAll();
    fireEvent.click(screen.getByRole('button', { name: /打印装箱单\/拣货单/ }));
    const dialog = await findDialog('打印装箱单 / 拣货单');
    expect(
      await within(dialog).findByText('所选订单没有待发货的包裹，没有可打印的内容', {}, SLOW),
    ).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('button', { name: /下载拣货单/ })
        .hasAttribute('disabled'),
    ).toBe(true);
  });
});
