import { z } from 'zod';
import '../zod-locale';
import { Country } from '../country';
import { captchaAnswerFields } from './member';
import { text } from './text';

/**
 * The supplier area (spec §1 'a supplier area', §2 /supplier…; docs/design.md 'supplier area'): a landing page per
 * language built from the blocks its routes name (Nav0, Banner1, Feature0, Feature5), filled from a template the
 * operator edits, and the application form of 成为供应商 / Become a supplier.
 */

export const SupplierLang = { zh: 'zh', en: 'en' } as const;
export type SupplierLang = (typeof SupplierLang)[keyof typeof SupplierLang];

/** The blocks of the landing page, in page order; each has a preview route /supplier/{block}. */
export const SUPPLIER_BLOCKS = ['Nav0', 'Banner1', 'Feature0', 'Feature5'] as const;
export type SupplierBlock = (typeof SUPPLIER_BLOCKS)[number];

const line = (max: number) => z.string().trim().min(1).max(max);
const paragraph = (max: number) => z.string().trim().min(1).max(max);

/**
 * The content of one language's landing page (templates `supplier` and `supplierEn`). Strict at every level: a
 * key the page does not draw is refused when the operator saves, rather than silently ignored.
 */
export const supplierTemplateSchema = z.strictObject({
  Nav0: z.strictObject({
    /** The name at the left of the bar. */
    title: line(40),
    /** In-page links: `anchor` is the id of a block (Banner1, Feature0, Feature5) or 'apply' (the form). */
    links: z.array(z.strictObject({ label: line(20), anchor: z.enum([...SUPPLIER_BLOCKS, 'apply']) })).max(6),
    /** The button that leads to the form. */
    cta: line(20),
  }),
  Banner1: z.strictObject({
    title: line(60),
    subtitle: paragraph(300),
    cta: line(20),
    /** Short facts under the title, e.g. '9 个海外仓'. */
    highlights: z.array(line(40)).max(4),
  }),
  Feature0: z.strictObject({
    title: line(60),
    subtitle: paragraph(200).optional(),
    /** Why sell through the shop: each a figure (e.g. '9'), a title and a sentence. */
    items: z
      .array(z.strictObject({ figure: line(12), title: line(40), text: paragraph(200) }))
      .min(1)
      .max(6),
  }),
  Feature5: z.strictObject({
    title: line(60),
    subtitle: paragraph(200).optional(),
    /** How it works, in order. */
    steps: z
      .array(z.strictObject({ title: line(40), text: paragraph(200) }))
      .min(1)
      .max(6),
  }),
  /** The application form's heading and the line under it. */
  apply: z.strictObject({ title: line(40), intro: paragraph(300) }),
});
export type SupplierTemplate = z.infer<typeof supplierTemplateSchema>;

/** The state of an application as the staff follow it up. */
export const SupplierApplicationStatus = {
  new: 'new',
  contacted: 'contacted',
  accepted: 'accepted',
  declined: 'declined',
} as const;
export type SupplierApplicationStatus =
  (typeof SupplierApplicationStatus)[keyof typeof SupplierApplicationStatus];

export const SUPPLIER_APPLICATION_STATUS_LABELS: Readonly<Record<SupplierApplicationStatus, string>> = {
  new: '新申请',
  contacted: '已联系',
  accepted: '已合作',
  declined: '已婉拒',
};

/** The countries an application may name: spec §3 'Countries'. Warehouses: every country but OTHER. */
export const SUPPLIER_COUNTRIES = Object.values(Country);
export const SUPPLIER_WAREHOUSE_COUNTRIES = SUPPLIER_COUNTRIES.filter((c) => c !== Country.OTHER);

/** Limits of the form's fields, shared by the page's own checks and the server's. */
export const SUPPLIER_FIELD_MAX = {
  company: 100,
  contact: 50,
  email: 120,
  categories: 200,
  brands: 200,
  message: 2000,
} as const;

// Every message in both languages: the form is offered in Chinese and English (the page checks first, in its
// own language; these are what an API client gets).
const m = (zh: string, en: string) => `${zh} / ${en}`;

const required = (zh: string, en: string, max: number) =>
  text({ error: m(`请填写${zh}`, `Please enter ${en}`), trim: true })
    .min(1, m(`请填写${zh}`, `Please enter ${en}`))
    .max(max, m(`${zh}最多${max}个字符`, `${en} may have at most ${max} characters`));

export const SUPPLIER_PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,24}$/;

/** 成为供应商 / Become a supplier: the application form (POST SupplierPaths.submitApplication). */
export const supplierApplicationRequestSchema = z.strictObject({
  /** The page's language: the confirmation is written in it. */
  lang: z.enum(SupplierLang, { error: m('语言须为 zh 或 en', 'lang must be zh or en') }).optional(),
  company: required('公司名称', 'the company name', SUPPLIER_FIELD_MAX.company),
  contact: required('联系人', 'a contact person', SUPPLIER_FIELD_MAX.contact),
  phone: text({ error: m('请填写电话', 'Please enter a phone number'), trim: true }).regex(
    SUPPLIER_PHONE_PATTERN,
    m('电话格式不正确', 'The phone number is not valid'),
  ),
  email: text({ error: m('请填写邮箱', 'Please enter an e-mail address'), trim: true })
    .max(SUPPLIER_FIELD_MAX.email, m('邮箱最多120个字符', 'The e-mail address is too long'))
    .regex(z.regexes.email, m('邮箱格式不正确', 'The e-mail address is not valid')),
  country: z.enum(SUPPLIER_COUNTRIES, { error: m('请选择所在国家', 'Please choose a country') }),
  categories: required('主营品类', 'your product categories', SUPPLIER_FIELD_MAX.categories),
  brands: text({ trim: true })
    .max(
      SUPPLIER_FIELD_MAX.brands,
      m(`品牌最多${SUPPLIER_FIELD_MAX.brands}个字符`, 'The brands field is too long'),
    )
    .optional(),
  warehouseCountries: z
    .array(
      z.enum(SUPPLIER_WAREHOUSE_COUNTRIES, {
        error: m('请选择发货仓所在国家', 'Please choose warehouse countries'),
      }),
      { error: m('请选择发货仓所在国家', 'Please choose warehouse countries') },
    )
    .min(1, m('请至少选择一个发货仓国家', 'Please choose at least one warehouse country'))
    .max(SUPPLIER_WAREHOUSE_COUNTRIES.length)
    .refine((list) => new Set(list).size === list.length, m('发货仓国家重复', 'A country is listed twice')),
  message: text({ trim: true, multiline: true })
    .max(
      SUPPLIER_FIELD_MAX.message,
      m(`留言最多${SUPPLIER_FIELD_MAX.message}个字符`, 'The message is too long'),
    )
    .optional(),
  ...captchaAnswerFields,
});
export type SupplierApplicationRequest = z.infer<typeof supplierApplicationRequestSchema>;

export const supplierApplicationResponseSchema = z.object({
  id: z.number().int(),
  status: z.enum(SupplierApplicationStatus),
  /** The confirmation, in the language of the page that sent the form. */
  confirmation: z.string(),
});
export type SupplierApplicationResponse = z.infer<typeof supplierApplicationResponseSchema>;
