import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import {
  AdminOrderPaths,
  type AdminTrackingSheetResponse,
  adminOrderPickRequestSchema,
  adminOrderShipManyRequestSchema,
  adminOrderShipManyResponseSchema,
  adminTrackingSheetFieldsSchema,
  adminTrackingSheetResponseSchema,
  adminWaitingPacksResponseSchema,
  Permission,
  ResultCode,
  TRACKING_SHEET_MAX_BYTES,
  TRACKING_SHEET_MAX_ROWS,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, paramsError } from '../../lib/app-error';
import { ok, responses } from '../../lib/envelope';
import { parseUploadFields } from '../../lib/image-upload';
import { pdfResponses, sendPdf } from '../../lib/pdf-reply';
import { staffActor, staffSecurity } from '../../plugins/staff-auth';
import type { OrderBulkService } from './order.bulk';
import { readTrackingFile, TrackingSheetMessages } from './order.tracking-sheet';

const tags = ['admin'];

/** The sheet and its fields of a tracking sheet's multipart body, bounded by the plugin's limits before it is kept. */
async function readSheetForm(
  parts: AsyncIterableIterator<Multipart>,
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
      throw new AppError(ResultCode.PayloadTooLarge, TrackingSheetMessages.tooLarge);
    throw new AppError(ResultCode.BadRequest, TrackingSheetMessages.notMultipart);
  }
  if (!file || file.bytes.length === 0) throw paramsError(TrackingSheetMessages.noFile);
  return { ...file, fields };
}

/** The console's work on many orders: waiting packs, packing and picking lists, bulk ship, tracking sheet. */
export const orderBulkConsoleRoutes: FastifyPluginAsyncZod<{ bulk: OrderBulkService }> = async (
  app,
  { bulk },
) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: TRACKING_SHEET_MAX_BYTES, files: 1, fields: 3, parts: 4, fieldSize: 64 },
  });
  const fulfil = { onRequest: app.staffGuard(Permission.orderFulfil) };

  app.post(
    AdminOrderPaths.waitingPacks,
    {
      ...fulfil,
      schema: {
        tags,
        summary: '所选订单的待发货包裹',
        description:
          '最多100个订单：待发货（78）的包裹（自提订单除外），即装箱单、拣货单打印和批量发货的包裹；' +
          'skipped 为未包含的订单或包裹及原因（订单不存在、已取消、自提、已发货、尚未待发货…）。',
        security: staffSecurity,
        body: adminOrderPickRequestSchema,
        response: responses(adminWaitingPacksResponseSchema),
      },
    },
    async (request) => ok(await bulk.waitingPacks(request.body.orderNos)),
  );

  app.post(
    AdminOrderPaths.printPacking,
    {
      ...fulfil,
      schema: {
        tags,
        summary: '打印装箱单（PDF）',
        description:
          '所选订单（最多100个）中待发货的包裹，每个包裹一页：订单号、收货人、电话、地址、会员备注，' +
          '商品行的 SKU 编码、名称、规格、数量与仓库，以及店铺名称。其余包裹不打印（原因见 waitingPacks/）；' +
          '没有待发货的包裹时返回 ParamsError。每个订单记一条审计（打印装箱单）。',
        security: staffSecurity,
        body: adminOrderPickRequestSchema,
        response: pdfResponses,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await bulk.packingList(staffActor(request), request.body.orderNos)),
  );

  app.post(
    AdminOrderPaths.printPicking,
    {
      ...fulfil,
      schema: {
        tags,
        summary: '打印拣货单（PDF）',
        description:
          '所选订单中待发货的包裹要拣的商品：按仓库分组，每个 SKU 一行，数量为各包裹合计（预订未到货的件数不计），' +
          '按 SKU 编码排序，最后列出包含的包裹。每个订单记一条审计（打印拣货单）。',
        security: staffSecurity,
        body: adminOrderPickRequestSchema,
        response: pdfResponses,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await bulk.pickingList(staffActor(request), request.body.orderNos)),
  );

  app.post(
    AdminOrderPaths.shipMany,
    {
      ...fulfil,
      schema: {
        tags,
        summary: '批量发货',
        description:
          '每个订单（最多100个）一个快递公司（编码或名称）和物流单号，该订单所有待发货的包裹以此发出。' +
          '在订单行锁内逐个检查，全部可发才发货，任何一个订单不能发货时一个都不发，返回 ParamsError，' +
          'data.errors 列出每个订单的问题。每个包裹与单个发货一样记审计、写物流轨迹并通知会员。',
        security: staffSecurity,
        body: adminOrderShipManyRequestSchema,
        response: responses(adminOrderShipManyResponseSchema),
      },
    },
    async (request) => {
      const result = await bulk.shipMany(staffActor(request), request.body);
      return ok(result, `已发货 ${result.orders.length} 个订单、${result.packs} 个包裹`);
    },
  );

  app.post(
    AdminOrderPaths.trackingSheet,
    {
      ...fulfil,
      schema: {
        tags,
        summary: '上传运单表批量发货',
        description:
          `multipart/form-data：file 为 .xlsx（第一个工作表）或 .csv（UTF-8 或 GB18030），最多 1 MB、${TRACKING_SHEET_MAX_ROWS} 行；` +
          '第 1 行为列名：订单号、快递公司（名称或编码）、运单号，多包裹订单另加「包裹」（包裹序号 1、2…）。' +
          'dryRun 为 true 时只预览：每行的订单包裹、匹配的快递公司或该行的问题，不发货。dryRun 为 false 时在订单行锁内' +
          '重新检查每一行，全部可发才一起发货；任何一行不能发货（如预览后已发货或已取消）时整张表都不发，' +
          '返回 ParamsError 并指出行号，data.errors 为每一处问题。',
        security: staffSecurity,
        consumes: ['multipart/form-data'],
        response: responses(adminTrackingSheetResponseSchema),
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw new AppError(ResultCode.UnsupportedMediaType, TrackingSheetMessages.notMultipart);
      const { bytes, fileName, fields } = await readSheetForm(request.parts());
      const dryRun = parseUploadFields(adminTrackingSheetFieldsSchema, fields).dryRun === 'true';
      const table = await readTrackingFile(bytes, fileName);
      const result = await bulk.trackingSheet(staffActor(request), table, { dryRun, fileName });
      return ok<AdminTrackingSheetResponse>(result, messageOf(result));
    },
  );
};

function messageOf(result: AdminTrackingSheetResponse): string {
  if (!result.dryRun) return `已发货 ${result.shipped} 个包裹`;
  return result.errors.length > 0
    ? `预览：共 ${result.errors.length} 处问题`
    : `预览通过：${result.rows.length} 行可以发货`;
}
