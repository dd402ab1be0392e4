import fastifyMultipart from '@fastify/multipart';
import {
  bankTransferRequestSchema,
  cancelBankTransferRequestSchema,
  DepositPaths,
  depositLogListRequestSchema,
  depositLogListResponseSchema,
  rechargeListRequestSchema,
  rechargeListResponseSchema,
  rechargeSchema,
  rechargeSlipFieldsSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/envelope';
import { IMAGE_UPLOAD_LIMITS, parseUploadFields, readImageForm } from '../../lib/image-upload';
import { requireMember } from '../../plugins/auth';
import { DepositMessages, type DepositService, MAX_PENDING_BANK_TRANSFERS } from './deposit.service';
import { sendSlip, slipResponses } from './slip-reply';

const bearer = [{ bearerAuth: [] }];

/** The log's paging, form-encoded or JSON; any other field is refused (docs/conventions.md 'Errors and bad input'). */
const logListBodySchema = z.strictObject(depositLogListRequestSchema.shape);

/**
 * The member's deposit calls (spec §7 'Member' memberDepositLog/list/) and the recharges of /member/recharge;
 * paying an order from the deposit is a workflow with routes of its own. Every call needs login and touches only the caller's deposit and orders.
 * Handlers only translate HTTP to service calls.
 */
export const depositRoutes: FastifyPluginAsyncZod<{ deposits: DepositService }> = async (
  app,
  { deposits },
) => {
  // Login is checked before the body, so a visitor gets InvalidToken rather than a field message.
  const member = { onRequest: app.authenticate };
  await app.register(fastifyMultipart, IMAGE_UPLOAD_LIMITS);

  app.post(
    DepositPaths.logList,
    {
      ...member,
      schema: {
        tags: ['member'],
        summary: '余额明细',
        description:
          '表单（application/x-www-form-urlencoded）或 JSON：pageNo、pageSize（默认 1、15，最多 50）。最新的在前；' +
          'amount 为带符号金额（元，收入为正、支出为负），balanceAfter 为变动后余额；订单相关的记录带 orderNo。',
        security: bearer,
        body: logListBodySchema,
        response: responses(depositLogListResponseSchema),
      },
    },
    async (request) => ok(await deposits.logList(requireMember(request), request.body)),
  );

  app.post(
    DepositPaths.bankTransfer,
    {
      ...member,
      schema: {
        tags: ['member'],
        summary: '银行转账充值',
        description:
          `登记一笔已完成的银行转账（币种、金额、付款人或流水号），待管理员核对到账后入账。` +
          `每位会员最多 ${MAX_PENDING_BANK_TRANSFERS} 笔待确认。`,
        security: bearer,
        body: bankTransferRequestSchema,
        response: responses(rechargeSchema),
      },
    },
    async (request) =>
      ok(
        await deposits.bankTransfer(requireMember(request), request.body),
        DepositMessages.bankTransferSubmitted,
      ),
  );

  app.post(
    DepositPaths.cancelBankTransfer,
    {
      ...member,
      schema: {
        tags: ['member'],
        summary: '撤销银行转账充值',
        description:
          '撤销自己一笔待确认的银行转账登记（状态变为已取消）。与管理员审核互斥：已入账的不能撤销，已驳回的无需撤销；' +
          '已撤销的再次撤销原样返回；在线充值不能撤销；他人的或不存在的返回 404。',
        security: bearer,
        body: cancelBankTransferRequestSchema,
        response: responses(rechargeSchema),
      },
    },
    async (request) =>
      ok(
        await deposits.cancelBankTransfer(requireMember(request), request.body.rechargeNo),
        DepositMessages.bankTransferCancelled,
      ),
  );

  app.post(
    DepositPaths.rechargeList,
    {
      ...member,
      schema: {
        tags: ['member'],
        summary: '充值记录',
        description: '银行转账与在线充值，最新的在前，带类型与状态（待确认、已到账、已驳回、已取消）。',
        security: bearer,
        body: rechargeListRequestSchema,
        response: responses(rechargeListResponseSchema),
      },
    },
    async (request) => ok(await deposits.rechargeList(requireMember(request), request.body)),
  );

  app.post(
    DepositPaths.uploadSlip,
    {
      ...member,
      schema: {
        tags: ['member'],
        summary: '上传转账凭证',
        description:
          'multipart/form-data：rechargeNo 为自己待确认的银行转账充值单号，图片放在 image 字段（规则同工单图片：JPEG、PNG、' +
          'WebP 或 GIF，按文件内容判断，最多 5 MB、2000 万像素，重新编码并去掉拍摄信息）。再次上传替换原凭证；' +
          '凭证只有本人和财务可以查看。已入账、已驳回、已取消的不能上传；他人的或不存在的返回 404。',
        security: bearer,
        consumes: ['multipart/form-data'],
        response: responses(rechargeSchema),
      },
    },
    async (request) => {
      const auth = requireMember(request);
      const { bytes, fields } = await readImageForm(request);
      const { rechargeNo } = parseUploadFields(rechargeSlipFieldsSchema, fields);
      return ok(await deposits.attachSlip(auth, rechargeNo, bytes), DepositMessages.slipSaved);
    },
  );

  app.post(
    DepositPaths.slip,
    {
      ...member,
      schema: {
        tags: ['member'],
        summary: '查看转账凭证',
        description: '自己一笔充值的转账凭证，返回图片本身（不是 JSON）；未上传、他人的或不存在的返回 404。',
        security: bearer,
        body: rechargeSlipFieldsSchema,
        response: slipResponses,
      },
    },
    async (request, reply) =>
      sendSlip(reply, await deposits.memberSlip(requireMember(request), request.body.rechargeNo)),
  );
};
