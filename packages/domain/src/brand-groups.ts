/** Group heading for names that do not start with a letter A–Z. */
export const NON_LETTER_GROUP = '#';

/** A group of items sharing an initial. */
export interface InitialGroup<T> {
  initial: string;
  items: T[];
}

/**
 * Groups items by a pre-computed initial (spec §7 brand list: first letter, Chinese through its pinyin
 * initial, which the caller supplies), groups sorted A–Z with '#' last for anything not a letter.
 * Items keep their input order inside a group.
 */
export function groupByInitial<T>(
  items: readonly T[],
  initialOf: (item: T) => string | null | undefined,
): InitialGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const first = (initialOf(item) ?? '').trim().charAt(0).toUpperCase();
    const initial = /^[A-Z]$/.test(first) ? first : NON_LETTER_GROUP;
    const group = groups.get(initial);
    if (group) group.push(item);
    else groups.set(initial, [item]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => {
      if (a === b) return 0;
      if (a === NON_LETTER_GROUP) return 1;
      if (b === NON_LETTER_GROUP) return -1;
      return a < b ? -1 : 1;
    })
    .map(([initial, groupItems]) => ({ initial, items: groupItems }));
}
