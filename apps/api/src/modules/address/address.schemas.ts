import '@shop/domain'; // Chinese zod messages (zod-locale)
import { z } from 'zod';
import type { RegionNode } from './regions';

/**
 * Request and response shapes of the address calls (spec §7 'Addresses'). They live here until the
 * address contracts move to packages/domain with the address-book calls.
 */

export const AddressPaths = {
  /** spec §7: 'GET /res/static/address.json: static region tree, fetched once and cached'. */
  regionTree: '/res/static/address.json',
  intelligent: '/api/logisticsService/addressReceiver/intelligent/',
} as const;

export const ADDRESS_TEXT_MAX = 500;

export const intelligentRequestSchema = z.strictObject({
  text: z
    .string({ error: '请输入地址文本' })
    .trim()
    .min(1, '请输入地址文本')
    .max(ADDRESS_TEXT_MAX, `地址文本最多${ADDRESS_TEXT_MAX}个字符`)
    .describe('地址文本：粘贴的收货信息，如「张三 13800138000 广东省深圳市南山区科技园路1号」'),
});
export type IntelligentRequest = z.infer<typeof intelligentRequestSchema>;

export const parsedAddressSchema = z.object({
  name: z.string().describe('收货人姓名，未识别为空串'),
  phone: z.string().describe('电话：手机11位数字，座机「区号-号码」，澳洲10位数字'),
  province: z.string().describe('省/直辖市/自治区，或澳洲的州（地址树中的名称）'),
  city: z.string().describe('城市；直辖市与省同名（如 北京市）'),
  district: z.string().describe('区/县'),
  detail: z.string().describe('详细地址（街道门牌）'),
  postCode: z.string().describe('邮编：文本中的邮编，否则所识别城市的邮编，否则空串'),
});

export const regionNodeSchema: z.ZodType<RegionNode> = z.lazy(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    enName: z.string().optional(),
    postCode: z.string().optional(),
    children: z.array(regionNodeSchema).optional(),
  }),
);

export const regionTreeSchema = z
  .array(
    z.object({
      code: z.string().describe('国家代码：CN、AU'),
      name: z.string(),
      enName: z.string().optional(),
      maxDepth: z.number().int().describe('该国地址的最大层级：中国3（省/市/区），澳洲2（州/城市）'),
      children: z.array(regionNodeSchema),
    }),
  )
  .describe('地址区域树：每个根节点为一个国家');
export type RegionTree = z.infer<typeof regionTreeSchema>;
