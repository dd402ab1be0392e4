import fastifyMultipart from '@fastify/multipart';
import {
  AdminInvoicePaths,
  adminAdjustmentNoteRequestSchema,
  adminFapiaoFileRequestSchema,
  adminFapiaoIssueFieldsSchema,
  adminFapiaoListRequestSchema,
  adminFapiaoListResponseSchema,
  adminFapiaoSchema,
  adminTaxInvoiceRequestSchema,
  Permission,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { parseUploadFields, readUploadForm } from '../../lib/image-upload';
import { pdfResponses, sendPdf } from '../../lib/pdf-reply';
import { staffActor, staffSecurity } from '../../plugins/staff-auth';
import { FAPIAO_MAX_BYTES, InvoiceMessages, type InvoiceService } from './invoice.service';

const tags = ['admin'];

const pdfUpload = {
  notMultipart: '请以 multipart/form-data 上传，发票 PDF 放在 file 字段',
  noFile: '请选择发票 PDF 文件（file 字段）',
  tooLarge: InvoiceMessages.pdfTooLarge,
} as const;

/** The console's tax documents: an order's invoice and notes (order.read), the fapiao queue (invoice.issue). */
export const invoiceConsoleRoutes: FastifyPluginAsyncZod<{ invoices: InvoiceService }> = async (
  app,
  { invoices },
) => {
  // One PDF and two small fields, bounded before anything is buffered.
  await app.register(fastifyMultipart, {
    limits: { fileSize: FAPIAO_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 256 },
  });

  app.post(
    AdminInvoicePaths.taxInvoice,
    {
      onRequest: app.staffGuard(Permission.orderRead),
      schema: {
        tags,
        summary: '订单的税务发票（PDF）',
        description: '与会员下载的是同一张；尚未开具时开具并编号。',
        security: staffSecurity,
        body: adminTaxInvoiceRequestSchema,
        response: pdfResponses,
      },
    },
    async (request, reply) => sendPdf(reply, await invoices.staffTaxInvoice(request.body.orderNo)),
  );

  app.post(
    AdminInvoicePaths.adjustmentNote,
    {
      onRequest: app.staffGuard(Permission.orderRead),
      schema: {
        tags,
        summary: '订单的调整单（PDF）',
        description: '同会员的调整单下载：不给 noteNo 时为新退款开具一张，否则下载该张。',
        security: staffSecurity,
        body: adminAdjustmentNoteRequestSchema,
        response: pdfResponses,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await invoices.staffAdjustmentNote(request.body.orderNo, request.body.noteNo)),
  );

  app.post(
    AdminInvoicePaths.fapiaoList,
    {
      onRequest: app.staffGuard(Permission.invoiceIssue),
      schema: {
        tags,
        summary: '发票申请列表',
        description:
          '待开票在前（先申请的在前），再是已开票；按状态（pending 待开票、issued 已开票）和订单号、抬头或税号筛选。',
        security: staffSecurity,
        body: adminFapiaoListRequestSchema,
        response: responses(adminFapiaoListResponseSchema),
      },
    },
    async (request) => ok(await invoices.staffFapiaoList(request.body)),
  );

  app.post(
    AdminInvoicePaths.fapiaoIssue,
    {
      onRequest: app.staffGuard(Permission.invoiceIssue),
      schema: {
        tags,
        summary: '上传已开发票',
        description:
          'multipart/form-data：id 申请编号，fapiaoNo 发票号码（8-20位数字或字母），发票 PDF 放在 file 字段（最多 5 MB，按文件内容判断）。' +
          '申请变为已开票，会员可下载；已开票的申请不能再次上传。税控开票在商城之外完成。',
        security: staffSecurity,
        consumes: ['multipart/form-data'],
        response: responses(adminFapiaoSchema),
      },
    },
    async (request) => {
      const { bytes, fields } = await readUploadForm(request, 'file', pdfUpload);
      const input = parseUploadFields(adminFapiaoIssueFieldsSchema, fields);
      return ok(await invoices.issueFapiao(staffActor(request), input, bytes), InvoiceMessages.issued);
    },
  );

  app.post(
    AdminInvoicePaths.fapiaoFile,
    {
      onRequest: app.staffGuard(Permission.invoiceIssue),
      schema: {
        tags,
        summary: '下载已开发票（PDF）',
        security: staffSecurity,
        body: adminFapiaoFileRequestSchema,
        response: pdfResponses,
      },
    },
    async (request, reply) => sendPdf(reply, await invoices.staffFapiaoFile(request.body.id)),
  );
};
