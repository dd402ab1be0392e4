import { XLSX_CONTENT_TYPE } from '@shop/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorEnvelopeSchema } from './envelope';

/** A built spreadsheet and the name it is saved under. */
export interface XlsxFile {
  fileName: string;
  content: Buffer;
}

/** The responses of a blob download (spec §7: the storefront saves it as a file); errors still answer the envelope. */
export const xlsxResponses = {
  200: z.any().describe(`xlsx 文件（${XLSX_CONTENT_TYPE}），文件名见 Content-Disposition`),
  '4xx': errorEnvelopeSchema,
  '5xx': errorEnvelopeSchema,
} as const;

/** Sends an xlsx as an attachment, never stored by a cache between (it holds the buyer's prices or parcels). */
export function sendXlsx(reply: FastifyReply, file: XlsxFile) {
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.content);
}
