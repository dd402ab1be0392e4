import { describe, expect, it } from 'vitest';
import { type CategoryNode, categoryNavView } from '../src';

const node = (id: number, name: string, children: CategoryNode[] = []): CategoryNode => ({
  id,
  parentId: null,
  name,
  depth: 0,
  image: '',
  children,
});
const milk = node(11, '奶粉');
const diapers = node(12, '纸尿裤');
const baby = node(1, '母婴用品', [milk, diapers]);
const health = node(2, '保健品');
const roots = [baby, health];

describe('the product list’s category path and chips', () => {
  it.each([
    ['the whole list: the roots, with 全部', undefined, [], [1, 2], true],
    ['a category with children: its children, with 全部', 1, [1], [11, 12], true],
    ['a leaf: its siblings, without 全部', 11, [1, 11], [11, 12], false],
    ['a root without children: the roots, without 全部', 2, [2], [1, 2], false],
    ['an unknown category: as the whole list', 99, [], [1, 2], true],
  ])('%s', (_, cateId, chain, chips, showAll) => {
    const view = categoryNavView(roots, cateId);
    expect(view.chain.map((c) => c.id)).toEqual(chain);
    expect(view.chips.map((c) => c.id)).toEqual(chips);
    expect(view.showAll).toBe(showAll);
  });
});
