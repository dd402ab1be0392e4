import {
  AdminCreditPaths,
  accountPaymentSchema,
  adminCreditAllocateRequestSchema,
  adminCreditCompanyRequestSchema,
  adminCreditDetailSchema,
  adminCreditGrantRequestSchema,
  adminCreditInvoicesRequestSchema,
  adminCreditInvoicesResponseSchema,
  adminCreditPaymentsRequestSchema,
  adminCreditPaymentsResponseSchema,
  adminCreditRecordPaymentRequestSchema,
  Permission,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { staffActor, staffSecurity } from '../../plugins/staff-auth';
import type { CreditService } from './credit.service';

const tags = ['admin'];

/** The console's 账期 (issue #38): read with member.read; credit granted and payments recorded with credit.manage. */
export const creditConsoleRoutes: FastifyPluginAsyncZod<{ credits: CreditService }> = async (
  app,
  { credits },
) => {
  const read = { onRequest: app.staffGuard(Permission.memberRead) };
  const manage = { onRequest: app.staffGuard(Permission.creditManage) };

  app.post(
    AdminCreditPaths.detail,
    {
      ...read,
      schema: {
        tags,
        summary: '公司账期',
        description:
          '公司各币种的额度、已用与可用、账期天数，未付与逾期合计，是否因逾期暂停账期支付，以及最近的额度流水。',
        security: staffSecurity,
        body: adminCreditCompanyRequestSchema,
        response: responses(adminCreditDetailSchema),
      },
    },
    async (request) => ok(await credits.adminDetail(request.body.companyId)),
  );

  app.post(
    AdminCreditPaths.grant,
    {
      ...manage,
      schema: {
        tags,
        summary: '设置账期额度',
        description:
          '设置公司某币种的额度与账期（7、14、30 或 60 天）。额度不能低于已用额度；0 停止新的账期支付。',
        security: staffSecurity,
        body: adminCreditGrantRequestSchema,
        response: responses(adminCreditDetailSchema),
      },
    },
    async (request) => ok(await credits.grant(request.body, staffActor(request)), '账期额度已设置'),
  );

  app.post(
    AdminCreditPaths.invoices,
    {
      ...read,
      schema: {
        tags,
        summary: '账期账单',
        description: '一家公司（companyId）或所有公司的账期账单，按状态筛选；未结清的按到期日先后。',
        security: staffSecurity,
        body: adminCreditInvoicesRequestSchema,
        response: responses(adminCreditInvoicesResponseSchema),
      },
    },
    async (request) => ok(await credits.adminInvoices(request.body)),
  );

  app.post(
    AdminCreditPaths.payments,
    {
      ...read,
      schema: {
        tags,
        summary: '账期收款',
        description: '公司的收款记录（银行转账与余额还款），最新的在前，含分配到的账单。',
        security: staffSecurity,
        body: adminCreditPaymentsRequestSchema,
        response: responses(adminCreditPaymentsResponseSchema),
      },
    },
    async (request) => ok(await credits.payments(request.body)),
  );

  app.post(
    AdminCreditPaths.recordPayment,
    {
      ...manage,
      schema: {
        tags,
        summary: '登记收款',
        description:
          '登记公司的一笔银行转账（流水号在该公司内唯一）并可同时分配到账单（部分或全部）；' +
          '任一分配不合（超过账单未付、超过收款、币种或公司不符）时整笔不登记。',
        security: staffSecurity,
        body: adminCreditRecordPaymentRequestSchema,
        response: responses(accountPaymentSchema),
      },
    },
    async (request) => ok(await credits.recordPayment(request.body, staffActor(request)), '收款已登记'),
  );

  app.post(
    AdminCreditPaths.allocate,
    {
      ...manage,
      schema: {
        tags,
        summary: '分配收款',
        description: '把一笔收款未分配的部分分配到账单；任一分配不合时整次不分配。',
        security: staffSecurity,
        body: adminCreditAllocateRequestSchema,
        response: responses(accountPaymentSchema),
      },
    },
    async (request) => ok(await credits.allocate(request.body, staffActor(request)), '收款已分配'),
  );
};
