import type { RegionNode, RegionRoot } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { pathMatches, queryWords, regionStatus } from '@/features/address/region-tree';
import { chinaTree } from './region-fixtures';

const cn = chinaTree;
const au: RegionRoot = {
  code: 'AU',
  name: '澳大利亚',
  maxDepth: 2,
  children: [{ code: 'AU-NSW', name: '新南威尔士州', enName: 'New South Wales', py: 'xnwesz' }],
};
const nsw: RegionNode[] = [{ code: 'AU-NSW-2000-SYDNEY', name: 'Sydney', postCode: '2000' }];
const path = (...names: string[]) =>
  names.map((label) => ({
    label,
    py: label === '乌鲁木齐市' ? 'wlmqs' : label === '奎屯市' ? 'kts' : undefined,
  }));

describe('pathMatches (the picker search)', () => {
  it.each([
    ['wlmq', path('新疆维吾尔自治区', '乌鲁木齐市', '天山区'), true],
    ['WLMQ', path('新疆维吾尔自治区', '乌鲁木齐市', '天山区'), true],
    ['lmq', path('新疆维吾尔自治区', '乌鲁木齐市', '天山区'), false],
    ['奎屯', path('新疆维吾尔自治区', '伊犁哈萨克自治州', '奎屯市'), true],
    ['新疆 kts', path('新疆维吾尔自治区', '伊犁哈萨克自治州', '奎屯市'), true],
    ['新疆 wlmq', path('新疆维吾尔自治区', '伊犁哈萨克自治州', '奎屯市'), false],
    ['sydney', [{ label: 'Sydney' }], true],
  ])('%s', (query, places, expected) => {
    expect(pathMatches(queryWords(query), places)).toBe(expected);
  });
});

describe('regionStatus (an address against the tree)', () => {
  it.each([
    ['a county of a prefecture', cn, ['新疆维吾尔自治区', '伊犁哈萨克自治州', '奎屯市'], undefined, 'ok'],
    ['a county-level city governed by the region', cn, ['新疆维吾尔自治区', '石河子市', ''], undefined, 'ok'],
    [
      'a city that has districts, saved without one',
      cn,
      ['新疆维吾尔自治区', '乌鲁木齐市', ''],
      undefined,
      'incomplete',
    ],
    [
      'a district no longer in the tree',
      cn,
      ['新疆维吾尔自治区', '乌鲁木齐市', '东山区'],
      undefined,
      'unknown',
    ],
    ['a suburb of the state', au, ['新南威尔士州', 'Sydney', ''], nsw, 'ok'],
    ['a city of the earlier tree, renamed', au, ['新南威尔士州', '悉尼', ''], nsw, 'ok'],
    [
      'a city of the earlier tree with no suburb of its name',
      au,
      ['新南威尔士州', '黄金海岸', ''],
      nsw,
      'unknown',
    ],
    ['the suburbs still loading', au, ['新南威尔士州', 'Sydney', ''], undefined, 'loading'],
  ] as const)('%s', (_what, root, names, suburbs, kind) => {
    expect(regionStatus(root, names, suburbs).kind).toBe(kind);
  });

  it('answers a renamed place under its name today', () => {
    expect(regionStatus(au, ['新南威尔士州', '悉尼', ''], nsw).path).toEqual(['新南威尔士州', 'Sydney']);
  });
});
