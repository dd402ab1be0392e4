import { z } from 'zod';
import '../zod-locale';

/**
 * Sender and receiver address books (spec §3 'Sender address / receiver address', §4 'Address state', §7
 * 'Addresses'). Both books share one shape; `defaultFlag` marks the member's default entry (at most one).
 */

const id = z.number({ error: '编号须为数字' }).int('编号须为整数').positive('编号须为正整数');
const text = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}最多${max}个字符`);
const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label}最多${max}个字符`).optional();

export const ADDRESS_BOOK_LIMIT = 50;

/** An address as stored and listed. */
export const addressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  /** Country code of the region tree's root ('CN', 'AU'). */
  country: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  detail: z.string(),
  postCode: z.string(),
  company: z.string(),
  /** Chinese resident ID for customs clearance of cross-border parcels; receivers only, may be empty. */
  idCardNo: z.string(),
  defaultFlag: z.boolean(),
  updatedAt: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/** saveOrUpdate/: without id creates, with id updates the member's own entry. */
export const addressSaveRequestSchema = z.strictObject({
  id: id.optional(),
  name: text('收件人姓名', 50),
  phone: z
    .string({ error: '请输入手机号' })
    .trim()
    .regex(/^\+?[0-9][0-9 -]{5,19}$/, '手机号格式不正确'),
  country: z.enum(['CN', 'AU'], { error: '国家须为 CN 或 AU' }).default('CN'),
  province: text('省份', 40),
  city: optionalText('城市', 40).default(''),
  district: optionalText('区县', 40).default(''),
  detail: text('详细地址', 200),
  postCode: z
    .string()
    .trim()
    .regex(/^$|^[0-9]{4,6}$/, '邮编格式不正确')
    .default(''),
  company: optionalText('公司名称', 100).default(''),
  idCardNo: z
    .string()
    .trim()
    .regex(/^$|^[0-9]{17}[0-9Xx]$/, '身份证号格式不正确')
    .default(''),
  defaultFlag: z.boolean().default(false),
});
export type AddressSaveRequest = z.input<typeof addressSaveRequestSchema>;

export const addressListRequestSchema = z.strictObject({});
export const addressListResponseSchema = z.array(addressSchema);
export const addressDeleteRequestSchema = z.strictObject({ id });

/**
 * The address a cart uses (spec §3): the default entry, else the first; for receivers an empty object when
 * the book is empty (returned here as null).
 */
export function chosenAddress<A extends { defaultFlag: boolean }>(book: readonly A[]): A | null {
  return book.find((a) => a.defaultFlag) ?? book[0] ?? null;
}
