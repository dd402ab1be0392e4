import { describe, expect, it } from 'vitest';
import { goodsCountText } from '../src';

describe('goodsCountText', () => {
  it.each([
    [1, 2, '共 2 件'],
    [2, 3, '共 2 种 3 件'],
    [4, 7, '共 4 种 7 件'],
    [3, 3, '共 3 件'],
    [1, 1, '共 1 件'],
    [0, 0, '共 0 件'],
  ])('%d lines, %d pieces → %s', (itemCount, pieceCount, text) => {
    expect(goodsCountText({ itemCount, pieceCount })).toBe(text);
  });
});
