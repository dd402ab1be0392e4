import type { Address } from '@shop/domain';
import { useRegionTree } from './api/get-region-tree';
import { useStateSuburbs } from './api/get-state-suburbs';
import { type RegionStatus, regionStatus } from './region-tree';

/** The Australian state code of a state name ('塔斯马尼亚州' → 'AU-TAS'), through the tree. */
function stateCode(tree: ReturnType<typeof useRegionTree>['data'], province: string): string | undefined {
  const au = tree?.find((r) => r.code === 'AU');
  return au?.children.find((s) => s.name === province)?.code;
}

/**
 * Whether an address's region still matches the tree (undefined for a country without one, or while the
 * tree loads): the address card and the edit form ask the owner to pick it again when it does not.
 */
export function useRegionStatus(
  address: Pick<Address, 'country' | 'province' | 'city' | 'district'> | undefined,
): RegionStatus | undefined {
  const { data: tree } = useRegionTree();
  const root = address ? tree?.find((r) => r.code === address.country) : undefined;
  const state = address && root?.code === 'AU' ? stateCode(tree, address.province) : undefined;
  const suburbs = useStateSuburbs(state);
  if (!address || !root) return undefined;
  return regionStatus(root, [address.province, address.city, address.district], suburbs.data);
}
