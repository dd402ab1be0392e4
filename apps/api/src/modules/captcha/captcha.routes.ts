import { captchaResponseSchema, emptyRequestSchema, MemberPaths } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { CAPTCHA_LIMIT, type CaptchaService } from './captcha.service';

/** The captcha call of spec §7 'Member'. */
export const captchaRoutes: FastifyPluginAsyncZod<{ captcha: CaptchaService }> = async (app, { captcha }) => {
  app.post(
    MemberPaths.captcha,
    {
      schema: {
        tags: ['captcha'],
        summary: '获取图形验证码',
        description:
          '返回 SVG 图片（data URL）与验证码编号；120 秒内有效，只能使用一次，不区分大小写。' +
          `同一客户端地址每分钟最多获取 ${CAPTCHA_LIMIT.perAddress} 个，超过返回 429。`,
        body: emptyRequestSchema,
        response: responses(captchaResponseSchema),
      },
    },
    async (request) => ok(await captcha.create(request.ip)),
  );
};
