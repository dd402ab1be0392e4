import { connect } from 'node:net';
import { ResultCode } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type EnvelopeBody, type TestApp } from './support/test-app';

/**
 * Answers that Fastify or Node's HTTP parser give before any route runs still are the envelope
 * { success, resultCode, message, data } (docs/design.md 'The API contract').
 */

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await t?.close();
});

function expectEnvelope(body: unknown, resultCode: number) {
  expect(body).toEqual({ success: false, resultCode, message: expect.any(String), data: null });
  expect((body as EnvelopeBody).message).toMatch(/\p{Script=Han}/u);
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends raw bytes on a fresh connection and reads the first response until the server closes it. */
function raw(request: string, to = port): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(to, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const parsed = parse(Buffer.concat(chunks).toString('utf8'));
      if (parsed) resolve(parsed);
      else reject(new Error(`no complete response: ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`));
    });
    socket.write(request);
  });
}

function parse(text: string): RawResponse | null {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine = '', ...headerLines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = text.slice(end + 4);
  const length = Number(headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(length) && Buffer.byteLength(body) < length) return null;
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('URLs the router cannot take', () => {
  it('answers a 5,000-character path parameter with the envelope (414)', async () => {
    for (const url of [
      `/api/salesService/template/${'a'.repeat(5000)}`,
      `/sandbox-pay/cashier/SB${'1'.repeat(5000)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(414);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-request-id']).toEqual(expect.any(String));
      expectEnvelope(res.json(), ResultCode.BadRequest);
    }
  });

  it('answers a bad percent-encoding in a path parameter with the envelope (400)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/salesService/template/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.json(), ResultCode.BadRequest);
  });

  it('answers bad encodings elsewhere in the URL with the envelope', async () => {
    for (const url of [
      '/api/goodsService/goods/list/%ZZ',
      '/res/img/a.png?w=%E0%A4%A',
      '/res/img/%E0%A4%A.png',
    ]) {
      const res = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.json(), url).toMatchObject({ success: false, data: null });
    }
  });
});

describe('requests Node’s HTTP parser refuses', () => {
  it('answers a 100 kB query string with the envelope (431) and closes the connection', async () => {
    const res = await raw(
      `GET /api/goodsService/goods/list/?keyword=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: shop\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(res.headers.connection).toBe('close');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectEnvelope(JSON.parse(res.body), ResultCode.BadRequest);
  });

  it('answers an oversized header with the envelope (431)', async () => {
    const res = await raw(
      `POST /api/goodsService/goods/list/ HTTP/1.1\r\nHost: shop\r\nX-Filler: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expectEnvelope(JSON.parse(res.body), ResultCode.BadRequest);
  });

  it.each([
    [
      'a Content-Length that is not a number',
      'POST /api/goodsService/goods/list/ HTTP/1.1\r\nHost: shop\r\nContent-Length: abc\r\n\r\n{}',
    ],
    [
      'both Content-Length and chunked',
      'POST /api/goodsService/goods/list/ HTTP/1.1\r\nHost: shop\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
    ],
    ['an unknown method', 'FOO /api/goodsService/goods/list/ HTTP/1.1\r\nHost: shop\r\n\r\n'],
    ['a malformed request line', 'GET /api/ goods HTTP/1.1\r\nHost: shop\r\n\r\n'],
    ['a control character in a header', 'GET /healthz HTTP/1.1\r\nHost: shop\r\nX-Bad: a\u0001b\r\n\r\n'],
  ])('answers %s with the envelope (400)', async (_name, request) => {
    const res = await raw(request);
    expect(res.status).toBe(400);
    expect(res.headers.connection).toBe('close');
    expectEnvelope(JSON.parse(res.body), ResultCode.BadRequest);
  });

  it('answers a method Fastify has no route for with the envelope', async () => {
    const res = await raw(
      'PROPFIND /api/goodsService/goods/list/ HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n',
    );
    expect(res.status).toBe(405);
    expectEnvelope(JSON.parse(res.body), ResultCode.MethodNotAllowed);
  });
});

describe('a server that is shutting down', () => {
  it('refuses a request arriving on an open connection with the envelope (503)', async () => {
    let entered = () => {};
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const own = await createTestApp({
      extend(app) {
        app.post('/api/test/slow/', async () => {
          entered();
          await released;
          return { success: true, resultCode: 200, message: '操作成功', data: null };
        });
      },
    });
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const address = own.app.server.address();
    const ownPort = typeof address === 'object' && address ? address.port : 0;
    // A request still running keeps the server open; a second connection is half-way through its headers,
    // so the shutdown does not close it as idle.
    const slow = raw(
      'POST /api/test/slow/ HTTP/1.1\r\nHost: shop\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
      ownPort,
    );
    await inHandler;
    const late = connect(ownPort, '127.0.0.1');
    await new Promise((resolve) => late.once('connect', resolve));
    const answer = new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      late.on('data', (c) => chunks.push(c));
      late.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    late.write('GET /healthz HTTP/1.1\r\nHost: shop\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = own.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    late.write('\r\n');
    const response = parse(await answer);
    release();
    expect((await slow).status).toBe(200);
    await closed;
    expect(response?.status).toBe(503);
    expect(response?.headers.connection).toBe('close');
    expectEnvelope(JSON.parse(response?.body ?? ''), ResultCode.InternalServiceError);
  });
});
