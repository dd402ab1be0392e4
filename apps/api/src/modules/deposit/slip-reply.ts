import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorEnvelopeSchema } from '../../lib/envelope';
import type { SlipFile } from './deposit.service';

/** The responses of a slip call: the image itself; errors still answer the envelope. */
export const slipResponses = {
  200: z.any().describe('转账凭证图片（image/jpeg、image/png 或 image/webp）'),
  '4xx': errorEnvelopeSchema,
  '5xx': errorEnvelopeSchema,
} as const;

/** Sends a transfer slip: the member's bank details, so no shared cache may keep it. */
export function sendSlip(reply: FastifyReply, file: SlipFile) {
  return reply
    .header('content-type', file.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.bytes);
}
