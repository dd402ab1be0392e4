import {
  StatementPaths,
  statementExportRequestSchema,
  statementListRequestSchema,
  statementListResponseSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type DownloadFile, downloadResponses, sendDownload } from '../../lib/download-reply';
import { ok, responses } from '../../lib/envelope';
import { sendXlsx } from '../../lib/xlsx-reply';
import { requireMember } from '../../plugins/auth';
import type { CreditService } from './credit.service';

const bearer = [{ bearerAuth: [] }];
const tags = ['company'];

const sendStatement = (reply: Parameters<typeof sendDownload>[0], file: DownloadFile) =>
  file.fileName.endsWith('.pdf') ? sendDownload(reply, 'application/pdf', file) : sendXlsx(reply, file);

/**
 * The company's statement (issue #38 part 3, docs/decisions/055): login required; the caller's membership is read
 * afresh, so a removed member sees nothing at once.
 */
export const creditRoutes: FastifyPluginAsyncZod<{ credits: CreditService }> = async (app, { credits }) => {
  const member = { onRequest: app.authenticate };

  app.post(
    StatementPaths.list,
    {
      ...member,
      schema: {
        tags,
        summary: '对账单',
        description:
          '公司的账期账单（管理员与只读成员看全部，采购员看自己下单的），最新的在前；未结清的按到期日先后。' +
          '另有各币种的额度（limit、used、available、termsDays）、未付合计与逾期合计；blocked 为真时有逾期账单，' +
          '账期支付暂停。state：open 未到期、due 今日到期、overdue 已逾期、paid 已结清、unpaid 未结清、all 全部。' +
          '不属于任何公司的会员得到空列表。',
        security: bearer,
        body: statementListRequestSchema,
        response: responses(statementListResponseSchema),
      },
    },
    async (request) => ok(await credits.statement(requireMember(request).memberId, request.body)),
  );

  app.post(
    StatementPaths.export,
    {
      ...member,
      schema: {
        tags,
        summary: '下载对账单（PDF 或 xlsx）',
        description: `与 list/ 相同的账单（最多 2000 张）及额度与合计，format 为 pdf 或 xlsx。不属于任何公司时返回 404。`,
        security: bearer,
        body: statementExportRequestSchema,
        response: downloadResponses('application/pdf 或 xlsx', '对账单'),
      },
    },
    async (request, reply) =>
      sendStatement(reply, await credits.exportStatement(requireMember(request).memberId, request.body)),
  );
};
