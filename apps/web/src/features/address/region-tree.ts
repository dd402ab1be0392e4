import { REGION_RENAMES, type RegionNode, type RegionRoot } from '@shop/domain';

/**
 * Reading the static region tree of /res/static/address.json (spec §3 'Address tree'; its shape is the domain's
 * regionTreeSchema): one root per country with its maximum depth. Addresses store the names.
 */

/** A region as the picker lists it: the region's name is its value, as the address stores it. */
export interface RegionOption {
  value: string;
  label: string;
  /** Pinyin initials of a Chinese name, for the search. */
  py?: string;
  postCode?: string;
  children?: RegionOption[];
}

function toOptions(nodes: readonly RegionNode[], levelsLeft: number): RegionOption[] {
  return nodes.map((node) => {
    const children =
      levelsLeft > 1 && node.children?.length ? toOptions(node.children, levelsLeft - 1) : undefined;
    return {
      value: node.name,
      label: node.name,
      ...(node.py ? { py: node.py } : {}),
      ...(node.postCode ? { postCode: node.postCode } : {}),
      ...(children ? { children } : {}),
    };
  });
}

/** The picker's options of a country, never deeper than its maxDepth (spec §3 'each root having a maximum depth'). */
export function regionOptions(root: RegionRoot, depth = root.maxDepth): RegionOption[] {
  return toOptions(root.children, depth);
}

/** The nodes along a path of names, as far as the tree (and the root's depth) has them. */
function nodesOf(root: RegionRoot, names: readonly string[]): RegionNode[] {
  const nodes: RegionNode[] = [];
  let level: readonly RegionNode[] = root.children;
  for (const name of names.slice(0, root.maxDepth)) {
    if (!name) break;
    const node = level.find((n) => n.name === name);
    if (!node) break;
    nodes.push(node);
    level = node.children ?? [];
  }
  return nodes;
}

/** The part of a path of names that exists in the tree, e.g. a parsed province and city without a district. */
export function regionPath(root: RegionRoot, names: readonly string[]): string[] {
  return nodesOf(root, names).map((n) => n.name);
}

/** The postcode of the deepest region on the path that has one. */
export function regionPostCode(root: RegionRoot, names: readonly string[]): string | undefined {
  return nodesOf(root, names)
    .reverse()
    .find((n) => n.postCode)?.postCode;
}

/** The country whose tree holds this top-level region (a parsed address names its province, not its country). */
export function rootOfRegion(tree: readonly RegionRoot[], province: string): RegionRoot | undefined {
  if (!province) return undefined;
  return tree.find((root) => root.children.some((n) => n.name === province));
}

/** The words of what the shopper typed, lower case ('新疆 奎屯' → ['新疆', '奎屯']). */
export function queryWords(query: string): string[] {
  return query.trim().toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * Whether a path of places answers the typed words: each word is part of a name ('奎屯', 'hobart') or, in
 * latin letters, the start of a name's pinyin initials ('wlmq' → 乌鲁木齐市, initials precomputed in the tree).
 */
export function pathMatches(
  words: readonly string[],
  path: readonly { label: string; py?: string }[],
): boolean {
  return wordsMatch(
    words,
    path.map((o) => o.label.toLowerCase()),
    path.map((o) => o.py ?? ''),
  );
}

const LATIN = /^[a-z]+$/;

/**
 * pathMatches on a path's names already in lower case and its pinyin initials ('' for none): the search index
 * (region-search.ts) keeps both per place, so a keystroke lower-cases nothing.
 */
export function wordsMatch(
  words: readonly string[],
  names: readonly string[],
  initials: readonly string[],
): boolean {
  for (const word of words) {
    const latin = LATIN.test(word);
    let found = false;
    for (let i = 0; i < names.length && !found; i += 1) {
      found = (names[i] ?? '').includes(word) || (latin && (initials[i] ?? '').startsWith(word));
    }
    if (!found) return false;
  }
  return true;
}

/** How an address's stored region reads against today's tree. */
export type RegionStatus =
  /** Every name is in the tree (path as the tree names it; a renamed place under its new name). */
  | { kind: 'ok'; path: string[] }
  /** The names stop above the deepest level the tree has there (a city that now has districts). */
  | { kind: 'incomplete'; path: string[] }
  /** A name the tree no longer has: the owner is asked to pick the region again. */
  | { kind: 'unknown'; path: string[] }
  /** The state's suburbs are still loading. */
  | { kind: 'loading'; path: string[] };

/**
 * Checks an address's province, city and district against the tree (and, in Australia, the state's suburbs),
 * through REGION_RENAMES for names the shop's earlier tree used (docs/regions.md).
 */
export function regionStatus(
  root: RegionRoot,
  names: readonly string[],
  suburbs: readonly RegionNode[] | undefined,
): RegionStatus {
  const stored = names.filter((n) => n !== '');
  const path = [...(REGION_RENAMES[`${root.code}:${stored.join('/')}`] ?? stored)];
  const nodes = nodesOf(root, path);
  const found = nodes.map((n) => n.name);
  if (root.code === 'AU') {
    const state = nodes[0];
    if (!state || path.length < 2) return { kind: state ? 'incomplete' : 'unknown', path: found };
    if (!suburbs) return { kind: 'loading', path };
    return suburbs.some((s) => s.name === path[1]) ? { kind: 'ok', path } : { kind: 'unknown', path: found };
  }
  if (nodes.length < path.length || nodes.length === 0) return { kind: 'unknown', path: found };
  const last = nodes[nodes.length - 1];
  if (nodes.length < root.maxDepth && last?.children?.length) return { kind: 'incomplete', path: found };
  return { kind: 'ok', path: found };
}
