import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import {
  CartPaths,
  cartParseLinesRequestSchema,
  cartParseLinesResponseSchema,
  PASTE_LIMITS,
  ResultCode,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, paramsError } from '../../lib/app-error';
import { ok, responses } from '../../lib/envelope';
import { parseUploadFields } from '../../lib/image-upload';
import { PastedFileMessages, pastedFileText } from '../../lib/pasted-file';
import type { CartService } from './cart.service';

const optionalBearer: Record<string, string[]>[] = [{}, { bearerAuth: [] }];

/** A JSON paste may carry 1 MB of text and its quotes and escapes; the paste's own limit says the rest. */
const JSON_BODY_LIMIT = 2 * 1024 * 1024;

/** The one `file` part of an order upload, bounded by the plugin's limits before it is kept. */
async function readOrderFile(parts: AsyncIterableIterator<Multipart>) {
  let file: { bytes: Buffer; fileName: string; mimeType: string } | null = null;
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file' && file === null)
        file = { bytes, fileName: part.filename, mimeType: part.mimetype };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError(ResultCode.PayloadTooLarge, PastedFileMessages.tooLarge);
    throw new AppError(ResultCode.BadRequest, '请以 multipart/form-data 上传文件（字段名 file）');
  }
  if (!file) throw paramsError('请选择要上传的文件');
  return file;
}

/**
 * Ordering by paste or by file (issue #37, ADR 050): the preview of the lines, before anything is added. Open to
 * visitors (the quick-order sheet and the guest cart paste too); a member's prices are those of their level.
 */
export const cartPasteRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  await app.register(fastifyMultipart, {
    // One byte over the limit, so a file over it is told apart from one exactly at it.
    limits: { fileSize: PASTE_LIMITS.bytes + 1, files: 1, fields: 2, parts: 3, fieldSize: 64 },
  });

  app.post(
    CartPaths.parseLines,
    {
      preHandler: app.authenticateOptional,
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags: ['cart'],
        summary: '粘贴或上传订货单预览',
        description:
          'JSON { text }：从 Excel、微信复制的多行“商品编码 数量”（制表符、逗号、空格或 × 分隔，可带表头和单位）；' +
          '或 multipart/form-data 的 file：.xlsx（第一个工作表）、.csv（UTF-8 或 GB18030）、.txt。最多 1000 行、1MB，超出整批拒绝。' +
          '每行答：ok 可按原数量加入；adjusted 已按起订量、每箱件数、限购调整；unknown 编码不存在（suggestions 为相近编码）或无法识别；' +
          'notForSale 不可售或已下架；short 库存不足（qty 为可买数量，0 为无货）。不写入购物车：买家确认后用 batchAddItems/ 一次加入。' +
          '价格为调用者会员等级在该数量下（含阶梯价）的单价。每个会员10分钟内最多预览600次，未登录时每个地址120次，超出返回 TooManyRequests。',
        security: optionalBearer,
        consumes: ['application/json', 'multipart/form-data'],
        response: responses(cartParseLinesResponseSchema),
      },
    },
    async (request) => {
      const text = request.isMultipart()
        ? await pastedFileText(await readOrderFile(request.parts()))
        : parseUploadFields(cartParseLinesRequestSchema, (request.body ?? {}) as Record<string, string>).text;
      return ok(await cart.previewPaste(request.member ?? null, text, request.ip));
    },
  );
};
