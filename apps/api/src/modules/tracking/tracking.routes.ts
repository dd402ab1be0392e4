import { SandboxTrackingPaths, TrackingPaths, text, trackingStateLabel } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/envelope';
import type { TrackingService } from './tracking.service';

/**
 * A tracking service's push (订阅推送), posted as a form by the service, never by the storefront: `param`, the JSON
 * of the parcel's news, and `sign`. Fields the service adds besides are ignored rather than refused: the shop does
 * not decide the service's form.
 */
const callbackForm = z.object({
  param: text().max(500_000),
  sign: text().max(128),
});

/**
 * The tracking service's callback, and the sandbox service's own call while it runs (docs/decisions/061). The
 * callback answers as the service expects (Kuaidi100's JSON), not with the envelope.
 */
export const trackingRoutes: FastifyPluginAsyncZod<{ tracking: TrackingService }> = async (
  app,
  { tracking },
) => {
  app.post(
    `${TrackingPaths.notify}:provider/`,
    {
      schema: {
        tags: ['tracking-channel'],
        summary: '物流跟踪推送（快递100 调用）',
        description:
          '由物流跟踪服务调用，不由前端调用。kuaidi100 按快递100「订阅推送」：表单（application/x-www-form-urlencoded）字段 param（JSON：status、message、lastResult{state, ischeck, com, nu, data[{context, time, ftime, areaName}]}）与 sign = MD5(param + salt) 大写。' +
          '先验签，验签失败返回 400 {"result":false,"returnCode":"400",…}，不做任何更改；验签通过后写入新的轨迹（重复推送的轨迹只存一次）、更新包裹状态，并在揽收、派送、签收、异常、退回时通知会员，应答 {"result":true,"returnCode":"200","message":"成功"}；' +
          '未跟踪的单号同样应答成功且不做任何更改；处理出错返回 500，快递100 稍后重推。sandbox 为商城自带的沙箱物流服务，格式相同。',
        params: z.object({
          provider: z.enum(['kuaidi100', 'sandbox']).describe('物流跟踪服务：kuaidi100 或 sandbox'),
        }),
        body: callbackForm,
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      try {
        const received = await tracking.receiveCallback(provider, request.body);
        if (received.outcome === 'rejected')
          request.log.warn({ provider, reason: received.reason }, 'tracking callback refused');
        else
          request.log.info(
            {
              provider,
              logisticCode: received.logisticCode,
              known: received.result.known,
              added: received.result.added,
              told: received.result.told,
            },
            'tracking callback',
          );
        const ack = tracking.acknowledgement(provider, received.outcome);
        return reply.code(ack.status).type(ack.contentType).send(ack.body);
      } catch (error) {
        request.log.error({ err: error, provider }, 'tracking callback failed');
        const ack = tracking.acknowledgement(provider, 'error');
        return reply.code(ack.status).type(ack.contentType).send(ack.body);
      }
    },
  );

  // Switched off (production without SHOP_TRACKING_PROVIDER=sandbox), the sandbox's call does not exist at all.
  if (!tracking.sandboxOn) return;
  app.post(
    SandboxTrackingPaths.advance,
    {
      schema: {
        tags: ['sandbox-tracking'],
        summary: '沙箱物流：推进包裹',
        description:
          '沙箱物流服务的演示快递员把已订阅的包裹向前推进 steps 步（揽收 → 在途 → 派件 → 签收，共 5 步），并像快递100一样把新轨迹推送给商城。仅测试与演示环境开启。',
        body: z.strictObject({
          logisticCode: text({ error: '请填写物流单号', trim: true }).regex(
            /^[A-Za-z0-9-]{4,60}$/,
            '物流单号只能包含字母、数字和 -，4-60 个字符',
          ),
          steps: z
            .number({ error: '步数须为 1-5 的整数' })
            .int('步数须为 1-5 的整数')
            .min(1, '步数须为 1-5 的整数')
            .max(5, '步数须为 1-5 的整数')
            .default(1),
        }),
        response: responses(
          z.object({
            logisticCode: z.string(),
            step: z.number().int(),
            state: z.number().int(),
            stateLabel: z.string(),
          }),
        ),
      },
    },
    async (request) => {
      const { logisticCode, steps } = request.body;
      const moved = await tracking.advanceSandbox(logisticCode, steps);
      return ok(
        { logisticCode, step: moved.step, state: moved.state, stateLabel: trackingStateLabel(moved.state) },
        `沙箱包裹已推进到「${trackingStateLabel(moved.state)}」`,
      );
    },
  );
};
