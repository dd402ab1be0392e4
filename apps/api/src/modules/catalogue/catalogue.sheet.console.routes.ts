import fastifyMultipart from '@fastify/multipart';
import {
  type AdminGoodsImportResponse,
  AdminGoodsSheetPaths,
  adminGoodsImportFieldsSchema,
  adminGoodsImportResponseSchema,
  emptyRequestSchema,
  GOODS_SHEET_MAX_BYTES,
  IMPORT_PREVIEW_ROWS,
  Permission,
  ResultCode,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, paramsError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { ok, responses } from '../../lib/envelope';
import { parseUploadFields } from '../../lib/image-upload';
import { ImportRejectedError } from '../../lib/spreadsheet';
import { sendXlsx, xlsxResponses } from '../../lib/xlsx-reply';
import { staffActor, staffSecurity } from '../../plugins/staff-auth';
import type { CatalogueAdminService } from './catalogue.admin';
import {
  checkImportSheet,
  type ImportRow,
  readGoodsSheet,
  type SheetCheck,
  SheetMessages,
} from './catalogue.import-sheet';
import type { CatalogueSheetExport } from './catalogue.sheet-export';

const tags = ['admin'];

/** The file and fields of an import's multipart body, bounded by the plugin's limits before anything is kept. */
async function readSheetForm(
  parts: AsyncIterableIterator<import('@fastify/multipart').Multipart>,
): Promise<{ bytes: Buffer; fileName: string; fields: Record<string, string> }> {
  let file: { bytes: Buffer; fileName: string } | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of parts) {
      if (part.type === 'file' && part.fieldname === 'file' && file === null)
        file = { bytes: await part.toBuffer(), fileName: part.filename };
      else if (part.type === 'file') await part.toBuffer();
      else if (typeof part.value === 'string' && !(part.fieldname in fields))
        fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError(ResultCode.PayloadTooLarge, SheetMessages.tooLarge);
    throw new AppError(ResultCode.BadRequest, SheetMessages.notMultipart);
  }
  if (!file || file.bytes.length === 0) throw paramsError(SheetMessages.noFile);
  return { ...file, fields };
}

function previewOf(row: ImportRow) {
  return {
    row: row.row,
    goodsCode: row.goodsCode,
    name: row.name,
    skuCode: row.skuCode,
    property: Object.entries(row.property ?? {})
      .map(([k, v]) => `${k}:${v}`)
      .join(';'),
    status: row.status,
    stock: row.stock,
    prices: row.prices
      .filter((p) => p.amount !== null)
      .map((p) => `${p.currency}@${p.level} ${((p.amount ?? 0) / 100).toFixed(2)}`)
      .join(' · '),
  };
}

/** The console's goods sheet: import (dry run, then for real) and export (catalogue.edit). */
export const catalogueSheetConsoleRoutes: FastifyPluginAsyncZod<{
  catalogueAdmin: CatalogueAdminService;
  sheets: CatalogueSheetExport;
  clock: Clock;
}> = async (app, { catalogueAdmin, sheets, clock }) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: GOODS_SHEET_MAX_BYTES, files: 1, fields: 3, parts: 4, fieldSize: 64 },
  });
  const edit = { onRequest: app.staffGuard(Permission.catalogueEdit) };

  app.post(
    AdminGoodsSheetPaths.import,
    {
      ...edit,
      schema: {
        tags,
        summary: '导入商品表',
        description:
          'multipart/form-data：file 为 .xlsx 或 .csv（格式见 docs/catalogue-import.md，最多 10 MB、2 万行），dryRun 为 true 时只试运行：' +
          '列出每一行的问题和将要新增、更新的数量，不写入。dryRun 为 false 时全部写入或全部不写：有问题时返回 ParamsError，data.errors 为每一处问题。',
        security: staffSecurity,
        consumes: ['multipart/form-data'],
        response: responses(adminGoodsImportResponseSchema),
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw new AppError(ResultCode.UnsupportedMediaType, SheetMessages.notMultipart);
      const { bytes, fileName, fields } = await readSheetForm(request.parts());
      const dryRun = parseUploadFields(adminGoodsImportFieldsSchema, fields).dryRun === 'true';
      const base = { dryRun, fileName };
      let checked: SheetCheck;
      try {
        checked = checkImportSheet(await readGoodsSheet(bytes, fileName));
      } catch (error) {
        // A sheet past the row limit is refused like one with bad rows.
        if (!(error instanceof ImportRejectedError)) throw error;
        checked = { ok: false, errors: error.errors };
      }
      if (!checked.ok) {
        if (!dryRun) throw new ImportRejectedError(checked.errors);
        return ok<AdminGoodsImportResponse>(
          { ...base, rows: 0, errors: checked.errors, summary: null, preview: [] },
          `试运行：共 ${checked.errors.length} 处问题`,
        );
      }
      const { rows } = checked.sheet;
      const preview = rows.slice(0, IMPORT_PREVIEW_ROWS).map(previewOf);
      try {
        const summary = await catalogueAdmin.importSheet(checked.sheet, {
          dryRun,
          by: staffActor(request),
          fileName,
        });
        return ok<AdminGoodsImportResponse>(
          { ...base, rows: rows.length, errors: [], summary, preview },
          dryRun ? `试运行通过：${rows.length} 行可以导入` : `导入完成：${rows.length} 行`,
        );
      } catch (error) {
        if (!(error instanceof ImportRejectedError) || !dryRun) throw error;
        return ok<AdminGoodsImportResponse>(
          { ...base, rows: rows.length, errors: error.errors, summary: null, preview },
          `试运行：共 ${error.errors.length} 处问题`,
        );
      }
    },
  );

  app.post(
    AdminGoodsSheetPaths.export,
    {
      ...edit,
      schema: {
        tags,
        summary: '导出商品表',
        description: '全部商品（含下架），每个 SKU 一行，格式与导入相同：改好后可直接导入。',
        security: staffSecurity,
        body: emptyRequestSchema,
        response: xlsxResponses,
      },
    },
    async (_request, reply) => {
      const today = clock().toISOString().slice(0, 10);
      return sendXlsx(reply, await sheets.exportSheet(today));
    },
  );
};
