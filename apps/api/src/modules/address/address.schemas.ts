import { text } from '@shop/domain';
import { z } from 'zod';

/**
 * Request and response shapes of the address calls (spec §7 'Addresses'). They live here until the
 * address contracts move to packages/domain with the address-book calls.
 */

export const AddressPaths = {
  /** spec §7: 'GET /res/static/address.json: static region tree, fetched once and cached'. */
  regionTree: '/res/static/address.json',
  /** The tree and each Australian state's suburbs under names that carry a hash of their content. */
  regionFile: '/res/static/regions/:file',
  intelligent: '/api/logisticsService/addressReceiver/intelligent/',
} as const;

export const regionFileParamsSchema = z.strictObject({
  file: text()
    .regex(/^[a-z-]+\.[0-9a-f]{10}\.json$/, '文件名格式不正确')
    .describe('带内容哈希的文件名，如 address.0123456789.json、au-tas.0123456789.json'),
});

export {
  ADDRESS_TEXT_MAX,
  type IntelligentRequest,
  intelligentRequestSchema,
  parsedAddressSchema,
  type RegionTree,
  regionNodeSchema,
  regionTreeSchema,
  stateSuburbFileSchema,
} from '@shop/domain';
