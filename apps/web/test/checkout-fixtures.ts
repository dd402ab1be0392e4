import type {
  Address,
  CheckoutSummary,
  CheckoutSummaryRequest,
  GiftProduct,
  OrderDetail,
  OrderSummary,
  PickupPoint,
  WireSummaryCourier,
  WireSummaryItem,
} from '@shop/domain';

/** Builders of checkout and order wire data (the contracts of packages/domain; major units). */

export function address(fields: Partial<Address> & { id: number }): Address {
  return {
    name: '张三',
    phone: '13800000000',
    country: 'CN',
    province: '广东省',
    city: '深圳市',
    district: '南山区',
    detail: '科技园 1 号',
    postCode: '518000',
    company: '',
    idCardNo: '',
    defaultFlag: false,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

export function summaryItem(fields: Partial<WireSummaryItem> & { skuId: number }): WireSummaryItem {
  return {
    cartId: fields.skuId,
    goodsId: 7,
    name: '羊毛围巾',
    skuName: '',
    property: {},
    image: 'goods/7.jpg',
    qty: 1,
    price: 50,
    audPrice: 10,
    cnyPrice: 50,
    weight: 500,
    location: 1,
    status: 4,
    stock: 10,
    isGift: false,
    promotionId: null,
    ...fields,
  };
}

function courier(fields: Partial<WireSummaryCourier> & { id: number; name: string }): WireSummaryCourier {
  return {
    code: fields.name,
    isPublic: true,
    estimatedDays: '3-5个工作日',
    fee: 10,
    unavailableReason: '',
    ...fields,
  };
}

/** The shop's one pickup desk, at the AU warehouse (migration 0008). */
export const SYDNEY_DESK: PickupPoint = {
  warehouseId: 1,
  warehouseName: '澳大利亚仓',
  address: 'Unit 5, 12 Holker Street, Silverwater NSW 2128',
  hours: '周一至周五 9:00-17:00',
  phone: '+61 2 8000 1234',
};
export const SHENZHEN_DESK: PickupPoint = {
  warehouseId: 2,
  warehouseName: '中国仓',
  address: '深圳市南山区前海保税区 1 号仓',
  hours: '每天 10:00-16:00',
  phone: '',
};

export const GIFT_PROMOTION_ID = 9;
export const GIFT_GOODS_ID = 50;

/**
 * The server's summary for a request, computed the way the shop does: two packs (AU and CN warehouse; AU only
 * with `auOnly`), the cheapest available courier unless one is asked for, no shipping or tax for pickup, pickup
 * only where every pack's warehouse has a desk (`desks`, by default the Sydney one only: pickup asked for with
 * the CN pack is not valid), and a free-gift promotion.
 */
export function summaryFor(
  body: CheckoutSummaryRequest,
  options: {
    valid?: boolean;
    notForSaleMsg?: string;
    empty?: boolean;
    auOnly?: boolean;
    desks?: readonly PickupPoint[];
    notPayableInAud?: string[];
    /** The Australian GST the summary contains (included) or adds (not included); none by default. */
    gst?: { price: number; included: boolean };
  } = {},
): CheckoutSummary {
  const gst = options.gst ?? { price: 0, included: true };
  const desks = options.desks ?? [SYDNEY_DESK];
  const currency = body.currency;
  const pickup = body.locationCode === 'Pickup';
  const scarf = summaryItem({ skuId: 72, name: '羊毛围巾', property: { 颜色: '红' }, qty: 2, price: 50 });
  const tea = summaryItem({
    skuId: 301,
    goodsId: 30,
    name: '有机绿茶',
    skuName: '绿茶 100g',
    location: 2,
    price: 30,
  });
  const giftSku = body.gifts?.find((g) => g.promotionId === GIFT_PROMOTION_ID)?.skuId ?? null;
  const giftItem =
    giftSku === null
      ? []
      : [summaryItem({ skuId: giftSku, goodsId: GIFT_GOODS_ID, name: '赠品小样', price: 0, isGift: true })];
  const couriers = [
    [
      courier({ id: 11, name: '澳邮经济', fee: 12 }),
      courier({ id: 12, name: '内部专线', isPublic: false, fee: 1 }),
      courier({ id: 13, name: 'EMS', fee: null, unavailableReason: '超过最大重量' }),
      courier({ id: 14, name: 'DHL 快递', fee: 20, estimatedDays: '2-3个工作日' }),
    ],
    [courier({ id: 21, name: '顺丰', fee: 8 })],
  ];
  const packs = [
    { location: 1, items: [scarf, ...giftItem] },
    ...(options.auOnly ? [] : [{ location: 2, items: [tea] }]),
  ].map((pack, index) => {
    const asked = body.packs?.find((p) => p.index === index);
    const courierId = pickup ? null : (asked?.courierId ?? couriers[index]?.[0]?.id ?? null);
    const fee = pickup ? 0 : (couriers[index]?.find((c) => c.id === courierId)?.fee ?? 0);
    return {
      packId: asked?.packId ?? null,
      index,
      location: pack.location,
      items: pack.items,
      weight: 1500,
      couriers: pickup ? [] : (couriers[index] ?? []),
      options: { courierId },
      shippingFee: fee,
      goodsPrice: pack.items.reduce((sum, item) => sum + item.price * item.qty, 0),
      pickup: desks.find((d) => d.warehouseId === pack.location) ?? null,
    };
  });
  const canPickup = packs.every((p) => p.pickup !== null);
  const noPickup = pickup && !canPickup;
  const goodsPrice = options.auOnly ? 100 : 130;
  const otherPrice = packs.reduce((sum, p) => sum + p.shippingFee, 0);
  const taxPrice = Number(((pickup ? 0 : 3.5) + (gst.included ? 0 : gst.price)).toFixed(2));
  const promotionsSum = 10;
  const items = options.empty ? [] : [scarf, ...(options.auOnly ? [] : [tea]), ...giftItem];
  return {
    currency,
    isPickup: pickup,
    canPickup: !options.empty && canPickup,
    locationCode: body.locationCode,
    items,
    packs: options.empty ? [] : packs,
    promotions: [
      {
        id: 5,
        name: '满100减10',
        promotionsMehtod: 0,
        currency,
        threshold: 100,
        reduce: 10,
        discountPercent: null,
        goodsSku: null,
        chosenSkuId: null,
        applies: true,
        amount: 10,
        stackable: false,
        priority: 0,
        status: 'applied',
        note: '',
      },
      {
        id: 6,
        name: '满50减5',
        promotionsMehtod: 0,
        currency,
        threshold: 50,
        reduce: 5,
        discountPercent: null,
        goodsSku: null,
        chosenSkuId: null,
        applies: false,
        amount: 0,
        stackable: false,
        priority: 0,
        status: 'outdone',
        note: '不与 满100减10 同享',
      },
      {
        id: GIFT_PROMOTION_ID,
        name: '满100送小样',
        promotionsMehtod: 2,
        currency,
        threshold: 100,
        reduce: 0,
        discountPercent: null,
        goodsSku: { goodsId: GIFT_GOODS_ID, name: '赠品小样', image: 'goods/50.jpg' },
        chosenSkuId: giftSku,
        applies: true,
        amount: 0,
        stackable: false,
        priority: 0,
        status: 'applied',
        note: '',
      },
    ],
    promotionHints: [
      `已享 满100减10（-${currency === 'AUD' ? '$' : '¥'}10.00）；满50减5 不与其同享`,
      '已享 满100送小样',
    ],
    goodsPrice,
    promotionsSum,
    otherPrice,
    taxPrice,
    allOtherPrice: Number((otherPrice + taxPrice).toFixed(2)),
    gstPrice: gst.price,
    gstIncluded: gst.included,
    totalPrice: Number((goodsPrice - promotionsSum + otherPrice + taxPrice).toFixed(2)),
    rate: '4.7000',
    valid: options.valid ?? !noPickup,
    notForSaleMsg: options.notForSaleMsg ?? (noPickup ? '中国仓不提供到仓自提，请选择快递配送' : ''),
    notPayableInAud: options.notPayableInAud ?? [],
  };
}

export const giftProduct: GiftProduct = {
  id: GIFT_GOODS_ID,
  name: '赠品小样',
  image: 'goods/50.jpg',
  weight: 100,
  skus: [
    {
      id: 501,
      goodsId: GIFT_GOODS_ID,
      code: 'GIFT-501',
      name: '小样 红',
      property: { 颜色: '红' },
      keyProperty: '红',
      status: 4,
      stock: 5,
      weight: 100,
      audPrice: 0,
      cnyPrice: 0,
      minQty: 1,
      stepQty: 1,
      maxQty: null,
      priceBreaks: [],
      breaksMixed: false,
    },
    {
      id: 502,
      goodsId: GIFT_GOODS_ID,
      code: 'GIFT-502',
      name: '小样 蓝',
      property: { 颜色: '蓝' },
      keyProperty: '蓝',
      status: 0,
      stock: 0,
      weight: 100,
      audPrice: 0,
      cnyPrice: 0,
      minQty: 1,
      stepQty: 1,
      maxQty: null,
      priceBreaks: [],
      breaksMixed: false,
    },
  ],
};

export function orderSummary(fields: Partial<OrderSummary> & { id: number }): OrderSummary {
  return {
    orderNo: `SO2026${String(fields.id).padStart(6, '0')}`,
    status: 0,
    currency: 'CNY',
    isPickup: false,
    goodsPrice: 130,
    promotionsSum: 10,
    otherPrice: 20,
    gst: 3.5,
    allOtherPrice: 23.5,
    gstPrice: 0,
    gstIncluded: true,
    totalPrice: 143.5,
    itemCount: 3,
    pieceCount: 7,
    items: [
      {
        id: fields.id * 10,
        skuId: 72,
        goodsId: 7,
        name: '羊毛围巾',
        skuName: '红色围巾',
        property: { 颜色: '红' },
        image: 'goods/7.jpg',
        qty: 2,
        price: 50,
        isGift: false,
        waiting: 0,
        expectedDate: null,
      },
    ],
    orderBeans: [],
    createdAt: '2026-03-01T06:05:00.000Z',
    ...fields,
  };
}

export function orderDetail(fields: Partial<OrderDetail> & { id: number }): OrderDetail {
  const base = orderSummary(fields);
  return {
    ...base,
    promotionsGift: [],
    receiver: {
      name: '张三',
      phone: '13800000000',
      country: 'CN',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      detail: '科技园 1 号',
      postCode: '518000',
      company: '',
      idCardNo: '',
    },
    sender: null,
    memberRemark: '',
    attachments: [],
    paidAt: null,
    payChannel: null,
    payChannelName: null,
    paidCurrency: null,
    paidPrice: null,
    refundedPrice: 0,
    refundState: null,
    refundingPrice: 0,
    cancelledAt: null,
    finishedAt: null,
    ...fields,
  };
}
