import { describe, expect, it } from 'vitest';
import {
  keyProperty,
  type ParsedProperties,
  parseProperties,
  parsePropertyOptions,
  SKU_VALUE_SEPARATOR,
  splitKeyProperty,
} from '../src';

const empty: ParsedProperties = { map: {}, allPropertyKeys: [], text: '' };

describe('parseProperties (spec §3 properties)', () => {
  it.each([
    [
      'an object',
      { 颜色: '红', 尺码: 'L' },
      { map: { 颜色: '红', 尺码: 'L' }, allPropertyKeys: ['颜色', '尺码'], text: '红 L' },
    ],
    [
      'a JSON list of single-key objects',
      '[{"颜色":"红"},{"尺码":"L"}]',
      { map: { 颜色: '红', 尺码: 'L' }, allPropertyKeys: ['颜色', '尺码'], text: '红 L' },
    ],
    [
      'a JSON object',
      '{"容量":"500ml"}',
      { map: { 容量: '500ml' }, allPropertyKeys: ['容量'], text: '500ml' },
    ],
    [
      'an array of single-key objects',
      [{ 颜色: '蓝' }, { 规格: 6 }],
      { map: { 颜色: '蓝', 规格: '6' }, allPropertyKeys: ['颜色', '规格'], text: '蓝 6' },
    ],
    [
      'a repeated key keeps its place and last value',
      [{ a: '1' }, { b: '2' }, { a: '3' }],
      { map: { a: '3', b: '2' }, allPropertyKeys: ['a', 'b'], text: '3 2' },
    ],
    [
      'empty values stay in the map but not in the text',
      { a: '', b: 'x' },
      { map: { a: '', b: 'x' }, allPropertyKeys: ['a', 'b'], text: 'x' },
    ],
    [
      'non-primitive values are dropped',
      { a: { nested: 1 }, b: null, c: true, d: ['x'] },
      { map: { c: 'true' }, allPropertyKeys: ['c'], text: 'true' },
    ],
    ['null', null, empty],
    ['undefined', undefined, empty],
    ['an empty string', '', empty],
    ['the string null', 'null', empty],
    ['invalid JSON', '{颜色:红', empty],
    ['a JSON number', '42', empty],
    ['a JSON string', '"红"', empty],
    ['a number', 42, empty],
    ['a list of non-objects', ['a', 1, null], empty],
  ])('%s', (_name, input, parsed) => {
    expect(parseProperties(input)).toEqual(parsed);
  });

  it('keeps __proto__ as plain data', () => {
    const parsed = parseProperties('{"__proto__":"x"}');
    expect(parsed.allPropertyKeys).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(parsed.map)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('keyProperty (spec §4 separator)', () => {
  it('uses the spec separator', () => {
    expect(SKU_VALUE_SEPARATOR).toBe(';$%*');
  });

  it.each([
    [['红', 'L'], '红;$%*L'],
    [['红'], '红'],
    [[], ''],
    [['a', '', 'b'], 'a;$%*;$%*b'],
  ])('%j ↔ %j', (values, key) => {
    expect(keyProperty(values)).toBe(key);
    expect(splitKeyProperty(key)).toEqual(values);
  });
});

describe('parsePropertyOptions (spec §3 Key/Values pairs)', () => {
  it.each([
    [[{ Key: '颜色', Values: ['红', '蓝'] }], [{ key: '颜色', values: ['红', '蓝'] }]],
    [
      '[{"Key":"尺码","Values":["S","M"]},{"Key":"颜色","Values":["红"]}]',
      [
        { key: '尺码', values: ['S', 'M'] },
        { key: '颜色', values: ['红'] },
      ],
    ],
    [[{ Key: '颜色' }], [{ key: '颜色', values: [] }]],
    [[{ Key: '颜色', Values: ['红', 1, null] }], [{ key: '颜色', values: ['红'] }]],
    [[{ Values: ['x'] }, 'x', null], []],
    ['not json', []],
    [{ Key: '颜色', Values: [] }, []],
    [null, []],
  ])('%j → %j', (input, options) => {
    expect(parsePropertyOptions(input)).toEqual(options);
  });
});
