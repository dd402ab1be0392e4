import type { CategoryNode } from './contracts/catalogue';

/** The chain of categories from a root down to the one with this id, or [] when it is not in the tree. */
function pathTo(nodes: readonly CategoryNode[], id: number): CategoryNode[] {
  for (const node of nodes) {
    if (node.id === id) return [node];
    const below = pathTo(node.children, id);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

/** What the product list shows of the category tree at /products/{cateId?}. */
export interface CategoryNavView {
  /** Root down to the current category; [] on the whole list (or an unknown category). */
  chain: CategoryNode[];
  /** The chips under the path. */
  chips: readonly CategoryNode[];
  /** Whether a '全部' chip leads to the current category itself (or the whole list). */
  showAll: boolean;
}

/**
 * The product list's category path and chips (spec §2 /products/{cateId}): a category's children, or its siblings
 * when it has none so the shopper can move sideways; the roots on the whole list. The storefront's CategoryNav and
 * the server's first view of the list (ADR 051) draw the same.
 */
export function categoryNavView(roots: readonly CategoryNode[], cateId?: number): CategoryNavView {
  const chain = cateId ? pathTo(roots, cateId) : [];
  const current = chain.at(-1);
  const parent = chain.at(-2);
  const chips = current
    ? current.children.length > 0
      ? current.children
      : (parent?.children ?? roots)
    : roots;
  return { chain, chips, showAll: !current || current.children.length > 0 };
}
