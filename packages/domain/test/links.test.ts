import { describe, expect, it } from 'vitest';
import {
  AFTER_PAYMENT_PATH,
  afterLoginDestination,
  DEPOSIT_TOPUP_RETURN_PATH,
  HOME_PATH,
  type LinkItem,
  linkDestination,
  productLink,
  safeUrl,
  THIRD_PARTY_PAYMENT_RETURN_PATH,
} from '../src';

describe('linkDestination (spec §2 link destinations)', () => {
  it.each([
    [{ type: 'cate', id: 3 }, '/products/3'],
    [{ type: 'warehouse', id: 1 }, '/products?location=1'],
    [{ type: 'goods', id: 42 }, '/product/42'],
    [{ type: 'article', id: '9' }, '/article/9'],
    [{ type: 'brand', id: 7 }, '/brand/7'],
    [{ type: 'url', url: 'https://example.com/a?b=1' }, 'https://example.com/a?b=1'],
    [{ type: 'url', url: '/products/5' }, '/products/5'],
    [{ type: 'url', url: '' }, '/'],
    [{ type: 'url' }, '/'],
    [{ type: 'url', url: 'javascript:alert(1)' }, '/'],
    [{ type: 'url', url: ' JavaScript:alert(1)' }, '/'],
    [{ type: 'url', url: 'data:text/html,x' }, '/'],
    [{ type: 'other', id: 1, url: '/x' }, '/'],
    [{ type: 'CATE', id: 1 }, '/'],
    [{ id: 1 }, '/'],
    [{ type: null, id: 1 }, '/'],
    [{ type: 'cate' }, '/products'],
    [{ type: 'warehouse', id: '' }, '/products'],
    [{ type: 'goods', id: null }, '/product'],
    [{ type: 'article' }, '/'],
    [{ type: 'brand' }, '/'],
    [{ type: 'goods', id: 'a/b' }, '/product/a%2Fb'],
    [{ type: 'cate', id: 0 }, '/products/0'],
  ] as [LinkItem, string][])('%j → %s', (link, path) => {
    expect(linkDestination(link)).toBe(path);
  });

  // The usual bypasses of a scheme filter (issue #35 item 11): a browser ignores tabs and line breaks anywhere
  // and controls or spaces at the ends, so each of these would run as a script if it reached an href.
  it.each([
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\rscript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '\u0000javascript:alert(1)',
    '\u0001javascript:alert(1)',
    '\u001fjavascript:alert(1)',
    '   javascript:alert(1)',
    '\u0000 \tjavascript:alert(1)',
    'javascript\u0000:alert(1)',
    'jav&#x09;ascript:alert(1)',
    '&#106;avascript:alert(1)',
    'javascript&#58;alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    ' DATA:text/html,x',
    'vbscript:msgbox(1)',
    'VBScript\t:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/',
    // Another site without a scheme: refused, an external link says https:// (see safeUrl).
    '//evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '\t//evil.com',
    // Relative to the current page: refused, the shop's own paths start with '/'.
    'products/5',
    'www.example.com',
    '/products\u0000/5',
  ])('refuses the url %j', (url) => {
    expect(linkDestination({ type: 'url', url })).toBe('/');
    expect(safeUrl(url)).toBeNull();
  });

  it.each([
    ['HTTPS://example.com/a', 'HTTPS://example.com/a'],
    ['http://example.com', 'http://example.com'],
    [' https://example.com/a\n', 'https://example.com/a'],
    ['ht\ttps://example.com/', 'https://example.com/'],
    ['/article/3?from=home#top', '/article/3?from=home#top'],
    ['\u0000/products/5 ', '/products/5'],
  ])('keeps the url %j as %j', (url, expected) => {
    expect(linkDestination({ type: 'url', url })).toBe(expected);
  });
});

describe('productLink (spec §2)', () => {
  it.each([
    [{ id: 42 }, '/product/42'],
    [{ id: 42, skuId: 7 }, '/product/42'],
    [{ skuId: 7 }, '/product?skuId=7'],
    [{ id: null, skuId: 'S 1' }, '/product?skuId=S%201'],
    [{}, '/product'],
  ])('%j → %s', (ref, path) => {
    expect(productLink(ref)).toBe(path);
  });
});

describe('after-action destinations (spec §2)', () => {
  it.each([
    ['after payment', AFTER_PAYMENT_PATH, '/member/order'],
    ['deposit top-up return', DEPOSIT_TOPUP_RETURN_PATH, '/member/deposit'],
    ['third-party payment return', THIRD_PARTY_PAYMENT_RETURN_PATH, '/payment'],
    ['home', HOME_PATH, '/'],
  ])('%s → %s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    ['?loginAlert=true', '/'],
    ['loginAlert=true', '/'],
    ['?a=1&loginAlert=true', '/'],
    ['?loginAlert=false', null],
    ['?loginAlert', null],
    ['?loginalert=true', null],
    ['', null],
    ['?x=loginAlert=true', null],
  ])('after login with %j → %j', (search, destination) => {
    expect(afterLoginDestination(search)).toBe(destination);
  });
});
