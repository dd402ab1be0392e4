import { createHash } from 'node:crypto';
import { REGION_FILES } from '@shop/domain';
import { type ParsedAddress, parseChineseAddress } from './address-parser';
import {
  buildFullRegionTree,
  buildRegionTree,
  type RegionFiles,
  type RegionRoot,
  readRegionFiles,
} from './regions';

export interface AddressServiceOptions {
  /** The region tree the parser reads; defaults to the shop's own with every suburb. Tests may pass a smaller one. */
  regions?: RegionRoot[];
}

/** A region file as served: its JSON text and a strong ETag of that text. */
export interface RegionFile {
  body: string;
  etag: string;
}

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
const served = (body: string): RegionFile => ({ body, etag: etagOf(body) });

/**
 * The address module's rules: the region files of spec §3 'Address tree' (served as static files, spec §7;
 * docs/regions.md) and the intelligent fill of the receiver form (spec §7 'Addresses', intelligent/).
 * Stateless: no database, so every API process serves the same files with the same ETags.
 */
export function createAddressService(options: AddressServiceOptions = {}) {
  const files: RegionFiles = readRegionFiles();
  const regionFile = served(files.tree);
  /** Files under /res/static/regions/ by their hashed name (REGION_FILES). */
  const hashedFiles = new Map<string, RegionFile>([[REGION_FILES.tree, regionFile]]);
  for (const [state, name] of Object.entries(REGION_FILES.states)) {
    const body = files.states.get(state);
    if (body !== undefined) hashedFiles.set(name, served(body));
  }
  // Built on the first parse: the suburbs of every state are only the parser's business.
  let regions = options.regions;
  return {
    /** The tree as served (roots are countries with maxDepth; Australia to state level). */
    regions: buildRegionTree(files) as readonly RegionRoot[],
    /** /res/static/address.json: the tree under its stable name. */
    regionFile,
    /** A file under /res/static/regions/ by name, or undefined. */
    hashedFile(name: string): RegionFile | undefined {
      return hashedFiles.get(name);
    },
    /** Reads name, phone, region, street and post code from pasted text (address-parser.ts). */
    parse(text: string): ParsedAddress {
      regions ??= buildFullRegionTree(files);
      return parseChineseAddress(text, regions);
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
