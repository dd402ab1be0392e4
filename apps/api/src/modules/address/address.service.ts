import { createHash } from 'node:crypto';
import { type ParsedAddress, parseChineseAddress } from './address-parser';
import { buildRegionTree, type RegionRoot } from './regions';

export interface AddressServiceOptions {
  /** The region tree; defaults to the shop's own (regions/). Tests may pass a smaller one. */
  regions?: RegionRoot[];
}

/** The region tree as served: its JSON text, built once, and a strong ETag of that text. */
export interface RegionFile {
  body: string;
  etag: string;
}

/**
 * The address module's rules: the region tree of spec §3 'Address tree' (served as a static file, spec
 * §7) and the intelligent fill of the receiver form (spec §7 'Addresses', intelligent/). Stateless: no
 * database, so every API process builds the same tree and the same ETag.
 */
export function createAddressService(options: AddressServiceOptions = {}) {
  const regions = options.regions ?? buildRegionTree();
  const body = JSON.stringify(regions);
  const regionFile: RegionFile = {
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
  };
  return {
    /** The tree (roots are countries with maxDepth). */
    regions: regions as readonly RegionRoot[],
    regionFile,
    /** Reads name, phone, region, street and post code from pasted text (address-parser.ts). */
    parse(text: string): ParsedAddress {
      return parseChineseAddress(text, regions);
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
