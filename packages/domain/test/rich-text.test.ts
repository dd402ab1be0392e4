import { describe, expect, it } from 'vitest';
import { isHostedImage, isRichTextSpan, isShopPath, RICH_TEXT_SPAN_MAX } from '../src';

describe('what rich text may link to, show and span (ADR 062)', () => {
  it.each([
    ['/product/12', true],
    ['/article/3?from=a#b', true],
    ['/', true],
    ['//evil.example/', false],
    ['/\\evil.example', false],
    ['https://shop.example/product/12', false],
    ['javascript:alert(1)', false],
    ['product/12', false],
    ['/product/12 x', false],
    ['', false],
    [undefined, false],
  ])('a link to %s is kept: %s', (href, kept) => {
    expect(isShopPath(href)).toBe(kept);
  });

  it.each([
    ['/res/img/content/a.jpg', true],
    ['/res/img/goods/content/b.svg?w=750', true],
    ['/res/img/../secret.png', false],
    ['/res/imgx/a.jpg', false],
    ['/images/a.png', false],
    ['https://mmbiz.qpic.cn/a/640', false],
    ['data:image/png;base64,AA', false],
    [null, false],
  ])('a picture at %s is shown: %s', (src, shown) => {
    expect(isHostedImage(src)).toBe(shown);
  });

  it.each([
    ['1', true],
    ['2', true],
    [String(RICH_TEXT_SPAN_MAX), true],
    [String(RICH_TEXT_SPAN_MAX + 1), false],
    ['0', false],
    ['01', false],
    ['-1', false],
    ['2.5', false],
    [' 2', false],
    ['', false],
    [undefined, false],
  ])('a span of %s is kept: %s', (value, kept) => {
    expect(isRichTextSpan(value)).toBe(kept);
  });
});
