import { SandboxWechatPaths, text } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomToken } from '../../lib/crypto';
import { sendPlainPage } from '../../lib/plain-page';
import { SANDBOX_USERS, sandboxAvatar, sandboxMessagePage, scanPage } from './sandbox.page';
import type { WechatIdentity } from './wechat.provider';
import type { WechatService } from './wechat.service';

const scanParams = z.object({ scanCode: text().regex(/^[A-Za-z0-9_-]{16,64}$/, '扫码地址无效') });

/** The sandbox phone's form: a listed user by index, or a new one typed in. */
const confirmForm = z.object({
  user: z.union([z.literal('new'), z.string().regex(/^[0-9]$/)]).default('new'),
  openid: text({ trim: true })
    .regex(/^[A-Za-z0-9_-]{6,64}$/, 'openid 应为6-64位字母、数字、下划线或连字符')
    .optional(),
  nickname: text({ trim: true }).max(50, '昵称最多50个字符').optional(),
  avatar: text({ trim: true })
    .max(500)
    .regex(/^$|^https?:\/\/\S+$/, '头像应为 http(s):// 地址')
    .optional(),
});

/**
 * The sandbox chat app's 'phone' (docs/design.md 'sandboxes'), registered only while it runs: the QR code leads
 * here; opening the page counts as the scan; its form confirms as a chosen chat-app user or cancels. Like the
 * sandbox cashier it answers as the third party's site would (HTML and redirects), not with the envelope.
 */
export const wechatSandboxRoutes: FastifyPluginAsyncZod<{ wechat: WechatService }> = async (
  app,
  { wechat },
) => {
  const pageUrl = (scanCode: string) => `${SandboxWechatPaths.scan}${scanCode}`;

  app.get(
    `${SandboxWechatPaths.scan}:scanCode`,
    {
      schema: {
        tags: ['sandbox-wechat'],
        summary: '沙箱微信扫码页',
        description:
          '代替手机：打开即视为已扫码；可选择或填写模拟的微信用户（openid、昵称、头像）并确认登录，或取消。',
        params: scanParams,
      },
    },
    async (request, reply) => {
      const { scanCode } = request.params;
      const state = await wechat.sandboxScan(scanCode);
      const page = scanPage(
        state,
        { confirm: `${pageUrl(scanCode)}/confirm`, cancel: `${pageUrl(scanCode)}/cancel` },
        `sandbox-${randomToken(6)}`,
      );
      return sendPlainPage(reply, state ? 200 : 404, page);
    },
  );

  app.post(
    `${SandboxWechatPaths.scan}:scanCode/confirm`,
    {
      schema: {
        tags: ['sandbox-wechat'],
        summary: '沙箱微信扫码页：确认登录',
        description:
          '表单提交（user 为列出的用户序号或 new，new 时带 openid、nickname、avatar），303 回到扫码页。',
        params: scanParams,
        body: confirmForm,
      },
    },
    async (request, reply) => {
      const form = request.body;
      const listed = form.user === 'new' ? undefined : SANDBOX_USERS[Number(form.user)];
      let identity: WechatIdentity | undefined = listed;
      if (!identity && form.user === 'new') {
        if (!form.openid) return sendPlainPage(reply, 400, sandboxMessagePage('请填写 openid'));
        const nickname = form.nickname || '新用户';
        identity = { openid: form.openid, nickname, avatar: form.avatar || sandboxAvatar(nickname) };
      }
      if (!identity) return sendPlainPage(reply, 400, sandboxMessagePage('请选择微信用户'));
      await wechat.sandboxAnswer(request.params.scanCode, identity);
      return reply.redirect(pageUrl(request.params.scanCode), 303);
    },
  );

  app.post(
    `${SandboxWechatPaths.scan}:scanCode/cancel`,
    {
      schema: {
        tags: ['sandbox-wechat'],
        summary: '沙箱微信扫码页：取消',
        description: '表单提交，303 回到扫码页。',
        params: scanParams,
      },
    },
    async (request, reply) => {
      await wechat.sandboxAnswer(request.params.scanCode, 'cancel');
      return reply.redirect(pageUrl(request.params.scanCode), 303);
    },
  );
};
