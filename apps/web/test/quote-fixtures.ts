import type { QuoteDetail, QuoteLine, QuoteSummary } from '@shop/domain';

/** Builders of quote wire data (contracts/quote.ts, issue #38; major units, Beijing days; today 2026-12-01). */

export const QUOTE_TODAY = '2026-12-01';

export function quoteLine(fields: Partial<QuoteLine> & { id: number }): QuoteLine {
  return {
    skuId: 70 + fields.id,
    goodsId: 7,
    name: '羊毛围巾',
    skuName: `规格 ${fields.id}`,
    image: 'goods/7.jpg',
    qty: 10,
    listPrice: 50,
    price: null,
    ...fields,
  };
}

export function quoteSummary(fields: Partial<QuoteSummary> & { id: number }): QuoteSummary {
  return {
    quoteNo: `QT2026${String(fields.id).padStart(6, '0')}`,
    state: 'requested',
    currency: 'CNY',
    lineCount: 2,
    total: null,
    validUntil: null,
    requester: '演示会员',
    mine: true,
    createdAt: '2026-11-28T02:00:00.000Z',
    orderId: null,
    orderNo: null,
    ...fields,
  };
}

/** A quote as asked: two lines (10 × ¥50 and 4 × ¥120 list), not yet answered. */
export function requestedQuote(fields: Partial<QuoteDetail> = {}): QuoteDetail {
  return {
    ...quoteSummary({ id: 5 }),
    note: '请报 10 箱的价格',
    lines: [
      quoteLine({ id: 1 }),
      quoteLine({
        id: 2,
        skuId: 301,
        goodsId: 30,
        name: '有机绿茶',
        skuName: '绿茶 100g',
        qty: 4,
        listPrice: 120,
      }),
    ],
    goods: null,
    freight: null,
    version: 1,
    answeredAt: null,
    messages: [
      { from: 'member', author: '演示会员', text: '请报 10 箱的价格', createdAt: '2026-11-28T02:00:00.000Z' },
    ],
    today: QUOTE_TODAY,
    ...fields,
  };
}

/**
 * The same quote answered at version 2: ¥45 and ¥110 a unit (goods ¥890), freight ¥25.50, total ¥915.50, holding
 * to 2026-12-08 (7 days from today).
 */
export function answeredQuote(fields: Partial<QuoteDetail> = {}): QuoteDetail {
  const asked = requestedQuote();
  return {
    ...asked,
    state: 'answered',
    lines: [
      { ...(asked.lines[0] as QuoteLine), price: 45 },
      { ...(asked.lines[1] as QuoteLine), price: 110 },
    ],
    goods: 890,
    freight: 25.5,
    total: 915.5,
    validUntil: '2026-12-08',
    version: 2,
    answeredAt: '2026-11-29T03:00:00.000Z',
    messages: [
      ...asked.messages,
      {
        from: 'staff',
        author: '客服小李',
        text: '已按 10 箱报价，含运费',
        createdAt: '2026-11-29T03:00:00.000Z',
      },
    ],
    ...fields,
  };
}
