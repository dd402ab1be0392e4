import { z } from 'zod';
import '../zod-locale';
import { adminMemberListRequestSchema } from './admin-members';
import { SupplierApplicationStatus, SupplierLang } from './supplier';
import { text } from './text';

/**
 * The console's 供应商申请 (issue 'Staff console': supplier applications, contact notes, status), permission
 * supplier.manage. POST JSON under /api/adminService/ with the storefront's envelope and a staff token
 * (docs/decisions/019). The same service functions serve `supplier:list`, `supplier:show` and `supplier:status`.
 */
export const AdminSupplierPaths = {
  /** Applications newest first, by status and/or a keyword (company, contact, phone, e-mail). */
  list: '/api/adminService/supplier/list/',
  /** One application with its contact history, oldest first. */
  detail: '/api/adminService/supplier/detail/',
  /** A contact note and/or a new status, kept in the history and the audit log. */
  note: '/api/adminService/supplier/note/',
} as const;

/** Longest contact note the staff may write (one history entry). */
export const SUPPLIER_NOTE_MAX = 500;

// The console's lists page alike (page 1 first, 20 a page, at most 100): the members list's fields, not a copy.
const { pageNo, pageSize } = adminMemberListRequestSchema.shape;
const applicationId = z
  .number({ error: '请指定供应商申请' })
  .int('申请编号须为整数')
  .positive('申请编号须为正整数');
export const supplierApplicationStatusSchema = z.enum(SupplierApplicationStatus, {
  error: '状态须为 new、contacted、accepted 或 declined',
});

export const adminSupplierListRequestSchema = z.strictObject({
  pageNo,
  pageSize,
  status: supplierApplicationStatusSchema.optional(),
  /** Part of the company, contact, phone or e-mail (any case). */
  keyword: text({ trim: true }).max(64, '关键词最多64个字符').optional(),
});
export type AdminSupplierListRequest = z.input<typeof adminSupplierListRequestSchema>;
export type AdminSupplierListQuery = z.output<typeof adminSupplierListRequestSchema>;

/** An application as the list shows it (the detail adds the message, the address and the history). */
export const adminSupplierApplicationSchema = z.object({
  id: z.number().int(),
  company: z.string(),
  contact: z.string(),
  phone: z.string(),
  email: z.string(),
  /** Spec §3 'Countries' code. */
  country: z.string(),
  categories: z.string(),
  brands: z.string(),
  warehouseCountries: z.array(z.string()),
  /** The language it was sent in: the staff answer in it. */
  lang: z.enum(SupplierLang),
  status: z.enum(SupplierApplicationStatus),
  createTime: z.string(),
  updateTime: z.string(),
});
export type AdminSupplierApplication = z.infer<typeof adminSupplierApplicationSchema>;

export const adminSupplierListResponseSchema = z.object({
  items: z.array(adminSupplierApplicationSchema),
  totalCount: z.number().int(),
  /** Applications per status under the same keyword (every status, 0 when none). */
  statusCounts: z.record(z.string(), z.number().int()),
});
export type AdminSupplierListResponse = z.infer<typeof adminSupplierListResponseSchema>;

export const adminSupplierIdRequestSchema = z.strictObject({ id: applicationId });

/** One entry of an application's contact history. */
export const supplierNoteSchema = z.object({
  id: z.number().int(),
  /** '' when the entry only moved the status. */
  note: z.string(),
  /** The status the application moved to; null for a note alone. */
  status: z.enum(SupplierApplicationStatus).nullable(),
  /** The staff username, or 'cli' / 'cli:<--by>' for the command line. */
  by: z.string(),
  createTime: z.string(),
});
export type SupplierNote = z.infer<typeof supplierNoteSchema>;

export const adminSupplierDetailSchema = adminSupplierApplicationSchema.extend({
  message: z.string(),
  /** The client address it was sent from (follow-up of abuse). */
  clientAddress: z.string(),
  /** When its status last changed; null while it is new. */
  statusChangeTime: z.string().nullable(),
  /** The contact history, oldest first. */
  notes: z.array(supplierNoteSchema),
});
export type AdminSupplierDetail = z.infer<typeof adminSupplierDetailSchema>;

export const SUPPLIER_NOTE_REQUIRED = '请填写联系记录或选择新状态';

export const adminSupplierNoteRequestSchema = z
  .strictObject({
    id: applicationId,
    note: text({ trim: true, multiline: true })
      .max(SUPPLIER_NOTE_MAX, `联系记录最多${SUPPLIER_NOTE_MAX}个字符`)
      .optional(),
    /** The status to move to; absent keeps it. */
    status: supplierApplicationStatusSchema.optional(),
  })
  .refine((v) => Boolean(v.note) || v.status !== undefined, SUPPLIER_NOTE_REQUIRED);
export type AdminSupplierNoteRequest = z.infer<typeof adminSupplierNoteRequestSchema>;

export const adminSupplierNoteResponseSchema = z.object({
  /** The status before and after; equal when only a note was added. */
  before: z.enum(SupplierApplicationStatus),
  after: z.enum(SupplierApplicationStatus),
  /** The history entry written; null when nothing changed (the same status again, no note). */
  entry: supplierNoteSchema.nullable(),
});
export type AdminSupplierNoteResponse = z.infer<typeof adminSupplierNoteResponseSchema>;
