import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RegionRoot, type StateSuburbFile, suburbNodes } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import {
  type RegionEntry,
  regionMatchRanges,
  regionSearchIndex,
  searchRegions,
  searchSuburbs,
  suburbMatchRanges,
  suburbSearchIndex,
} from '@/features/address/region-search';
import { pathMatches, queryWords, regionOptions } from '@/features/address/region-tree';

/**
 * The shop's own region files (docs/regions.md), read as the bytes the storefront fetches from /res/static/regions
 * (the API serves them; the storefront's code never imports them).
 */
const regionFile = (name: string): unknown =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../api/src/modules/address/regions/data', name), 'utf8'),
  );
const tree = regionFile('tree.json') as RegionRoot[];
const nswFile = regionFile('au-nsw.json');
const tasFile = regionFile('au-tas.json');
const china = tree.find((r) => r.code === 'CN') as RegionRoot;
const chinaIndex = regionSearchIndex(regionOptions(china));
const names = (query: string, limit = 20) =>
  searchRegions(chinaIndex, query, limit).map((e) => e.path.map((o) => o.label).join(' / '));

describe('the China search index', () => {
  it('holds every county-level unit (and every city without one) once, with its path', () => {
    expect(chinaIndex.length).toBeGreaterThan(3200);
    expect(new Set(chinaIndex.map((e) => e.leaf)).size).toBe(chinaIndex.length);
    expect(chinaIndex.every((e) => e.path[e.path.length - 1] === e.leaf && !e.leaf.children)).toBe(true);
  });

  it.each([
    ['wlmq', '新疆维吾尔自治区 / 乌鲁木齐市 / 天山区'],
    ['kts', '新疆维吾尔自治区 / 伊犁哈萨克自治州 / 奎屯市'],
    ['KTS', '新疆维吾尔自治区 / 伊犁哈萨克自治州 / 奎屯市'],
    ['新疆 奎屯', '新疆维吾尔自治区 / 伊犁哈萨克自治州 / 奎屯市'],
    ['新疆 kts', '新疆维吾尔自治区 / 伊犁哈萨克自治州 / 奎屯市'],
    ['shzs', '新疆维吾尔自治区 / 石河子市'],
    ['海淀', '北京市 / 北京市 / 海淀区'],
  ])('%s finds %s', (query, place) => {
    expect(names(query)).toContain(place);
  });

  it('answers what pathMatches answers, in the tree order, for every place', () => {
    for (const query of ['wlmq', 'cyq', '新疆 kts', '区', 'bj hd']) {
      const words = queryWords(query);
      const all = chinaIndex.filter((e) => pathMatches(words, e.path)).map((e) => e.leaf);
      expect(searchRegions(chinaIndex, query, 10_000).map((e) => e.leaf)).toEqual(all);
    }
  });

  it('stops at the limit, and answers nothing to nothing typed', () => {
    expect(names('区', 20)).toHaveLength(20);
    expect(names('区', 3)).toEqual(names('区', 20).slice(0, 3));
    expect(names('   ')).toEqual([]);
    expect(names('新疆 wlmq kts')).toEqual([]);
  });
});

describe('the suburb search index', () => {
  const tas = suburbSearchIndex(suburbNodes(tasFile as StateSuburbFile));
  const nsw = suburbSearchIndex(suburbNodes(nswFile as StateSuburbFile));
  const found = (index: typeof tas, query: string, limit = 50) =>
    searchSuburbs(index, query, limit).map((e) => `${e.node.name} ${e.node.postCode}`);

  it('finds a suburb by its name or its postcode', () => {
    expect(found(tas, 'battery')).toEqual(['Battery Point 7004']);
    expect(found(tas, 'BATTERY point')).toEqual(['Battery Point 7004']);
    expect(found(tas, '7004')).toEqual(['Battery Point 7004', 'South Hobart 7004']);
    expect(found(tas, 'hobart 7004')).toEqual(['South Hobart 7004']);
  });

  it('lists the suburbs starting with the word first', () => {
    const parra = found(nsw, 'parra');
    expect(parra[0]).toBe('Parramatta 2150');
    expect(parra).toContain('North Parramatta 2151');
    expect(parra.indexOf('North Parramatta 2151')).toBeGreaterThan(0);
  });

  it('stops at the limit', () => {
    expect(nsw.length).toBe(5256);
    expect(found(nsw, 'a', 50)).toHaveLength(50);
    expect(found(nsw, 'a', 5)).toHaveLength(5);
    expect(found(nsw, '')).toEqual([]);
    expect(found(nsw, 'zzzz')).toEqual([]);
  });
});

describe('the matched parts of an answer', () => {
  const first = (query: string) => searchRegions(chinaIndex, query, 1)[0] as RegionEntry;
  const marked = (query: string) => {
    const entry = first(query);
    return entry.path.map((o, i) => {
      const range = regionMatchRanges(query, entry)[i];
      return range ? o.label.slice(range[0], range[1]) : '';
    });
  };

  it.each([
    ['kts', ['', '', '奎屯市']],
    ['新疆 kts', ['新疆', '', '奎屯市']],
    ['奎屯', ['', '', '奎屯']],
    ['wlmq', ['', '乌鲁木齐', '']],
    ['shzs', ['', '石河子市']],
  ])('%s marks %j', (query, parts) => {
    expect(marked(query)).toEqual(parts);
  });

  it('marks no initials where they do not pair with the characters', () => {
    // 嘉模堂区（氹仔）: the brackets have no initials.
    const entry = chinaIndex.find((e) => e.leaf.label === '嘉模堂区（氹仔）') as RegionEntry;
    expect(entry.initials.at(-1)).toBe('jmtqdz');
    expect(regionMatchRanges('jmtq', entry).at(-1)).toBeUndefined();
    expect(regionMatchRanges('氹仔', entry).at(-1)).toEqual([5, 7]);
  });

  it("marks a suburb's name and postcode", () => {
    const node = { code: 'AU-NSW-2150-PARRAMATTA', name: 'North Parramatta', postCode: '2151' };
    expect(suburbMatchRanges('parra', node)).toEqual({ name: [6, 11], postCode: undefined });
    expect(suburbMatchRanges('north 215', node)).toEqual({ name: [0, 5], postCode: [0, 3] });
  });
});
