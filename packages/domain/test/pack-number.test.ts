import { describe, expect, it } from 'vitest';
import { packLabel, packNumber } from '../src/pack-number';

describe('pack numbers as people read them', () => {
  it.each([
    [0, 1, '包裹 1'],
    [1, 2, '包裹 2'],
    [19, 20, '包裹 20'],
  ])('index %i is number %i (%s)', (index, number, label) => {
    expect(packNumber(index)).toBe(number);
    expect(packLabel(index)).toBe(label);
  });
});
