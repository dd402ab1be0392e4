import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etagMatches } from '../src/lib/etag';
import { AddressPaths, addressRoutes, createAddressService } from '../src/modules/address';
import { authPlugin } from '../src/plugins/auth';
import { errorsPlugin } from '../src/plugins/errors';
import { openapiPlugin } from '../src/plugins/openapi';

const TOKEN = 'member-token';

/** The address plugin on an app wired like app.ts (errors, compress, OpenAPI, auth), with no database. */
async function buildAddressApp() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin, { storefrontFallback: false });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // No staff here: the document is the storefront's part.
  await app.register(openapiPlugin, { staffSession: async () => null });
  await app.register(authPlugin, {
    authenticate: async (token) => (token === TOKEN ? { memberId: 1, tokenId: 1 } : null),
  });
  await app.register(addressRoutes, { addresses: createAddressService() });
  await app.ready();
  return app;
}

let app: Awaited<ReturnType<typeof buildAddressApp>>;
beforeAll(async () => {
  app = await buildAddressApp();
});
afterAll(async () => {
  await app?.close();
});

const intelligent = (payload: unknown, token: string | null = TOKEN) =>
  app.inject({
    method: 'POST',
    url: AddressPaths.intelligent,
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('GET /res/static/address.json', () => {
  it('serves the region tree as plain JSON with an ETag and a one-day cache', async () => {
    const res = await app.inject({ method: 'GET', url: AddressPaths.regionTree });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers.etag).toMatch(/^"[\w-]{16,}"$/);
    const tree = res.json() as { code: string; maxDepth: number; children: { name: string }[] }[];
    // Not the envelope: the storefront reads the file as is (spec §7).
    expect(Array.isArray(tree)).toBe(true);
    expect(tree.map((r) => [r.code, r.maxDepth])).toEqual([
      ['CN', 3],
      ['AU', 2],
    ]);
    expect(tree[0]?.children.map((p) => p.name)).toContain('广东省');
  });

  it('is compressed for clients that accept it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: AddressPaths.regionTree,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('answers 304 without a body when If-None-Match names the ETag', async () => {
    const first = await app.inject({ method: 'GET', url: AddressPaths.regionTree });
    const etag = String(first.headers.etag);
    const again = await app.inject({
      method: 'GET',
      url: AddressPaths.regionTree,
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const stale = await app.inject({
      method: 'GET',
      url: AddressPaths.regionTree,
      headers: { 'if-none-match': '"stale"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('matches ETags the way HTTP caches send them', () => {
    expect(etagMatches(undefined, '"a"')).toBe(false);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"b", "a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"ab"', '"a"')).toBe(false);
  });

  it('keeps the same ETag for the same tree (every API process agrees)', () => {
    expect(createAddressService().regionFile.etag).toBe(createAddressService().regionFile.etag);
  });
});

describe('POST /api/logisticsService/addressReceiver/intelligent/', () => {
  it('answers the parsed fields in the envelope', async () => {
    const res = await intelligent({ text: '张三 13800138000 广东省深圳市南山区科技园路1号' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      resultCode: 200,
      message: '操作成功',
      data: {
        name: '张三',
        phone: '13800138000',
        province: '广东省',
        city: '深圳市',
        district: '南山区',
        detail: '科技园路1号',
        postCode: '518000',
      },
    });
  });

  it('answers empty fields for text it cannot read, not an error', async () => {
    const res = await intelligent({ text: '12345' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      name: '',
      phone: '',
      province: '',
      city: '',
      district: '',
      detail: '12345',
      postCode: '',
    });
  });

  it('needs a member token (401 envelope)', async () => {
    for (const token of [null, 'not-a-token']) {
      const res = await intelligent({ text: '广东省深圳市南山区' }, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, resultCode: 401, data: null });
      expect(res.json().message).toMatch(/登录/);
    }
  });

  it('refuses empty, blank and oversize text with a Chinese message', async () => {
    for (const payload of [{}, { text: '' }, { text: '   ' }, { text: 12 }]) {
      const res = await intelligent(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, resultCode: -1, data: null });
      expect(res.json().message).toMatch(/地址文本/);
    }
    const long = await intelligent({ text: '广'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/地址文本最多500个字符/);
    const max = await intelligent({ text: `广东省深圳市南山区${'一'.repeat(491)}` });
    expect(max.statusCode).toBe(200);
  });

  it('refuses unknown fields', async () => {
    const res = await intelligent({ text: '广东省深圳市', country: 'CN' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, resultCode: -1, message: '不支持的字段：country' });
  });

  it('is documented in the OpenAPI output with a Chinese summary', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    };
    expect(doc.paths[AddressPaths.intelligent]?.post).toMatchObject({
      summary: '智能识别收货地址',
      tags: ['address'],
    });
    expect(doc.paths[AddressPaths.regionTree]?.get?.summary).toMatch(/地址/);
  });
});
