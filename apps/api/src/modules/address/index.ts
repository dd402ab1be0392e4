/**
 * The address module (spec §3 'Address tree', §7 'Addresses'). Wiring, for app.ts / services.ts:
 *   services: `address: createAddressService()`
 *   app:      `await app.register(addressRoutes, { addresses: services.address })` (after the auth plugin)
 */

export { addressRoutes, REGION_FILE_CACHE_CONTROL, REGION_TREE_CACHE_CONTROL } from './address.routes';
export {
  ADDRESS_TEXT_MAX,
  AddressPaths,
  type IntelligentRequest,
  intelligentRequestSchema,
  parsedAddressSchema,
  regionTreeSchema,
} from './address.schemas';
export { type AddressService, createAddressService, type RegionFile } from './address.service';
export { type ParsedAddress, parseChineseAddress } from './address-parser';
export {
  buildFullRegionTree,
  buildRegionTree,
  type RegionNode,
  type RegionRoot,
  readRegionFiles,
} from './regions';
