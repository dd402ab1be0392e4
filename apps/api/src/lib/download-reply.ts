import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorEnvelopeSchema } from './envelope';

/** A built or stored file and the name it is saved under. */
export interface DownloadFile {
  fileName: string;
  content: Buffer;
}

/** The responses of a blob download (spec §7: the storefront saves it as a file); errors still answer the envelope. */
export function downloadResponses(contentType: string, what: string) {
  return {
    200: z.any().describe(`${what}（${contentType}），文件名见 Content-Disposition`),
    '4xx': errorEnvelopeSchema,
    '5xx': errorEnvelopeSchema,
  } as const;
}

/**
 * Sends a file as an attachment that no shared cache keeps and no browser sniffs (the shop's downloads name the
 * buyer, their prices or their parcels).
 */
export function sendDownload(reply: FastifyReply, contentType: string, file: DownloadFile) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.content);
}
