import { describe, expect, it } from 'vitest';
import { classifyRoute } from '../src';

// spec §2 'Route guard': the guard's lists are literal, so some routes of the route table
// (/payment/result, /brands/letters, /user/packing, /404) are flagged as unknown pages by the guard.
describe('classifyRoute', () => {
  it.each([
    // known exact paths
    ['/', true, false],
    ['/brands', true, false],
    ['/cart', true, false],
    ['/checkout', true, true],
    ['/payment', true, true],
    ['/user/products', true, false],
    ['/user/order', true, true],
    // known prefixes
    ['/member', true, true],
    ['/member/deposit', true, true],
    ['/member/order', true, true],
    ['/member/oldOrder', true, true],
    ['/member/supportticketreply/7', true, true],
    ['/brand/12', true, false],
    ['/products', true, false],
    ['/products/3', true, false],
    ['/product', true, false],
    ['/product/42', true, false],
    ['/article/9', true, false],
    ['/order/5', true, true],
    ['/supplier', true, false],
    ['/supplier/en', true, false],
    ['/supplier/en/data.source', true, false],
    // not in the guard's lists: unknown pages, no login
    ['/payment/result', false, false],
    ['/brands/letters', false, false],
    ['/brands/category', false, false],
    ['/user/packing', false, false],
    ['/404', false, false],
    ['/nowhere', false, false],
    ['/order', false, false],
    ['/article', false, false],
    ['/brand', false, false],
    ['/cart/', false, false],
    ['', false, false],
    // prefixes are plain string prefixes
    ['/memberx', true, true],
    ['/productsale', true, false],
  ])('%s → known %s, login %s', (path, known, loginRequired) => {
    expect(classifyRoute(path)).toEqual({ known, loginRequired });
  });
});
