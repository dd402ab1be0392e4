import { describe, expect, it } from 'vitest';
import {
  locationPrefix,
  toWarehouseId,
  WAREHOUSE_NAMES,
  Warehouse,
  warehouseName,
  withLocationPrefix,
} from '../src';

describe('warehouses (spec §3)', () => {
  it('has the spec ids', () => {
    expect(Warehouse).toEqual({ AU: 1, CN: 2, NZ: 3, US: 4, HK: 5, KR: 6, EU: 7, JP: 8, Mix: 9 });
  });

  it.each([
    [1, '澳大利亚仓'],
    [2, '中国仓'],
    [3, '新西兰仓'],
    [4, '美国仓'],
    [5, '香港仓'],
    [6, '韩国仓'],
    [7, '欧洲仓'],
    [8, '日本仓'],
    [9, '混合仓'],
  ] as const)('%i → %s', (id, name) => {
    expect(WAREHOUSE_NAMES[id]).toBe(name);
    expect(warehouseName(id)).toBe(name);
    expect(warehouseName(id, { brackets: false })).toBe(name);
    expect(warehouseName(id, { brackets: true })).toBe(`【${name}】`);
  });

  it.each([
    [1, 1],
    ['1', 1],
    [' 9 ', 9],
    ['AU', 1],
    ['jp', 8],
    ['Mix', 9],
    ['MIX', 9],
    [0, undefined],
    [10, undefined],
    ['OTHER', undefined],
    ['1.5', undefined],
    ['', undefined],
    ['constructor', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('toWarehouseId(%j) → %j', (location, id) => {
    expect(toWarehouseId(location)).toBe(id);
  });

  it.each([
    [0, false, ''],
    [0, true, ''],
    [99, true, ''],
    [null, true, ''],
    ['x', false, ''],
  ])('unknown %j (brackets %s) → empty', (location, brackets, name) => {
    expect(warehouseName(location, { brackets })).toBe(name);
  });

  it.each([
    [1, '【澳大利亚仓】'],
    ['2', '【中国仓】'],
    ['Mix', '【混合仓】'],
    [0, ''],
    [undefined, ''],
  ])('locationPrefix(%j) → %s', (location, prefix) => {
    expect(locationPrefix(location)).toBe(prefix);
  });

  it.each([
    ['奶粉', 1, '【澳大利亚仓】奶粉'],
    ['奶粉', 9, '【混合仓】奶粉'],
    ['奶粉', null, '奶粉'],
  ])('withLocationPrefix(%s, %j) → %s', (name, location, result) => {
    expect(withLocationPrefix(name, location)).toBe(result);
  });
});
