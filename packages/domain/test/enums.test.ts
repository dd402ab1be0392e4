import { describe, expect, it } from 'vitest';
import {
  COUNTRY_LABELS,
  Country,
  CURRENCY_LABELS,
  Currency,
  countryLabel,
  DEPOSIT_LOG_TYPE_LABELS,
  DepositLogType,
  depositLogTypeLabel,
  LinkType,
  lookupLabel,
  MESSAGE_TYPE_LABELS,
  MessageType,
  messageTypeLabel,
  OLD_ORDER_STATUS_LABELS,
  OldOrderStatus,
  ORDER_STATUS_LABELS,
  OrderStatus,
  oldOrderStatusLabel,
  orderStatusLabel,
  PAY_CHANNEL_LABELS,
  PROMOTION_METHOD_LABELS,
  PromotionMethod,
  promotionMethodLabel,
  SKU_STATUS_LABELS,
  SkuStatus,
  SUPPORT_TICKET_PRIORITY_LABELS,
  SUPPORT_TICKET_TYPE_LABELS,
  SupportTicketPriority,
  SupportTicketType,
  skuStatusLabel,
  supportTicketPriorityLabel,
  supportTicketTypeLabel,
  TICKET_OWNER_GROUP_LABELS,
  TicketOwnerGroup,
  ticketOwnerGroupLabel,
  UNKNOWN_LABEL,
} from '../src';

describe('enum values follow the spec', () => {
  it.each([
    ['SkuStatus', SkuStatus, { NotForSale: -1, OutStock: 0, ByStock: 1, ByBook: 3, InStock: 4 }],
    [
      'OrderStatus',
      OrderStatus,
      {
        Cancelled: -100,
        NotConfirmed: -1,
        NotPaid: 0,
        Paid: 60,
        // The spec's PUSH_TO_WAREHOUSE, WAREHOUSE_READY, ReadyHandle, DELIVERED, WAITINF_PICKUP, ON_SENDING.
        PushedToWarehouse: 70,
        WarehouseProcessing: 75,
        AwaitingDispatch: 78,
        Shipped: 80,
        AwaitingPickup: 85,
        InTransit: 90,
        Finished: 100,
      },
    ],
    [
      'SupportTicketType',
      SupportTicketType,
      { NormalEnquiry: 0, OrderEnquiry: 1, PackageEnquiry: 2, PackageOutOfStock: 3, WebsiteMessage: 4 },
    ],
    ['SupportTicketPriority', SupportTicketPriority, { Low: 0, Normal: 1, High: 2 }],
    [
      'TicketOwnerGroup',
      TicketOwnerGroup,
      { User: 'user', Service: 'service', Accounting: 'accounting', It: 'it' },
    ],
    [
      'PromotionMethod',
      PromotionMethod,
      { AmountOfReduction: 0, Discount: 1, OnTheHouse: 2, BuyDiscountAgain: 3, AndBuyDiscount: 4 },
    ],
    [
      'MessageType',
      MessageType,
      { System: 1, TradeLogistics: 2, MemberLevel: 3, SelectedActivity: 4, NoticeAnnouncement: 5 },
    ],
    [
      'DepositLogType',
      DepositLogType,
      {
        CashRecharge: 1,
        BankTransferRecharge: 2,
        OrderPayment: 3,
        OrderCancel: 4,
        OrderRefund: 5,
        SystemGift: 6,
        OnlineRecharge: 7,
        // Beyond the spec's seven: a company's account invoice paid from a deposit (issue #38).
        InvoicePayment: 8,
      },
    ],
    [
      'Country',
      Country,
      { AU: 'AU', CN: 'CN', NZ: 'NZ', US: 'US', HK: 'HK', KR: 'KR', EU: 'EU', JP: 'JP', OTHER: 'OTHER' },
    ],
    [
      'LinkType',
      LinkType,
      {
        Cate: 'cate',
        Warehouse: 'warehouse',
        Goods: 'goods',
        Article: 'article',
        Brand: 'brand',
        Url: 'url',
      },
    ],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

type LabelFn = (code: never) => string;

// Each row: helper, code, expected label. Unknown codes read '暂无' (spec §4).
const labelCases: [string, LabelFn, unknown, string][] = [
  ['skuStatusLabel', skuStatusLabel, -1, '不可售'],
  ['skuStatusLabel', skuStatusLabel, 0, '缺货'],
  ['skuStatusLabel', skuStatusLabel, 1, '按库存销售'],
  ['skuStatusLabel', skuStatusLabel, 3, '可预订'],
  ['skuStatusLabel', skuStatusLabel, 4, '有货'],
  ['skuStatusLabel', skuStatusLabel, 2, '暂无'],
  ['orderStatusLabel', orderStatusLabel, -100, '已取消'],
  ['orderStatusLabel', orderStatusLabel, -1, '待确认'],
  ['orderStatusLabel', orderStatusLabel, 0, '待付款'],
  ['orderStatusLabel', orderStatusLabel, 60, '已付款'],
  ['orderStatusLabel', orderStatusLabel, 70, '已推送'],
  ['orderStatusLabel', orderStatusLabel, 75, '仓库处理中'],
  ['orderStatusLabel', orderStatusLabel, 78, '待发货'],
  ['orderStatusLabel', orderStatusLabel, 80, '已发货'],
  ['orderStatusLabel', orderStatusLabel, 85, '待自提'],
  ['orderStatusLabel', orderStatusLabel, 90, '待收货'],
  ['orderStatusLabel', orderStatusLabel, 100, '已完成'],
  ['orderStatusLabel', orderStatusLabel, '60', '已付款'],
  ['orderStatusLabel', orderStatusLabel, 1, '暂无'],
  ['orderStatusLabel', orderStatusLabel, 99, '暂无'],
  ['orderStatusLabel', orderStatusLabel, null, '暂无'],
  ['orderStatusLabel', orderStatusLabel, undefined, '暂无'],
  ['orderStatusLabel', orderStatusLabel, 'constructor', '暂无'],
  ['oldOrderStatusLabel', oldOrderStatusLabel, 0, '待审核'],
  ['oldOrderStatusLabel', oldOrderStatusLabel, 1, '待处理'],
  ['oldOrderStatusLabel', oldOrderStatusLabel, 2, '处理中'],
  ['oldOrderStatusLabel', oldOrderStatusLabel, 3, '待取货'],
  ['oldOrderStatusLabel', oldOrderStatusLabel, 9, '货物暂扣'],
  ['oldOrderStatusLabel', oldOrderStatusLabel, 10, '待发货'],
  ['oldOrderStatusLabel', oldOrderStatusLabel, 11, '待揽收'],
  ['oldOrderStatusLabel', oldOrderStatusLabel, 99, '已发货'],
  ['oldOrderStatusLabel', oldOrderStatusLabel, 100, '已完成'],
  ['oldOrderStatusLabel', oldOrderStatusLabel, -100, '已取消'],
  ['oldOrderStatusLabel', oldOrderStatusLabel, -1, '未生效'],
  ['oldOrderStatusLabel', oldOrderStatusLabel, 60, '暂无'],
  ['oldOrderStatusLabel', oldOrderStatusLabel, null, '暂无'],
  ['supportTicketTypeLabel', supportTicketTypeLabel, 0, '普通咨询'],
  ['supportTicketTypeLabel', supportTicketTypeLabel, 1, '订单咨询'],
  ['supportTicketTypeLabel', supportTicketTypeLabel, 2, '包裹咨询'],
  ['supportTicketTypeLabel', supportTicketTypeLabel, 3, '包裹缺货'],
  ['supportTicketTypeLabel', supportTicketTypeLabel, 4, '网站留言'],
  ['supportTicketTypeLabel', supportTicketTypeLabel, 5, '暂无'],
  ['supportTicketPriorityLabel', supportTicketPriorityLabel, 0, '低'],
  ['supportTicketPriorityLabel', supportTicketPriorityLabel, 1, '普通'],
  ['supportTicketPriorityLabel', supportTicketPriorityLabel, 2, '高'],
  ['supportTicketPriorityLabel', supportTicketPriorityLabel, 3, '暂无'],
  ['ticketOwnerGroupLabel', ticketOwnerGroupLabel, 'user', '用户'],
  ['ticketOwnerGroupLabel', ticketOwnerGroupLabel, 'service', '客服'],
  ['ticketOwnerGroupLabel', ticketOwnerGroupLabel, 'accounting', '财务'],
  ['ticketOwnerGroupLabel', ticketOwnerGroupLabel, 'it', '技术'],
  ['ticketOwnerGroupLabel', ticketOwnerGroupLabel, 'admin', '暂无'],
  ['promotionMethodLabel', promotionMethodLabel, 0, '满减'],
  ['promotionMethodLabel', promotionMethodLabel, 1, '折扣'],
  ['promotionMethodLabel', promotionMethodLabel, 2, '赠品'],
  ['promotionMethodLabel', promotionMethodLabel, 3, '再买优惠'],
  ['promotionMethodLabel', promotionMethodLabel, 4, '搭配优惠'],
  ['promotionMethodLabel', promotionMethodLabel, 5, '暂无'],
  ['messageTypeLabel', messageTypeLabel, 1, '系统消息'],
  ['messageTypeLabel', messageTypeLabel, 2, '交易物流'],
  ['messageTypeLabel', messageTypeLabel, 3, '会员等级消息'],
  ['messageTypeLabel', messageTypeLabel, 4, '精选活动'],
  ['messageTypeLabel', messageTypeLabel, 5, '通知公告'],
  ['messageTypeLabel', messageTypeLabel, 0, '暂无'],
  ['depositLogTypeLabel', depositLogTypeLabel, 1, '现金充值'],
  ['depositLogTypeLabel', depositLogTypeLabel, 2, '银行转账充值'],
  ['depositLogTypeLabel', depositLogTypeLabel, 3, '订单支付'],
  ['depositLogTypeLabel', depositLogTypeLabel, 4, '订单取消'],
  ['depositLogTypeLabel', depositLogTypeLabel, 5, '订单退款'],
  ['depositLogTypeLabel', depositLogTypeLabel, 6, '系统赠送'],
  ['depositLogTypeLabel', depositLogTypeLabel, 7, '在线充值'],
  ['depositLogTypeLabel', depositLogTypeLabel, 8, '账期还款'],
  ['depositLogTypeLabel', depositLogTypeLabel, 9, '暂无'],
  ['countryLabel', countryLabel, 'AU', '澳大利亚'],
  ['countryLabel', countryLabel, 'CN', '中国'],
  ['countryLabel', countryLabel, 'NZ', '新西兰'],
  ['countryLabel', countryLabel, 'US', '美国'],
  ['countryLabel', countryLabel, 'HK', '香港'],
  ['countryLabel', countryLabel, 'KR', '韩国'],
  ['countryLabel', countryLabel, 'EU', '欧洲'],
  ['countryLabel', countryLabel, 'JP', '日本'],
  ['countryLabel', countryLabel, 'OTHER', '其他'],
  ['countryLabel', countryLabel, 'au', '澳大利亚'],
  ['countryLabel', countryLabel, 'FR', '其他'],
  ['countryLabel', countryLabel, null, '其他'],
];

describe('label helpers', () => {
  it.each(labelCases)('%s(%j) → %s', (_name, fn, code, label) => {
    expect(fn(code as never)).toBe(label);
  });

  it.each([
    ['SKU_STATUS_LABELS', SKU_STATUS_LABELS, SkuStatus],
    ['ORDER_STATUS_LABELS', ORDER_STATUS_LABELS, OrderStatus],
    ['OLD_ORDER_STATUS_LABELS', OLD_ORDER_STATUS_LABELS, OldOrderStatus],
    ['SUPPORT_TICKET_TYPE_LABELS', SUPPORT_TICKET_TYPE_LABELS, SupportTicketType],
    ['SUPPORT_TICKET_PRIORITY_LABELS', SUPPORT_TICKET_PRIORITY_LABELS, SupportTicketPriority],
    ['TICKET_OWNER_GROUP_LABELS', TICKET_OWNER_GROUP_LABELS, TicketOwnerGroup],
    ['PROMOTION_METHOD_LABELS', PROMOTION_METHOD_LABELS, PromotionMethod],
    ['MESSAGE_TYPE_LABELS', MESSAGE_TYPE_LABELS, MessageType],
    ['DEPOSIT_LOG_TYPE_LABELS', DEPOSIT_LOG_TYPE_LABELS, DepositLogType],
    ['COUNTRY_LABELS', COUNTRY_LABELS, Country],
    ['CURRENCY_LABELS', CURRENCY_LABELS, Currency],
  ] as [string, Record<string, string>, Record<string, string | number>][])(
    '%s labels every value with Chinese text',
    (_name, labels, values) => {
      expect(Object.keys(labels).sort()).toEqual(Object.values(values).map(String).sort());
      for (const label of Object.values(labels)) expect(label).toMatch(/^[\u4e00-\u9fa5]+$/);
    },
  );

  it('names AUD 澳币 and CNY 人民币, as the stored deposit payment methods do', () => {
    expect(CURRENCY_LABELS).toEqual({ AUD: '澳币', CNY: '人民币' });
    expect(PAY_CHANNEL_LABELS.DepositPayAUD).toBe(`${CURRENCY_LABELS.AUD}余额支付`);
    expect(PAY_CHANNEL_LABELS.DepositPay).toBe(`${CURRENCY_LABELS.CNY}余额支付`);
  });

  it.each([
    [{ a: 'A' }, 'a', undefined, 'A'],
    [{ a: 'A' }, ' a ', undefined, 'A'],
    [{ a: 'A' }, 'b', undefined, UNKNOWN_LABEL],
    [{ a: 'A' }, 'toString', undefined, UNKNOWN_LABEL],
    [{ a: 'A' }, 'b', '-', '-'],
    [{ 1: 'one' }, 1, undefined, 'one'],
  ])('lookupLabel(%j, %j, %j) → %s', (labels, code, fallback, label) => {
    expect(lookupLabel(labels, code, fallback)).toBe(label);
  });
});
