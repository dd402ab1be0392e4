import { z } from 'zod';
import type { WechatOpenConfig } from '../../config/env';
import { WechatAuthFailure, type WechatIdentity, type WechatLoginProvider } from './wechat.provider';

/** How long the shop waits for the open platform before the sign-in fails with 1010. */
export const WECHAT_OPEN_TIMEOUT_MS = 10_000;

const errorAnswer = z.object({ errcode: z.number(), errmsg: z.string().optional() });
const tokenAnswer = z.object({
  access_token: z.string().min(1),
  openid: z.string().min(1).max(128),
  unionid: z.string().max(128).optional(),
  scope: z.string().optional(),
});
const userAnswer = z.object({
  openid: z.string().min(1).max(128),
  nickname: z.string().optional(),
  headimgurl: z.string().optional(),
  unionid: z.string().max(128).optional(),
});

/**
 * The open platform's website application (snsapi_login), configured by SHOP_WECHAT_APP_ID, SHOP_WECHAT_APP_SECRET
 * and SHOP_WECHAT_REDIRECT_URL: the login page at {open}/connect/qrconnect carries the ticket's scan code as
 * `state`; the platform sends the browser back to the redirect URL with a code, which is exchanged once at
 * {api}/sns/oauth2/access_token for an access token and the openid, then at {api}/sns/userinfo for the profile.
 */
export function createOpenProvider(
  config: WechatOpenConfig,
  { fetch: fetchImpl = fetch }: { fetch?: typeof fetch } = {},
): WechatLoginProvider {
  async function getJson(path: string, query: Record<string, string>): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchImpl(`${config.apiUrl}${path}?${new URLSearchParams(query).toString()}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(WECHAT_OPEN_TIMEOUT_MS),
      });
    } catch (error) {
      throw new WechatAuthFailure(`${path}: ${(error as Error).message}`);
    }
    if (!response.ok) throw new WechatAuthFailure(`${path}: HTTP ${response.status}`);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new WechatAuthFailure(`${path}: not JSON`);
    }
    const refused = errorAnswer.safeParse(body);
    if (refused.success && refused.data.errcode !== 0)
      throw new WechatAuthFailure(`${path}: errcode ${refused.data.errcode} ${refused.data.errmsg ?? ''}`);
    return body;
  }

  return {
    name: 'open',
    scanUrl(scanCode) {
      const query = new URLSearchParams({
        appid: config.appId,
        redirect_uri: config.redirectUrl,
        response_type: 'code',
        scope: 'snsapi_login',
        state: scanCode,
      });
      return `${config.openUrl}/connect/qrconnect?${query.toString()}#wechat_redirect`;
    },
    async exchangeCode(code) {
      const token = tokenAnswer.safeParse(
        await getJson('/sns/oauth2/access_token', {
          appid: config.appId,
          secret: config.secret,
          code,
          grant_type: 'authorization_code',
        }),
      );
      if (!token.success) throw new WechatAuthFailure('/sns/oauth2/access_token: unexpected answer');
      const user = userAnswer.safeParse(
        await getJson('/sns/userinfo', {
          access_token: token.data.access_token,
          openid: token.data.openid,
          lang: 'zh_CN',
        }),
      );
      if (!user.success || user.data.openid !== token.data.openid)
        throw new WechatAuthFailure('/sns/userinfo: unexpected answer');
      const identity: WechatIdentity = {
        openid: token.data.openid,
        unionid: user.data.unionid ?? token.data.unionid,
        nickname: (user.data.nickname ?? '').slice(0, 100),
        avatar: (user.data.headimgurl ?? '').slice(0, 2048),
      };
      return identity;
    },
  };
}
