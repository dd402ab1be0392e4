import type { RegionNode, RegionRoot } from '@shop/domain';

/**
 * Reading the static region tree of /res/static/address.json (spec §3 'Address tree'; its shape is the domain's
 * regionTreeSchema): one root per country with its maximum depth. Addresses store the names.
 */

/** A cascader option: the region's name is its value, as the address stores it. */
export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

function toOptions(nodes: readonly RegionNode[], levelsLeft: number): RegionOption[] {
  return nodes.map((node) => {
    const children =
      levelsLeft > 1 && node.children?.length ? toOptions(node.children, levelsLeft - 1) : undefined;
    return { value: node.name, label: node.name, ...(children ? { children } : {}) };
  });
}

/** The cascader options of a country, never deeper than its maxDepth (spec §3 'each root having a maximum depth'). */
export function regionOptions(root: RegionRoot): RegionOption[] {
  return toOptions(root.children, root.maxDepth);
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
