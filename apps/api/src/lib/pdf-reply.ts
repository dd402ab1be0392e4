import { PDF_CONTENT_TYPE } from '@shop/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorEnvelopeSchema } from './envelope';

/** A built or stored PDF and the name it is saved under. */
export interface PdfFile {
  fileName: string;
  content: Buffer;
}

/** The responses of a PDF download (a blob, as the spec's exports); errors still answer the envelope. */
export const pdfResponses = {
  200: z.any().describe(`PDF 文件（${PDF_CONTENT_TYPE}），文件名见 Content-Disposition`),
  '4xx': errorEnvelopeSchema,
  '5xx': errorEnvelopeSchema,
} as const;

/** Sends a PDF as an attachment that no shared cache keeps (it names the buyer and their purchases). */
export function sendPdf(reply: FastifyReply, file: PdfFile) {
  return reply
    .header('content-type', PDF_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.content);
}
