import { Readable } from 'node:stream';
import {
  AdminReportPaths,
  EXPORT_MAX_DAYS,
  emptyRequestSchema,
  exportIdRequestSchema,
  exportJobSchema,
  exportListSchema,
  exportStartRequestSchema,
  Permission,
  XLSX_CONTENT_TYPE,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { downloadResponses } from '../../lib/download-reply';
import { ok, responses } from '../../lib/envelope';
import { staffActor, staffSecurity } from '../../plugins/staff-auth';
import type { ExportService } from './exports.service';

const tags = ['admin'];

/** The saved file's name: plain ASCII for old clients, the Chinese name (RFC 5987) for the rest. */
function disposition(fileName: string): string {
  const plain = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The console's 财务导出 (finance.export: owner and finance). */
export const exportsConsoleRoutes: FastifyPluginAsyncZod<{ exports: ExportService }> = async (
  app,
  { exports },
) => {
  const guard = { onRequest: app.staffGuard(Permission.financeExport) };

  app.post(
    AdminReportPaths.exportStart,
    {
      ...guard,
      schema: {
        tags,
        summary: '开始财务导出',
        description:
          `订单、收款、退款、预存款流水或充值，按商城时区的自然日（含首尾，最多 ${EXPORT_MAX_DAYS} 天），xlsx 或 CSV。` +
          '先清点行数并记入操作日志，随即开始逐页写出；立即返回进度，之后用 detail 查询。',
        security: staffSecurity,
        body: exportStartRequestSchema,
        response: responses(exportJobSchema),
      },
    },
    async (request) => ok(await exports.start(staffActor(request), request.body)),
  );

  app.post(
    AdminReportPaths.exportList,
    {
      ...guard,
      schema: {
        tags,
        summary: '最近的财务导出',
        description: '最近 20 次导出（全店），新的在前；完成的文件保留 7 天。',
        security: staffSecurity,
        body: emptyRequestSchema,
        response: responses(exportListSchema),
      },
    },
    async () => ok({ list: await exports.list() }),
  );

  app.post(
    AdminReportPaths.exportDetail,
    {
      ...guard,
      schema: {
        tags,
        summary: '财务导出进度',
        description: '已写出的行数、总行数和文件大小；服务重启中断的导出显示为失败。',
        security: staffSecurity,
        body: exportIdRequestSchema,
        response: responses(exportJobSchema),
      },
    },
    async (request) => ok(await exports.detail(request.body.id)),
  );

  app.post(
    AdminReportPaths.exportFile,
    {
      ...guard,
      schema: {
        tags,
        summary: '下载财务导出文件',
        description: '已完成的导出文件（xlsx 或 CSV，UTF-8 带 BOM），分段读出、边读边发。',
        security: staffSecurity,
        body: exportIdRequestSchema,
        response: downloadResponses(`${XLSX_CONTENT_TYPE} 或 text/csv`, '导出文件'),
      },
    },
    async (request, reply) => {
      const file = await exports.file(request.body.id);
      return reply
        .header('content-type', file.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_CONTENT_TYPE)
        .header('content-disposition', disposition(file.fileName))
        .header('content-length', String(file.bytes))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(file.slices));
    },
  );
};
