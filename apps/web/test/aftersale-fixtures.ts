import type {
  AfterSaleClaimable,
  AfterSaleClaimableLine,
  AfterSaleDetail,
  AfterSaleLine,
  AfterSaleSummary,
} from '@shop/domain';

/** Builders of after-sales wire data (contracts/aftersale.ts, issue #39; major units, ISO times). */

export function claimableLine(
  fields: Partial<AfterSaleClaimableLine> & { itemId: number },
): AfterSaleClaimableLine {
  return {
    skuId: 70 + fields.itemId,
    name: '羊毛围巾',
    skuName: `规格 ${fields.itemId}`,
    image: 'goods/7.jpg',
    qty: 4,
    delivered: 4,
    claimed: 0,
    claimable: 4,
    unitPrice: 50,
    isGift: false,
    ...fields,
  };
}

/**
 * Order 5 (SO2026000005), finished, its window open to 2026-12-08: a scarf line with 3 of 4 pieces left, a tea
 * line with all 2 left, a gift and a line claimed in full.
 */
export function claimable(fields: Partial<AfterSaleClaimable> = {}): AfterSaleClaimable {
  return {
    orderId: 5,
    orderNo: 'SO2026000005',
    currency: 'CNY',
    open: true,
    reason: null,
    windowEndsAt: '2026-12-08T15:59:59.000Z',
    windowDays: 7,
    lines: [
      claimableLine({ itemId: 51, skuName: '红色围巾', claimed: 1, claimable: 3 }),
      claimableLine({
        itemId: 52,
        name: '有机绿茶',
        skuName: '绿茶 100g',
        qty: 2,
        delivered: 2,
        claimable: 2,
        unitPrice: 120,
      }),
      claimableLine({
        itemId: 53,
        name: '试用小样',
        skuName: '小样',
        qty: 1,
        delivered: 1,
        claimable: 0,
        unitPrice: 0,
        isGift: true,
      }),
      claimableLine({
        itemId: 54,
        name: '羊绒手套',
        skuName: '灰色手套',
        qty: 1,
        delivered: 1,
        claimed: 1,
        claimable: 0,
      }),
    ],
    ...fields,
  };
}

export function afterSaleSummary(fields: Partial<AfterSaleSummary> & { id: number }): AfterSaleSummary {
  return {
    afterSaleNo: `AS2026${String(fields.id).padStart(6, '0')}`,
    orderId: 5,
    orderNo: 'SO2026000005',
    type: 'return',
    state: 'pending',
    reason: 'damaged',
    title: '羊毛围巾 红色围巾',
    image: 'goods/7.jpg',
    lineCount: 1,
    pieces: 2,
    refundAmount: null,
    refundCurrency: null,
    createdAt: '2026-12-01T02:00:00.000Z',
    updatedAt: '2026-12-01T02:00:00.000Z',
    ...fields,
  };
}

export function afterSaleLine(fields: Partial<AfterSaleLine> & { itemId: number }): AfterSaleLine {
  return {
    skuId: 70 + fields.itemId,
    name: '羊毛围巾',
    skuName: '红色围巾',
    image: 'goods/7.jpg',
    qty: 2,
    unitPrice: 50,
    restocked: 0,
    writtenOff: 0,
    ...fields,
  };
}

/** After-sale 8, a return of 2 scarves, as the member asked it (pending), with two photos. */
export function afterSaleDetail(fields: Partial<AfterSaleDetail> = {}): AfterSaleDetail {
  return {
    ...afterSaleSummary({ id: 8 }),
    text: '两条围巾外包装破损',
    images: [
      { url: 'tickets/1.webp', width: 800, height: 600 },
      { url: 'tickets/2.webp', width: 800, height: 600 },
    ],
    lines: [afterSaleLine({ itemId: 51 })],
    currency: 'CNY',
    returnAddress: null,
    shipBackBy: null,
    returnCourier: null,
    returnLogisticCode: null,
    rejectReason: null,
    refundTo: null,
    exchangeCourier: null,
    exchangeLogisticCode: null,
    version: 1,
    events: [{ state: 'pending', by: 'member', note: '', at: '2026-12-01T02:00:00.000Z' }],
    couriers: [],
    ...fields,
  };
}

/** The same after-sale approved by staff, with the return address, a deadline and the couriers to choose from. */
export function approvedAfterSale(fields: Partial<AfterSaleDetail> = {}): AfterSaleDetail {
  const asked = afterSaleDetail();
  return {
    ...asked,
    state: 'approved',
    returnAddress: '上海市浦东新区张江路 1 号 售后部 021-12345678',
    shipBackBy: '2026-12-09T02:00:00.000Z',
    version: 2,
    events: [
      ...asked.events,
      { state: 'approved', by: 'staff', note: '请寄回破损的两条', at: '2026-12-02T02:00:00.000Z' },
    ],
    couriers: [
      { code: 'SF', name: '顺丰速运' },
      { code: 'YTO', name: '圆通速递' },
    ],
    ...fields,
  };
}
