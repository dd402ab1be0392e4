/**
 * The catalogue's plain values (sorts, member levels, page templates, export names), apart from its call
 * contracts (contracts/catalogue.ts): the storefront's first page uses these, and they must not bring the
 * validation library and the schemas into its first download (ADR 048).
 */

export const GoodsOrderByType = {
  Comprehensive: 'Comprehensive',
  Price: 'Price',
  Sales: 'Sales',
  Newest: 'Newest',
} as const;
export type GoodsOrderByType = (typeof GoodsOrderByType)[keyof typeof GoodsOrderByType];
export const GOODS_ORDER_BY_LABELS: Record<GoodsOrderByType, string> = {
  Comprehensive: '综合',
  Price: '价格',
  Sales: '销量',
  Newest: '新品',
};

export const OrderByTendency = { ASC: 'ASC', DESC: 'DESC' } as const;
export type OrderByTendency = (typeof OrderByTendency)[keyof typeof OrderByTendency];

/**
 * The direction a sort starts in when a shopper first chooses it: prices low to high (a buyer looks for the
 * cheapest first), the others best, most sold or newest first (spec §7 default DESC).
 */
export function firstOrderByTendency(type: GoodsOrderByType): OrderByTendency {
  return type === GoodsOrderByType.Price ? OrderByTendency.ASC : OrderByTendency.DESC;
}

/** Member levels that have their own prices (spec §3 'User': level defaults to 37). */
export const MemberLevel = { Standard: 37, Wholesale: 38, KeyAccount: 39 } as const;
export type MemberLevel = (typeof MemberLevel)[keyof typeof MemberLevel];
export const MEMBER_LEVEL_LABELS: Record<number, string> = {
  37: '普通会员',
  38: '批发会员',
  39: '大客户',
};

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** File name of an export: prefix, currency (if any) and a yyyyMMdd_HHmm timestamp (spec §7). */
export function exportFileName(prefix: string, at: Date, currency?: string): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getFullYear()}${p(at.getMonth() + 1)}${p(at.getDate())}_${p(at.getHours())}${p(at.getMinutes())}`;
  return `${[prefix, currency, stamp].filter(Boolean).join('_')}.xlsx`;
}

/** Page templates; `supplier` and `supplierEn` fill the supplier area's landing page (contracts/supplier.ts). */
export const TemplateName = {
  home: 'home',
  basic: 'basic',
  goodsSort: 'goodsSort',
  supplier: 'supplier',
  supplierEn: 'supplierEn',
} as const;
export type TemplateName = (typeof TemplateName)[keyof typeof TemplateName];
