import {
  AfterSalePaths,
  CartPaths,
  CataloguePaths,
  CheckoutPaths,
  DepositPaths,
  OrderPaths,
  PaymentPaths,
  QuotePaths,
} from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { request } from '@/lib/api-client';
import { afterSaleDetail, afterSaleSummary, approvedAfterSale, claimable } from './aftersale-fixtures';
import { cartList, pasteLine, serverLine } from './cart-fixtures';
import { brand, detail, goods, page, shellHandlers } from './catalogue-fixtures';
import { giftProduct, orderDetail, orderSummary, summaryFor } from './checkout-fixtures';
import { contractDrift, contractDrifts, offContract } from './contracts';
import { depositLogItem, method, payStart, payStatus, recharge, shopMethods } from './payment-fixtures';
import { answeredQuote, quoteSummary, requestedQuote } from './quote-fixtures';
import { mockApi, ok } from './utils';

/**
 * The web tests fake the API with the fixtures of test/*-fixtures.ts and inline answers; both must be what the
 * real API sends: the response contracts of packages/domain. The fake network checks every answer it serves
 * (utils.tsx, setup.ts); this file checks each fixture builder on its own and shows the check catches drift.
 */
describe('test fixtures match the response contracts', () => {
  const list = (items: unknown[]) => ({ items, pageNo: 1, pageSize: 10, totalCount: items.length });
  const summaryRequest = { locationCode: 'CN11010200', currency: 'CNY' as const, packs: [], gifts: [] };

  it.each([
    [CataloguePaths.goodsList, page([goods({ id: 1 }), goods({ id: 2 })])],
    [CataloguePaths.goodsDetail, detail()],
    [CataloguePaths.brandList, { items: [brand({ id: 1, name: '澳羊', initial: 'A' })] }],
    [
      CartPaths.list,
      cartList([serverLine({ id: 1, skuId: 72 }), serverLine({ id: 2, skuId: 73, audPrice: null })]),
    ],
    [
      CartPaths.parseLines,
      {
        items: [
          pasteLine({ line: 1, skuCode: 'AU-1', skuId: 1, goodsId: 7, location: 1, qty: 12, cnyPrice: 48 }),
          pasteLine({ line: 2, skuCode: 'AU-X', status: 'unknown', suggestions: ['AU-1'] }),
        ],
      },
    ],
    [CheckoutPaths.summary, summaryFor(summaryRequest)],
    [CheckoutPaths.summary, summaryFor({ ...summaryRequest, locationCode: 'Pickup', currency: 'AUD' })],
    [CheckoutPaths.summary, summaryFor(summaryRequest, { valid: false, notForSaleMsg: '部分商品不可售' })],
    [CheckoutPaths.summary, summaryFor(summaryRequest, { empty: true })],
    [CheckoutPaths.giftDetail, giftProduct],
    [OrderPaths.list, list([orderSummary({ id: 1 })])],
    [OrderPaths.detail, orderDetail({ id: 1 })],
    [PaymentPaths.configList, shopMethods],
    [PaymentPaths.configList, [method({ id: 9, code: 'X' })]],
    [PaymentPaths.supayParam, payStart({ method: 'POST', action: '/sandbox-pay/bridge' })],
    [PaymentPaths.findPayStatus, payStatus()],
    [DepositPaths.logList, list([depositLogItem({ id: 1 })])],
    [DepositPaths.rechargeList, list([recharge({ rechargeNo: 'R2026000001' })])],
    [QuotePaths.detail, requestedQuote()],
    [QuotePaths.detail, answeredQuote({ mine: false, requester: '王采购' })],
    [QuotePaths.list, { items: [quoteSummary({ id: 1 })], totalCount: 1 }],
    [AfterSalePaths.claimable, claimable()],
    [AfterSalePaths.detail, afterSaleDetail()],
    [
      AfterSalePaths.detail,
      approvedAfterSale({ state: 'refunded', refundAmount: 100, refundCurrency: 'CNY', refundTo: 'channel' }),
    ],
    [AfterSalePaths.list, { items: [afterSaleSummary({ id: 1 })], totalCount: 1 }],
  ])('%s', (path, data) => {
    expect(contractDrift(path, data, true)).toBeNull();
  });

  it('the shell answers', () => {
    for (const [path, reply] of Object.entries(shellHandlers)) {
      expect(contractDrift(path, reply.data, true)).toBeNull();
    }
  });
});

describe('the contract check', () => {
  it('names a missing field, a wrong type and a field the contract does not have', () => {
    const { totalCount: _dropped, ...withoutCount } = page([goods({ id: 1 })]);
    expect(contractDrift(CataloguePaths.goodsList, withoutCount, true)).toMatch(/totalCount/);
    expect(contractDrift(CataloguePaths.goodsList, { ...page([]), pageNo: '1' }, true)).toMatch(/pageNo/);
    const renamed = { ...serverLine({ id: 1, skuId: 72 }), AudPrice: 10 };
    expect(contractDrift(CartPaths.list, cartList([renamed]), true)).toMatch(/data\.data\[0\]\.AudPrice/);
    expect(contractDrift('/api/testService/echo/', { anything: true }, true)).toBeNull();
  });

  it('fails the test that serves a drifting answer, unless it is marked off-contract on purpose', async () => {
    mockApi({
      [CataloguePaths.brandList]: ok({ items: [{ id: 1, name: '澳羊' }] }),
      [CataloguePaths.brandDetail]: offContract(ok({ id: 1 })),
    });
    await request(CataloguePaths.brandList, {});
    await request(CataloguePaths.brandDetail, { id: 1 });
    expect(contractDrifts).toHaveLength(1);
    expect(contractDrifts[0]).toMatch(/goodsbrand\/list\/: items\.0\.nameEn/);
    // Cleared here, or setup.ts would fail this test for the drift it set out to show.
    contractDrifts.length = 0;
  });
});
