import { describe, expect, it } from 'vitest';
import { groupByInitial, NON_LETTER_GROUP } from '../src';

interface Brand {
  name: string;
  initial: string | null;
}

const b = (name: string, initial: string | null): Brand => ({ name, initial });

describe('groupByInitial (spec §7 brand list grouped by first letter)', () => {
  it.each([
    ['empty', [], []],
    [
      'sorted A–Z, input order inside a group',
      [b('Swisse', 'S'), b('a2', 'a'), b('Blackmores', 'B'), b('Sukin', 's')],
      [
        ['A', ['a2']],
        ['B', ['Blackmores']],
        ['S', ['Swisse', 'Sukin']],
      ],
    ],
    [
      "'#' last for anything that is not a letter",
      [b('3M', '3'), b('爱他美', 'A'), b('?', '?'), b('无', null), b('空', ''), b('Zespri', 'Z')],
      [
        ['A', ['爱他美']],
        ['Z', ['Zespri']],
        ['#', ['3M', '?', '无', '空']],
      ],
    ],
    [
      'uses the first character of a longer initial',
      [b('Bio Island', 'bio'), b('É', 'É')],
      [
        ['B', ['Bio Island']],
        ['#', ['É']],
      ],
    ],
  ] as [string, Brand[], [string, string[]][]][])('%s', (_name, items, groups) => {
    const result = groupByInitial(items, (item) => item.initial);
    expect(result.map((g) => [g.initial, g.items.map((i) => i.name)])).toEqual(groups);
  });

  it('uses # as the non-letter heading', () => {
    expect(NON_LETTER_GROUP).toBe('#');
  });
});
