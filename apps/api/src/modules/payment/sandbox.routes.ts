import { SandboxPaths, text } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPlainPage } from '../../lib/plain-page';
import { SIGNATURE_HEADER } from './payment.provider';
import { cashierUrl, type SandboxChannel, SandboxMessages } from './sandbox.channel';
import { cashierPage, messagePage } from './sandbox.page';

const channelTradeParams = z.object({
  channelTradeNo: text().regex(/^SB[0-9A-Z]{10,38}$/, '渠道交易号格式不正确'),
});
/** Signed trade fields as a form or a query carries them; the channel checks them itself. */
const tradeFields = z.record(text(), z.union([text(), z.array(text())]));

const html = sendPlainPage;

/**
 * The sandbox channel's pages (docs/design.md 'sandboxes'), under /sandbox-pay: the cashier with its pay and cancel
 * buttons, the supay bridge (a posted form) and the chat-app proxy. They stand in for the third party's site,
 * so they answer as it would (HTML pages, redirects, the proxy's JSON), not with the shop's envelope. The
 * channel's notify goes to the shop's real notify route through app.inject.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<{ channel: SandboxChannel }> = async (app, { channel }) => {
  channel.attach({
    deliver: async (url, rawBody, signature) => {
      const res = await app.inject({
        method: 'POST',
        url,
        payload: rawBody,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      });
      return { statusCode: res.statusCode, body: res.body };
    },
    log: app.log,
  });
  app.addHook('onClose', async () => {
    channel.stop();
    await channel.idle();
  });

  app.get(
    `${SandboxPaths.cashier}:channelTradeNo`,
    {
      schema: {
        tags: ['sandbox-pay'],
        summary: '沙箱收银台页面',
        description:
          '沙箱渠道的收银台（HTML）：显示商户订单号、商品与金额，以及“确认支付”“取消支付”两个按钮；不会产生真实扣款。',
        params: channelTradeParams,
      },
    },
    async (request, reply) => {
      const { channelTradeNo } = request.params;
      const trade = await channel.findTrade(channelTradeNo);
      if (!trade) return html(reply, 404, messagePage('沙箱收银台', SandboxMessages.tradeNotFound));
      const base = cashierUrl(channelTradeNo);
      return html(reply, 200, cashierPage(trade, { pay: `${base}/pay`, cancel: `${base}/cancel` }));
    },
  );

  for (const action of ['pay', 'cancel'] as const) {
    app.post(
      `${SandboxPaths.cashier}:channelTradeNo/${action}`,
      {
        schema: {
          tags: ['sandbox-pay'],
          summary: action === 'pay' ? '沙箱收银台：确认支付' : '沙箱收银台：取消支付',
          description:
            action === 'pay'
              ? '表单提交。交易变为已支付，稍后向商城发送签名的 SUCCESS 异步通知，并 303 跳转回商户的 return_url。'
              : '表单提交。交易变为已取消，稍后向商城发送签名的 CLOSED 异步通知，并 303 跳转回商户的 return_url。',
          params: channelTradeParams,
        },
      },
      async (request, reply) => {
        const { channelTradeNo } = request.params;
        const result = await channel.settle(channelTradeNo, action);
        if (!result) return html(reply, 404, messagePage('沙箱收银台', SandboxMessages.tradeNotFound));
        // A trade that was no longer open shows its state on the cashier page instead.
        return reply.redirect(result.changed ? result.trade.returnUrl : cashierUrl(channelTradeNo), 303);
      },
    );
  }

  app.post(
    SandboxPaths.bridge,
    {
      schema: {
        tags: ['sandbox-pay'],
        summary: '沙箱 supay 支付桥（表单）',
        description:
          '前端把 supayParam/ 返回的 fields 作为表单提交到这里：签名正确则建立交易并 303 跳转到收银台；签名或参数错误返回 400 页面。',
        body: tradeFields,
      },
    },
    async (request, reply) => {
      const result = await channel.openTrade(request.body);
      if (!result.ok) return html(reply, 400, messagePage('支付请求无效', result.message));
      return reply.redirect(result.cashierUrl, 303);
    },
  );

  app.get(
    SandboxPaths.proxy,
    {
      schema: {
        tags: ['sandbox-pay'],
        summary: '沙箱微信代理',
        description:
          '前端 GET supayParam/ 返回的 action（带签名的查询参数）：签名正确则建立交易，返回 {result: SUCCESS, url: 收银台地址}；' +
          '否则返回 {result: FAIL, message}。',
        querystring: tradeFields,
        response: {
          200: z.union([
            z.object({ result: z.literal('SUCCESS'), url: z.string() }),
            z.object({ result: z.literal('FAIL'), message: z.string() }),
          ]),
        },
      },
    },
    async (request, reply) => {
      const result = await channel.openTrade(request.query);
      reply.header('cache-control', 'no-store');
      // Like the real proxy, a refusal is a normal answer the storefront reads (result FAIL), not an HTTP error.
      if (!result.ok) return { result: 'FAIL' as const, message: result.message };
      return { result: 'SUCCESS' as const, url: result.cashierUrl };
    },
  );
};
