import {
  checkQrScanRequestSchema,
  checkQrScanResponseSchema,
  qrCodeRequestSchema,
  qrCodeResponseSchema,
  WechatPaths,
  wechatBindingResponseSchema,
  wechatBindingSchema,
  wechatBindRequestSchema,
  wechatUnbindRequestSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/envelope';
import { escapeHtml, plainPage, sendPlainPage } from '../../lib/plain-page';
import { requireMember } from '../../plugins/auth';
import { type AuthorizeOutcome, WechatMessages, type WechatService } from './wechat.service';

const bearer = [{ bearerAuth: [] }];

const AUTHORIZE_PAGES: Readonly<Record<AuthorizeOutcome, { status: number; text: string }>> = {
  confirmed: { status: 200, text: '微信已确认，请回到原来的页面继续。' },
  cancelled: { status: 200, text: '已取消微信登录。' },
  invalid: { status: 400, text: '二维码已失效或已使用，请回到原来的页面刷新二维码。' },
  failed: { status: 502, text: '微信授权失败，请回到原来的页面刷新二维码后重试。' },
};

/** QR sign-in with the chat app (spec §7 'Member' wechat/). Handlers only translate HTTP to service calls. */
export const wechatRoutes: FastifyPluginAsyncZod<{ wechat: WechatService }> = async (app, { wechat }) => {
  app.post(
    WechatPaths.getQrCode,
    {
      onRequest: app.authenticateOptional,
      schema: {
        tags: ['wechat'],
        summary: '获取微信扫码登录二维码',
        description:
          '新建一个5分钟内有效的二维码票据。ticket 由页面保存，用于 checkQrScan/ 与 wechatBind/；二维码只含扫码地址。' +
          'purpose 为 bind 时须已登录（在账户安全页绑定）。沙箱（SHOP_WECHAT_SANDBOX）时 qrImage 为 SVG 数据地址；' +
          '开放平台时 scanUrl 为微信的扫码登录页。未开放时返回 WeChatAuthError 1010；每个地址每分钟20次。',
        body: qrCodeRequestSchema,
        response: responses(qrCodeResponseSchema),
      },
    },
    async (request) =>
      ok(
        await wechat.getQrCode(
          request.body,
          request.member,
          request.ip,
          `${request.protocol}://${request.host}`,
        ),
      ),
  );

  app.post(
    WechatPaths.checkQrScan,
    {
      schema: {
        tags: ['wechat'],
        summary: '查询扫码状态',
        description:
          '页面每2秒轮询。status：waiting 等待扫码，scanned 已扫码待确认，cancelled 已取消，invalid 已失效（过期、已使用或不存在），' +
          'needBind 该微信尚未绑定账号（附昵称与头像），success 登录成功（附 token，与 login/ 相同）。令牌只返回一次。' +
          '微信授权失败返回 WeChatAuthError 1010；每个地址每分钟120次。',
        body: checkQrScanRequestSchema,
        response: responses(checkQrScanResponseSchema),
      },
    },
    async (request) => {
      const result = await wechat.checkQrScan(request.body.ticket, request.ip);
      return ok(result, wechat.message(result.status));
    },
  );

  app.post(
    WechatPaths.wechatBind,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['wechat'],
        summary: '绑定微信',
        description:
          '把已确认扫码的微信绑定到当前会员；memberId 须为当前会员。未确认、已失效的票据，或该微信已绑定其他账号、' +
          '当前账号已绑定微信时返回 WeChatVerifyFailed 600。',
        security: bearer,
        body: wechatBindRequestSchema,
        response: responses(wechatBindingSchema),
      },
    },
    async (request) => ok(await wechat.bind(requireMember(request), request.body), WechatMessages.bound),
  );

  app.post(
    WechatPaths.binding,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['wechat'],
        summary: '当前会员的微信绑定',
        description: '未绑定时 data 为 null。',
        security: bearer,
        body: z.strictObject({}),
        response: responses(wechatBindingResponseSchema),
      },
    },
    async (request) => ok(await wechat.binding(requireMember(request))),
  );

  app.post(
    WechatPaths.unbind,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['wechat'],
        summary: '解除微信绑定',
        description: '须输入登录密码（错误次数与修改密码合计，15分钟5次）。',
        security: bearer,
        body: wechatUnbindRequestSchema,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await wechat.unbind(requireMember(request), request.body);
      return ok(null, WechatMessages.unbound);
    },
  );

  // The open platform's return exists only when it is configured.
  if (wechat.providerName === 'open')
    app.get(
      WechatPaths.callback,
      {
        schema: {
          tags: ['wechat'],
          summary: '微信开放平台登录回调',
          description:
            '微信扫码确认后浏览器被带回这里（code、state）。state 对应二维码票据且只能使用一次，code 只兑换一次；' +
            '返回一个提示页面，原页面的轮询随后得到结果。',
          querystring: z.object({
            code: z.string().max(512).optional(),
            state: z.string().max(64).default(''),
          }),
        },
      },
      async (request, reply) => {
        const outcome = await wechat.authorize(request.query.state, request.query.code, (error) =>
          request.log.warn({ err: error }, 'chat-app website login failed'),
        );
        const page = AUTHORIZE_PAGES[outcome];
        return sendPlainPage(
          reply,
          page.status,
          plainPage(
            '微信登录',
            '澳中批发商城 · 微信登录',
            `<section class="card"><p class="state">${escapeHtml(page.text)}</p></section>`,
          ),
        );
      },
    );
};
