import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ResultCode, WechatPaths } from '@shop/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { checkScan, newQrCode } from './support/wechat-helpers';

/**
 * The open platform's website login (snsapi_login), against a fake of its two endpoints on 127.0.0.1: the code of
 * the redirect is exchanged once for the access token and openid, then for the user's profile.
 */

const APP_ID = 'wxfake0123456789';
const SECRET = 'fake-secret-0123456789abcdef';
const REDIRECT = 'https://shop.example.com/api/memberService/wechat/callback/';

interface FakeCall {
  path: string;
  query: Record<string, string>;
}

/** The fake platform: codes it knows, what it answers, and every call it got. */
const fake = {
  calls: [] as FakeCall[],
  /** code → openid; any other code is refused with errcode 40029 (invalid code). */
  codes: new Map<string, string>(),
  /** Answer every call with HTTP 500. */
  broken: false,
};

function handle(req: IncomingMessage): { status: number; body: unknown } {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const query = Object.fromEntries(url.searchParams);
  fake.calls.push({ path: url.pathname, query });
  if (fake.broken) return { status: 500, body: 'oops' };
  if (url.pathname === '/sns/oauth2/access_token') {
    if (query.appid !== APP_ID || query.secret !== SECRET || query.grant_type !== 'authorization_code')
      return { status: 200, body: { errcode: 40125, errmsg: 'invalid appsecret' } };
    const openid = fake.codes.get(query.code ?? '');
    if (!openid) return { status: 200, body: { errcode: 40029, errmsg: 'invalid code' } };
    // A code is good once, as on the real platform.
    fake.codes.delete(query.code ?? '');
    return {
      status: 200,
      body: {
        access_token: `at-${openid}`,
        expires_in: 7200,
        refresh_token: 'rt',
        openid,
        scope: 'snsapi_login',
        unionid: `union-${openid}`,
      },
    };
  }
  if (url.pathname === '/sns/userinfo') {
    const openid = query.openid ?? '';
    if (query.access_token !== `at-${openid}`)
      return { status: 200, body: { errcode: 40001, errmsg: 'bad token' } };
    return {
      status: 200,
      body: {
        openid,
        nickname: '开放平台用户',
        sex: 1,
        headimgurl: 'https://thirdwx.qlogo.cn/mmopen/fake/132',
        privilege: [],
        unionid: `union-${openid}`,
      },
    };
  }
  return { status: 404, body: { errcode: 404 } };
}

let server: Server;
let base: string;
let t: TestApp;

beforeAll(async () => {
  server = createServer((req, res) => {
    const { status, body } = handle(req);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: {
      SEED_DEMO: 'false',
      SHOP_WECHAT_APP_ID: APP_ID,
      SHOP_WECHAT_APP_SECRET: SECRET,
      SHOP_WECHAT_REDIRECT_URL: REDIRECT,
      SHOP_WECHAT_OPEN_URL: base,
      SHOP_WECHAT_API_URL: base,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});
beforeEach(() => {
  fake.calls = [];
  fake.broken = false;
});

/** The browser coming back from the platform. */
function callback(query: Record<string, string>) {
  return t.app.inject({
    method: 'GET',
    url: `${WechatPaths.callback}?${new URLSearchParams(query).toString()}`,
  });
}

const stateOf = (scanUrl: string) => new URL(scanUrl).searchParams.get('state') ?? '';

describe('the open platform provider', () => {
  it('sends the visitor to the platform’s QR login page with the app id, redirect, scope and a state', async () => {
    const code = await newQrCode(t.app);
    expect(code.provider).toBe('open');
    expect(code.qrImage).toBe('');
    const url = new URL(code.scanUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${base}/connect/qrconnect`);
    expect(url.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: APP_ID,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'snsapi_login',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
    });
    expect(code.scanUrl).not.toContain(code.ticket);
    expect((await checkScan(t.app, code.ticket)).data.status).toBe('waiting');
  });

  it('exchanges the code once for the openid and profile; the state and code cannot be used again', async () => {
    const code = await newQrCode(t.app);
    const state = stateOf(code.scanUrl);
    fake.codes.set('code-1', 'openid-alice');
    const back = await callback({ code: 'code-1', state });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toContain('text/html');
    expect(back.body).toContain('微信已确认');
    expect(fake.calls.map((c) => c.path)).toEqual(['/sns/oauth2/access_token', '/sns/userinfo']);
    expect(fake.calls[0]?.query).toEqual({
      appid: APP_ID,
      secret: SECRET,
      code: 'code-1',
      grant_type: 'authorization_code',
    });
    expect(fake.calls[1]?.query).toMatchObject({ access_token: 'at-openid-alice', openid: 'openid-alice' });
    expect(await checkScan(t.app, code.ticket)).toMatchObject({
      data: {
        status: 'needBind',
        nickname: '开放平台用户',
        avatar: 'https://thirdwx.qlogo.cn/mmopen/fake/132',
      },
    });

    fake.calls = [];
    fake.codes.set('code-1', 'openid-mallory');
    const replay = await callback({ code: 'code-1', state });
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain('已失效或已使用');
    // Refused before the platform is asked: the code is never exchanged twice.
    expect(fake.calls).toEqual([]);
    expect((await checkScan(t.app, code.ticket)).data).toMatchObject({ nickname: '开放平台用户' });
  });

  it('refuses a state the shop never issued, without asking the platform', async () => {
    fake.codes.set('code-2', 'openid-bob');
    const res = await callback({ code: 'code-2', state: 'x'.repeat(24) });
    expect(res.statusCode).toBe(400);
    expect(fake.calls).toEqual([]);
  });

  it('answers WeChatAuthError 1010 when the platform refuses the code', async () => {
    const code = await newQrCode(t.app);
    const res = await callback({ code: 'unknown-code', state: stateOf(code.scanUrl) });
    expect(res.statusCode).toBe(502);
    expect(res.body).toContain('微信授权失败');
    expect(await checkScan(t.app, code.ticket)).toMatchObject({
      success: false,
      resultCode: ResultCode.WeChatAuthError,
      message: '微信授权失败，请刷新二维码后重试',
    });
  });

  it('answers WeChatAuthError 1010 when the platform is down', async () => {
    fake.broken = true;
    const code = await newQrCode(t.app);
    fake.codes.set('code-3', 'openid-carol');
    expect((await callback({ code: 'code-3', state: stateOf(code.scanUrl) })).statusCode).toBe(502);
    expect((await checkScan(t.app, code.ticket)).resultCode).toBe(ResultCode.WeChatAuthError);
  });

  it('takes a return without a code as the user declining', async () => {
    const code = await newQrCode(t.app);
    expect((await callback({ state: stateOf(code.scanUrl) })).body).toContain('已取消');
    expect((await checkScan(t.app, code.ticket)).data.status).toBe('cancelled');
    expect(fake.calls).toEqual([]);
  });

  it('lets the storefront show the platform’s user pictures, and no other image host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const imgSrc = String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('img-src'));
    expect(imgSrc).toBe("img-src 'self' data: blob: https://thirdwx.qlogo.cn https://wx.qlogo.cn");
  });

  it('has no sandbox scan page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox-wechat/scan/abcdefghijklmnopqrstuvwx' });
    expect(res.statusCode).toBe(404);
  });
});
