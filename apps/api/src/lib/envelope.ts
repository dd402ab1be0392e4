import { type Envelope, ResultCode } from '@shop/domain';
import { z } from 'zod';

/** Message of a successful call when the route has nothing more specific to say. */
export const SUCCESS_MESSAGE = '操作成功';

/** Wraps a route's data in the envelope every call returns (docs/design.md 'The API contract'). */
export function ok<T>(data: T, message: string = SUCCESS_MESSAGE): Envelope<T> {
  return { success: true, resultCode: ResultCode.Success, message, data };
}

/** The response schema of a route: its data schema inside the envelope. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    resultCode: z.number().int(),
    message: z.string(),
    data,
  });
}

/** The envelope of a failed call (spec §8): success false, a catalogue code, a readable message. */
export const errorEnvelopeSchema = z
  .object({
    success: z.literal(false),
    resultCode: z.number().int().describe('错误码（规格第8节）'),
    message: z.string().describe('可直接展示给用户的中文提示'),
    data: z.unknown().nullable(),
  })
  .describe('失败时的统一响应');

/** Response schemas of a route: the success envelope plus the error envelope for 4xx and 5xx. */
export function responses<T extends z.ZodType>(data: T) {
  return { 200: envelopeSchema(data), '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema } as const;
}
