import { checkoutSummarySchema, goodsListResponseSchema } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseConfig } from '../src/config/env';
import { envelopeSchema, errorEnvelopeSchema } from '../src/lib/envelope';
import {
  bothSerializers,
  responseSerializerCompiler,
  serializerJsonSchema,
} from '../src/lib/response-serializer';

const route = (schema: unknown) => ({ schema, method: 'POST', url: '/api/x/', httpStatus: '200' });

const item = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  price: z.number().nullable(),
  tags: z.array(z.string()),
  pickup: z.object({ address: z.string() }).nullable(),
});

describe('response serializer', () => {
  it('writes nullable values as a type list or nullable: true, never as branches fast-json-stringify must try', () => {
    const json = serializerJsonSchema(item) as { properties: Record<string, Record<string, unknown>> };
    expect(json.properties.note).toEqual({ type: ['string', 'null'] });
    expect(json.properties.price).toEqual({ type: ['number', 'null'] });
    expect(json.properties.pickup).toMatchObject({ type: 'object', nullable: true });
    expect(json.properties.pickup).not.toHaveProperty('anyOf');
  });

  it('compiled writes the same bytes as zod, leaving out what the contract does not name', () => {
    const data = {
      id: 7,
      name: '澳洲奶粉 "金装"\n',
      note: null,
      price: 45.9,
      tags: ['现货', 'a\\b'],
      pickup: { address: '墨尔本', secret: 'not in the contract' },
      passwordHash: 'never written',
    };
    const validated = responseSerializerCompiler('validated')(route(envelopeSchema(item)));
    // The compiled serializer answers the UTF-8 bytes (Fastify then takes the length from the buffer).
    const compiledBytes = responseSerializerCompiler('compiled')(route(envelopeSchema(item)));
    const compiled = (value: unknown) => {
      const bytes = compiledBytes(value) as unknown;
      expect(Buffer.isBuffer(bytes)).toBe(true);
      return (bytes as Buffer).toString('utf8');
    };
    const body = { success: true, resultCode: 200, message: 'ok', data };
    expect(compiled(body)).toBe(validated(body));
    expect(compiled(body)).not.toContain('passwordHash');
    expect(compiled(body)).not.toContain('secret');
    const error = { success: false, resultCode: 400, message: '参数错误', data: null };
    expect(String(responseSerializerCompiler('compiled')(route(errorEnvelopeSchema))(error))).toBe(
      responseSerializerCompiler('validated')(route(errorEnvelopeSchema))(error),
    );
  });

  it('checked answers zod’s bytes and refuses an answer the two write differently, naming the route', () => {
    const checked = responseSerializerCompiler('checked');
    const ok = { success: true, resultCode: 200, message: 'ok', data: { id: 1, name: 'a', note: null } };
    const plain = z.object({ id: z.number(), name: z.string(), note: z.string().nullable() });
    expect(checked(route(envelopeSchema(plain)))(ok)).toBe(JSON.stringify(ok));
    // Bytes that differ (a serializer that drifted from the contract) never reach a client.
    const drifted = bothSerializers(route(null), JSON.stringify, () => '{"success":true,"data":{"id":"1"}}');
    expect(() => drifted({ success: true, data: { id: 1 } })).toThrow(
      /compiled serializer differs for POST \/api\/x\/ 200 at byte \d+/,
    );
  });

  it('compiles the largest contracts (goods list, checkout summary)', () => {
    for (const schema of [goodsListResponseSchema, checkoutSummarySchema]) {
      expect(() => responseSerializerCompiler('compiled')(route(envelopeSchema(schema)))).not.toThrow();
    }
  });

  it('is compiled in production and validated elsewhere unless RESPONSE_SERIALIZER says', () => {
    const config = (env: Record<string, string>) => {
      const result = parseConfig({ DATA_DIR: 'memory://', ...env });
      if (!result.ok) throw new Error(result.errors.join('\n'));
      return result.config.responseSerializer;
    };
    expect(config({ NODE_ENV: 'production' })).toBe('compiled');
    expect(config({})).toBe('validated');
    expect(config({ RESPONSE_SERIALIZER: 'checked' })).toBe('checked');
    const bad = parseConfig({ RESPONSE_SERIALIZER: 'fast' });
    expect(bad.ok).toBe(false);
    expect(bad.ok ? [] : bad.errors.join()).toContain('RESPONSE_SERIALIZER');
  });
});
