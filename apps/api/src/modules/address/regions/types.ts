/** The region tree's types are the domain's (spec §3 'Address tree'), shared with the storefront's picker. */
export type { RegionNode, RegionRoot } from '@shop/domain';
