import {
  adjustmentNoteRequestSchema,
  fapiaoFileRequestSchema,
  fapiaoRequestSchema,
  fapiaoSchema,
  InvoicePaths,
  taxDocumentsRequestSchema,
  taxDocumentsResponseSchema,
  taxInvoiceRequestSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { pdfResponses, sendPdf } from '../../lib/pdf-reply';
import { requireMember } from '../../plugins/auth';
import { InvoiceMessages, type InvoiceService } from './invoice.service';

const bearer = [{ bearerAuth: [] }];
const tags = ['order'];

/**
 * The member's tax documents (docs/invoices.md): downloads answer the PDF as a blob like the spec's exports;
 * another member's order answers 404 '订单不存在'.
 */
export const invoiceRoutes: FastifyPluginAsyncZod<{ invoices: InvoiceService }> = async (
  app,
  { invoices },
) => {
  const member = { onRequest: app.authenticate };

  app.post(
    InvoicePaths.taxInvoice,
    {
      ...member,
      schema: {
        tags,
        summary: '下载税务发票（Tax invoice，PDF）',
        description:
          '自己已付款的澳币订单：第一次下载时开具并编号（全店连续编号，不跳号），以后下载同一张。' +
          '人民币订单、未付款订单返回中文错误；满 A$1,000 的发票须有买方名称或ABN。',
        security: bearer,
        body: taxInvoiceRequestSchema,
        response: pdfResponses,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await invoices.taxInvoice(requireMember(request), request.body.orderId)),
  );

  app.post(
    InvoicePaths.adjustmentNote,
    {
      ...member,
      schema: {
        tags,
        summary: '下载调整单（Adjustment note，PDF）',
        description:
          '有退款的澳币订单：不给 noteNo 时，为尚未开调整单的退款开具一张（冲减相应GST）并下载，没有新退款时下载最新一张；' +
          '给 noteNo 时下载该张。调整单引用订单的税务发票。',
        security: bearer,
        body: adjustmentNoteRequestSchema,
        response: pdfResponses,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await invoices.adjustmentNote(requireMember(request), request.body.orderId, request.body.noteNo),
      ),
  );

  app.post(
    InvoicePaths.documents,
    {
      ...member,
      schema: {
        tags,
        summary: '订单的票据',
        description: '税务发票是否可下载及其编号、调整单列表、是否有待开调整单的退款、发票申请。',
        security: bearer,
        body: taxDocumentsRequestSchema,
        response: responses(taxDocumentsResponseSchema),
      },
    },
    async (request) => ok(await invoices.documents(requireMember(request), request.body.orderId)),
  );

  app.post(
    InvoicePaths.fapiaoRequest,
    {
      ...member,
      schema: {
        tags,
        summary: '申请发票（增值税普通或专用发票）',
        description:
          '已付款的人民币订单。kind 为 normal（普通）或 special（专用）；taxNo 为15、18或20位大写字母或数字，' +
          '18位按统一社会信用代码校验；专用发票还须填写开户银行、银行账号、注册地址和注册电话。待开票时可再次提交修改，已开票后不能修改。',
        security: bearer,
        body: fapiaoRequestSchema,
        response: responses(fapiaoSchema),
      },
    },
    async (request) =>
      ok(await invoices.requestFapiao(requireMember(request), request.body), InvoiceMessages.requested),
  );

  app.post(
    InvoicePaths.fapiaoFile,
    {
      ...member,
      schema: {
        tags,
        summary: '下载已开发票（PDF）',
        description: '财务上传的发票文件；尚未开票返回错误。',
        security: bearer,
        body: fapiaoFileRequestSchema,
        response: pdfResponses,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await invoices.fapiaoFile(requireMember(request), request.body.orderId)),
  );
};
