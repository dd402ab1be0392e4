import { z } from 'zod';
import '../zod-locale';
import { COUNTRY_LABELS, Country } from '../country';
import { text } from './text';

/**
 * Sender and receiver address books (spec §3 'Sender address / receiver address', §4 'Address state', §7
 * 'Addresses'). Both books share one shape; `defaultFlag` marks the member's default entry (at most one).
 */

const id = z.number({ error: '编号须为数字' }).int('编号须为整数').positive('编号须为正整数');
const requiredText = (label: string, max: number, multiline = false) =>
  text({ error: `请输入${label}`, trim: true, multiline })
    .min(1, `请输入${label}`)
    .max(max, `${label}最多${max}个字符`);
const optionalText = (label: string, max: number) =>
  text({ trim: true }).max(max, `${label}最多${max}个字符`).optional();

export const ADDRESS_BOOK_LIMIT = 50;

/**
 * The countries an address may be in (spec §3 'Countries'). China and Australia have a region tree in
 * /res/static/address.json (regions picked); the others are typed as free text.
 */
export const ADDRESS_COUNTRIES: readonly Country[] = Object.values(Country);

/**
 * What a postcode of each country looks like, and how the refusal describes it (an empty postcode is allowed).
 * At most 8 characters, as the address book keeps them.
 */
export const POSTCODE_RULES: Readonly<Record<Country, { pattern: RegExp; hint: string }>> = {
  // As before this change: the region tree's postcodes (China 6 digits, Australia 4) and hand-typed ones.
  [Country.CN]: { pattern: /^[0-9]{4,6}$/, hint: '为4至6位数字' },
  [Country.AU]: { pattern: /^[0-9]{4,6}$/, hint: '为4至6位数字' },
  [Country.NZ]: { pattern: /^[0-9]{4}$/, hint: '为4位数字' },
  [Country.US]: { pattern: /^[0-9]{5}$/, hint: '为5位数字' },
  // Hong Kong has no postcodes; 999077 is the one written on parcels from China.
  [Country.HK]: { pattern: /^999077$/, hint: '可不填，或填 999077' },
  [Country.KR]: { pattern: /^[0-9]{5}$/, hint: '为5位数字' },
  [Country.JP]: { pattern: /^[0-9]{3}-?[0-9]{4}$/, hint: '为7位数字（如 100-0001）' },
  [Country.EU]: { pattern: /^[A-Za-z0-9][A-Za-z0-9 -]{1,7}$/, hint: '为2至8位字母或数字' },
  [Country.OTHER]: { pattern: /^[A-Za-z0-9][A-Za-z0-9 -]{1,7}$/, hint: '为2至8位字母或数字' },
};

/** Why a postcode is refused for a country, or null when it fits (or is empty: a postcode is optional). */
export function postCodeProblem(country: Country, postCode: string): string | null {
  if (postCode === '') return null;
  const rule = POSTCODE_RULES[country];
  return rule.pattern.test(postCode) ? null : `邮编格式不正确：${COUNTRY_LABELS[country]}邮编${rule.hint}`;
}

/** An address as stored and listed. */
export const addressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  /** Country code (spec §3 'Countries'); CN and AU are roots of the region tree, the others typed. */
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
  /**
   * The company's entry (issue #38): every member of the member's company lists and uses it; absent or false for
   * the member's own.
   */
  shared: z.boolean().optional(),
  /** Whether the caller may change or delete it: their own, or a company entry for the company's admins. */
  editable: z.boolean().optional(),
});
export type Address = z.infer<typeof addressSchema>;

/** saveOrUpdate/: without id creates, with id updates the member's own entry. */
export const addressSaveRequestSchema = z
  .strictObject({
    id: id.optional(),
    name: requiredText('收件人姓名', 50),
    phone: text({ error: '请输入手机号', trim: true }).regex(/^\+?[0-9][0-9 -]{5,19}$/, '手机号格式不正确'),
    country: z.enum(Country, { error: `国家须为 ${ADDRESS_COUNTRIES.join('、')} 之一` }).default(Country.CN),
    // The region tree's province or state; for a country without one, the state, province or region as typed.
    province: requiredText('省份/州/地区', 40),
    city: optionalText('城市', 40).default(''),
    district: optionalText('区县', 40).default(''),
    // Typed in a two-line box on the address form.
    detail: requiredText('详细地址', 200, true),
    postCode: text({ trim: true }).max(8, '邮编格式不正确').default(''),
    company: optionalText('公司名称', 100).default(''),
    idCardNo: text({ trim: true })
      .regex(/^$|^[0-9]{17}[0-9Xx]$/, '身份证号格式不正确')
      .default(''),
    defaultFlag: z.boolean().default(false),
    /** A new entry for the caller's company's book (its admins only); an entry keeps its book when updated. */
    shared: z.boolean().default(false),
  })
  .superRefine((address, ctx) => {
    const problem = postCodeProblem(address.country, address.postCode);
    if (problem) ctx.addIssue({ code: 'custom', path: ['postCode'], message: problem });
  });
export type AddressSaveRequest = z.input<typeof addressSaveRequestSchema>;

export const addressListRequestSchema = z.strictObject({});
export const addressListResponseSchema = z.array(addressSchema);
export const addressDeleteRequestSchema = z.strictObject({ id });

/** addressReceiver/intelligent/: the fields recognised in a pasted address; one not found is ''. */
export const ADDRESS_TEXT_MAX = 500;

/** The intelligent fill of the receiver form (addressReceiver/intelligent/): the pasted text. */
export const intelligentRequestSchema = z.strictObject({
  // Pasted text often spans several lines.
  text: text({ error: '请输入地址文本', trim: true, multiline: true })
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
export type ParsedAddress = z.infer<typeof parsedAddressSchema>;

/**
 * The static region tree of /res/static/address.json (spec §3 'Address tree'; built by `npm run regions:build`,
 * docs/regions.md): one root per country with its maximum depth (China 3: province → city → county-level
 * unit; Australia 2: state → suburb). The tree holds China to county level and Australia to state level; an
 * Australian state's suburbs are a file of their own (REGION_FILES.states), fetched when the state is
 * chosen. Addresses store the names.
 */
export interface RegionNode {
  /**
   * Unique in the whole tree. China: 'CN' + the 6-digit GB/T 2260 division code; Australia: 'AU-NSW' for a
   * state, 'AU-NSW-2000-SYDNEY' for a suburb (suburbCode).
   */
  code: string;
  /** The name a shopper picks and the parser answers (Chinese; an Australian suburb's English name). */
  name: string;
  /** English name (Australian states), so an address written in English can be matched. */
  enName?: string;
  /** China: the city's 6-digit postal code; Australia: the suburb's 4-digit postcode. */
  postCode?: string;
  /** Pinyin initials of a Chinese name, for the picker's search ('wlmqs' for 乌鲁木齐市). */
  py?: string;
  /** Other names shoppers write for the place (the Chinese name of an Australian city: 悉尼). */
  aliases?: string[];
  children?: RegionNode[];
}
export const regionNodeSchema: z.ZodType<RegionNode> = z.lazy(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    enName: z.string().optional(),
    postCode: z.string().optional(),
    py: z.string().optional().describe('拼音首字母（中文地名），用于搜索'),
    aliases: z.array(z.string()).optional(),
    children: z.array(regionNodeSchema).optional(),
  }),
);
export const regionRootSchema = z.object({
  code: z.string().describe('国家代码：CN、AU'),
  name: z.string(),
  enName: z.string().optional(),
  maxDepth: z
    .number()
    .int()
    .describe('该国地址的最大层级：中国3（省/市/区县），澳洲2（州/城镇，城镇按州另行加载）'),
  children: z.array(regionNodeSchema),
});
/** A root of the tree: a country, with the number of levels below it (spec §3: 'each root having a maximum depth'). */
export type RegionRoot = z.infer<typeof regionRootSchema>;
export const regionTreeSchema = z.array(regionRootSchema).describe('地址区域树：每个根节点为一个国家');
export type RegionTree = z.infer<typeof regionTreeSchema>;

/**
 * One Australian state's suburbs as served (/res/static/regions/au-tas.<hash>.json): names grouped by postcode,
 * so the largest state stays small; suburbNodes() turns it into region nodes.
 */
export interface StateSuburbFile {
  /** The state's code ('AU-TAS'). */
  state: string;
  /** [postcode, suburb name, suburb name, …], by postcode. */
  postcodes: [string, ...string[]][];
  /** Other names of a suburb, by its code. */
  aliases: Record<string, string[]>;
}
export const stateSuburbFileSchema = z.object({
  state: z.string().describe('州代码，如 AU-TAS'),
  postcodes: z
    .array(z.tuple([z.string()], z.string()))
    .describe('按邮编分组的城镇：[邮编, 城镇名, 城镇名, …]'),
  aliases: z.record(z.string(), z.array(z.string())).describe('城镇的其他名称（中文名），按城镇代码'),
});

/** The URL of a region file named in REGION_FILES ('/res/static/regions/address.0123456789.json'). */
export function regionFileUrl(name: string): string {
  return `/res/static/regions/${name}`;
}

/** An Australian suburb's code: the state's, its postcode and its name ('AU-TAS-7000-HOBART'). */
export function suburbCode(state: string, postCode: string, name: string): string {
  const slug = name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${state}-${postCode}-${slug}`;
}

/** The suburbs of a state file as region nodes, sorted by name (then postcode). */
export function suburbNodes(file: StateSuburbFile): RegionNode[] {
  const nodes: RegionNode[] = [];
  for (const [postCode, ...names] of file.postcodes) {
    for (const name of names) {
      const code = suburbCode(file.state, postCode, name);
      const aliases = file.aliases[code];
      nodes.push({ code, name, postCode, ...(aliases ? { aliases } : {}) });
    }
  }
  return nodes.sort((a, b) =>
    a.name === b.name ? (a.postCode ?? '').localeCompare(b.postCode ?? '') : a.name < b.name ? -1 : 1,
  );
}

/**
 * The address a cart uses (spec §3): the default entry, else the first; for receivers an empty object when
 * the book is empty (returned here as null).
 */
export function chosenAddress<A extends { defaultFlag: boolean }>(book: readonly A[]): A | null {
  return book.find((a) => a.defaultFlag) ?? book[0] ?? null;
}
