import { fieldLabel, ResultCode, TICKET_LIMITS } from '@shop/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, paramsError } from './app-error';

/** How an image upload call (a ticket's or an order's picture) refuses a body it cannot use. */
export const UploadMessages = {
  notMultipart: '请以 multipart/form-data 上传，图片放在 image 字段',
  noImage: '请选择图片（image 字段）',
  tooLarge: `图片不能超过 ${TICKET_LIMITS.imageBytesMax / 1024 / 1024} MB`,
} as const;

/** The multipart limits of an image upload (one file, a few small fields). */
export const IMAGE_UPLOAD_LIMITS = {
  limits: { fileSize: TICKET_LIMITS.imageBytesMax, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
} as const;

/** What an upload call says when its body is not what it takes. */
export interface UploadRefusals {
  notMultipart: string;
  noFile: string;
  tooLarge: string;
}

/**
 * The one file of an upload call's multipart body (field `field`) and its text fields, bounded by the plugin's
 * limits before anything is buffered; a missing, empty or oversized file is refused with the envelope.
 */
export async function readUploadForm(
  request: FastifyRequest,
  field: string,
  refusals: UploadRefusals,
): Promise<{ bytes: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError(ResultCode.UnsupportedMediaType, refusals.notMultipart);
  let bytes: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === field && bytes === null) bytes = await part.toBuffer();
      else if (part.type === 'file') await part.toBuffer();
      else if (typeof part.value === 'string' && !(part.fieldname in fields))
        fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError(ResultCode.PayloadTooLarge, refusals.tooLarge);
    throw new AppError(ResultCode.BadRequest, refusals.notMultipart);
  }
  if (!bytes || bytes.length === 0) throw paramsError(refusals.noFile);
  return { bytes, fields };
}

/** The one image of an upload call's multipart body (field `image`) and its text fields. */
export function readImageForm(
  request: FastifyRequest,
): Promise<{ bytes: Buffer; fields: Record<string, string> }> {
  return readUploadForm(request, 'image', {
    notMultipart: UploadMessages.notMultipart,
    noFile: UploadMessages.noImage,
    tooLarge: UploadMessages.tooLarge,
  });
}

/** The one image of an upload call's multipart body (field `image`); other fields are read and ignored. */
export async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  return (await readImageForm(request)).bytes;
}

/** The text fields of an upload checked against their contract; the first problem is refused with its field's name. */
export function parseUploadFields<T extends z.ZodType>(
  schema: T,
  fields: Record<string, string>,
): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const message =
    issue?.code === 'unrecognized_keys'
      ? `不支持的字段：${issue.keys.join('、')}`
      : `${fieldLabel(issue?.path ?? [])}：${issue?.message ?? ''}`;
  throw paramsError(message);
}
