import type { RegionNode } from '@shop/domain';
import { queryWords, type RegionOption, wordsMatch } from './region-tree';

/**
 * The region picker's search indexes, built once per tree (or per state's suburbs) rather than on each keystroke:
 * every place a search can answer with, its names already in lower case. A keystroke then only compares strings
 * and stops at the limit, which keeps it under 50 ms on a slow phone (docs/regions.md 'Picker speed').
 */

/** A place the picker's search can answer with: a path to a leaf of the tree (a county-level unit). */
export interface RegionEntry {
  /** The options from the country's first level down to the leaf. */
  path: readonly RegionOption[];
  /** The leaf option, the place picked. */
  leaf: RegionOption;
  /** Each option's name in lower case. */
  names: readonly string[];
  /** Each option's pinyin initials ('' for none). */
  initials: readonly string[];
}

/**
 * Every leaf of the options with its path, in the tree's order (the order the picker lists its answers in).
 * A place with no children is a leaf at any level (石河子市 directly under its region).
 */
export function regionSearchIndex(options: readonly RegionOption[]): RegionEntry[] {
  const entries: RegionEntry[] = [];
  const walk = (level: readonly RegionOption[], path: RegionOption[]) => {
    for (const option of level) {
      const next = [...path, option];
      if (option.children?.length) walk(option.children, next);
      else
        entries.push({
          path: next,
          leaf: option,
          names: next.map((o) => o.label.toLowerCase()),
          initials: next.map((o) => o.py ?? ''),
        });
    }
  };
  walk(options, []);
  return entries;
}

/**
 * The first `limit` places answering what the shopper typed, in the tree's order: each word is part of a name
 * on the path or, in latin letters, the start of a name's pinyin initials ('wlmq', '新疆 kts').
 */
export function searchRegions(index: readonly RegionEntry[], query: string, limit: number): RegionEntry[] {
  const words = queryWords(query);
  const found: RegionEntry[] = [];
  if (words.length === 0 || limit <= 0) return found;
  for (const entry of index) {
    if (wordsMatch(words, entry.names, entry.initials)) {
      found.push(entry);
      if (found.length >= limit) break;
    }
  }
  return found;
}

/** A suburb the Australian picker's search can answer with. */
export interface SuburbEntry {
  node: RegionNode;
  /** Name, postcode and other names, lower case. */
  text: string;
  /** The name in lower case. */
  name: string;
}

/** Every suburb of a state with its search text, in the state file's order. */
export function suburbSearchIndex(nodes: readonly RegionNode[]): SuburbEntry[] {
  return nodes.map((node) => ({
    node,
    text: [node.name, node.postCode ?? '', ...(node.aliases ?? [])].join(' ').toLowerCase(),
    name: node.name.toLowerCase(),
  }));
}

/**
 * The suburbs whose name, postcode or other name holds every typed word ('battery', '7004', 'st leonards'), at
 * most `limit`: those whose name or postcode starts with the first word first ('parra' → Parramatta before
 * North Parramatta), each group in the state file's order.
 */
export function searchSuburbs(index: readonly SuburbEntry[], query: string, limit: number): SuburbEntry[] {
  const words = queryWords(query);
  if (words.length === 0 || limit <= 0) return [];
  const first = words[0] ?? '';
  const starting: SuburbEntry[] = [];
  const others: SuburbEntry[] = [];
  for (const entry of index) {
    if (!words.every((w) => entry.text.includes(w))) continue;
    if (entry.name.startsWith(first) || entry.node.postCode?.startsWith(first)) {
      starting.push(entry);
      if (starting.length >= limit) break;
    } else if (others.length < limit) others.push(entry);
  }
  return [...starting, ...others].slice(0, limit);
}

/** The part of a shown name that a search matched: from start up to end, as string offsets. */
export type MatchRange = readonly [start: number, end: number];

const LATIN_WORD = /^[a-z]+$/;

/**
 * Where the typed words matched each name of a found place, for marking them (undefined where none did): a word
 * inside the name, or a name's pinyin initials ('kts' marks 奎屯 of 奎屯市, one initial per character). Asked only
 * about the few answers shown, never about the whole index.
 */
export function regionMatchRanges(query: string, entry: RegionEntry): (MatchRange | undefined)[] {
  const words = queryWords(query);
  return entry.names.map((name, i) => {
    for (const word of words) {
      const at = name.indexOf(word);
      if (at >= 0) return [at, at + word.length] as const;
    }
    const initials = entry.initials[i] ?? '';
    // Initials and characters pair up only when the name is all Chinese characters (not 嘉模堂区（氹仔）).
    if (initials.length !== name.length) return undefined;
    const word = words.find((w) => LATIN_WORD.test(w) && initials.startsWith(w));
    return word ? ([0, word.length] as const) : undefined;
  });
}

/** Where the first typed word that appears in it matched a suburb's name, and its postcode ('2150'). */
export function suburbMatchRanges(
  query: string,
  node: RegionNode,
): { name: MatchRange | undefined; postCode: MatchRange | undefined } {
  const words = queryWords(query);
  const within = (text: string): MatchRange | undefined => {
    const lower = text.toLowerCase();
    for (const word of words) {
      const at = lower.indexOf(word);
      if (at >= 0) return [at, at + word.length];
    }
    return undefined;
  };
  return { name: within(node.name), postCode: within(node.postCode ?? '') };
}
