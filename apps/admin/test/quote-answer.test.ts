import { type AdminQuoteDetail, QuoteMessages } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import {
  type AnswerValues,
  amountOf,
  answerBody,
  discountedPrice,
  initialAnswer,
  NO_LIST_PRICE,
  percentOf,
  quoteTotals,
  validRange,
  validUntilProblem,
} from '@/features/quotes/answer';

const line = (id: number, qty: number, listPrice: number | null, price: number | null = null) => ({
  id,
  skuId: id,
  goodsId: id,
  name: `商品${id}`,
  skuName: '',
  image: '',
  qty,
  listPrice,
  price,
});

const QUOTE: AdminQuoteDetail = {
  id: 7,
  quoteNo: 'Q202612010007',
  state: 'requested',
  currency: 'AUD',
  lineCount: 2,
  total: null,
  validUntil: null,
  requester: 'buyer7',
  mine: false,
  createdAt: '2026-12-01T02:00:00.000Z',
  orderId: null,
  orderNo: null,
  companyName: null,
  awaitingStaff: false,
  note: '',
  lines: [line(1, 10, 59.9), line(2, 3, 128)],
  goods: null,
  freight: null,
  version: 3,
  answeredAt: null,
  messages: [],
  today: '2026-12-01',
  memberId: 12,
};

const values = (over: Partial<AnswerValues>): AnswerValues => ({
  mode: 'lines',
  prices: ['55', '120.5'],
  discountPercent: null,
  freight: '20',
  validUntil: '2026-12-15',
  message: '',
  ...over,
});

describe('answering a quote', () => {
  it.each([
    ['an amount', '12.3', 1230],
    ['zero', '0', 0],
    ['a number', 59.9, 5990],
    ['nothing', '', null],
    ['a negative amount', '-1', null],
    ['three decimals', '1.234', null],
    ['not a number', 'abc', null],
  ])('reads %s typed as minor units', (_name, typed, minor) => {
    expect(amountOf(typed)).toBe(minor);
  });

  it.each([
    ['10', 1000],
    ['12.5', 1250],
    ['0', 0],
    ['100', 10_000],
    ['100.01', null],
    ['-1', null],
    ['', null],
  ])('reads the discount %j in hundredths of a percent', (typed, hundredths) => {
    expect(percentOf(typed)).toBe(hundredths);
  });

  it.each([
    ['10% off 59.90', 5990, 1000, 5391],
    ['10% off 128.00', 12_800, 1000, 11_520],
    ['nothing off', 5990, 0, 5990],
    ['everything off', 5990, 10_000, 0],
    ['a half cent rounds up', 5, 5000, 3],
    ['33.33% off 9.99', 999, 3333, 666],
  ])('prices a line at its list price less a share: %s', (_name, list, hundredths, price) => {
    expect(discountedPrice(list, hundredths)).toBe(price);
  });

  it('adds the lines at their prices and the freight; nothing until every price is there', () => {
    const lines = QUOTE.lines;
    expect(quoteTotals(lines, [5500, 12_050], 2000)).toEqual({ goods: 91_150, total: 93_150 });
    expect(quoteTotals(lines, [5500, 12_050], null)).toEqual({ goods: 91_150, total: null });
    expect(quoteTotals(lines, [5500, null], 2000)).toEqual({ goods: null, total: null });
  });

  it.each([
    ['today', '2026-12-01', null],
    ['yesterday', '2026-11-30', QuoteMessages.validUntilPast],
    ['90 days on', '2027-03-01', null],
    ['91 days on', '2027-03-02', QuoteMessages.validUntilFar],
  ])('takes a last day of %s only within 90 days', (_name, day, problem) => {
    expect(validUntilProblem(day, '2026-12-01')).toBe(problem);
  });

  it('limits the last day to today … today + 90', () => {
    expect(validRange('2026-12-01')).toEqual({ min: '2026-12-01', max: '2027-03-01' });
  });

  it('starts from the quoted price, else the list price, and from a last day still allowed, else 14 days on', () => {
    const start = initialAnswer({
      ...QUOTE,
      lines: [line(1, 10, 59.9, 55), line(2, 3, 128), line(3, 1, null)],
      freight: 12.5,
      validUntil: '2026-12-20',
    });
    expect(start.prices).toEqual(['55.00', '128.00', null]);
    expect(start.freight).toBe('12.50');
    expect(start.validUntil).toBe('2026-12-20');
    expect(initialAnswer(QUOTE).validUntil).toBe('2026-12-15');
    expect(initialAnswer({ ...QUOTE, state: 'expired', validUntil: '2026-11-30' }).validUntil).toBe(
      '2026-12-15',
    );
  });

  it('sends a price for every line with the version seen, or refuses a missing one', () => {
    expect(answerBody(QUOTE, values({ message: ' 尽快发货 ' }))).toEqual({
      ok: true,
      body: {
        id: 7,
        version: 3,
        lines: [
          { id: 1, price: 55 },
          { id: 2, price: 120.5 },
        ],
        freight: 20,
        validUntil: '2026-12-15',
        message: '尽快发货',
      },
    });
    expect(answerBody(QUOTE, values({ prices: ['55', ''] }))).toEqual({
      ok: false,
      problem: QuoteMessages.answerLines,
    });
    expect(answerBody(QUOTE, values({ freight: '' })).ok).toBe(false);
    expect(answerBody(QUOTE, values({ validUntil: '2027-03-02' }))).toEqual({
      ok: false,
      problem: QuoteMessages.validUntilFar,
    });
  });

  it('sends a discount without lines, and only when every line has a list price', () => {
    expect(answerBody(QUOTE, values({ mode: 'discount', discountPercent: '12.5' }))).toEqual({
      ok: true,
      body: { id: 7, version: 3, discountPercent: 12.5, freight: 20, validUntil: '2026-12-15', message: '' },
    });
    const unpriced = { ...QUOTE, lines: [line(1, 10, 59.9), line(2, 3, null)] };
    expect(answerBody(unpriced, values({ mode: 'discount', discountPercent: '10' }))).toEqual({
      ok: false,
      problem: NO_LIST_PRICE,
    });
  });
});
