import {
  emptyRequestSchema,
  loginRequestSchema,
  MemberPaths,
  memberSchema,
  registerRequestSchema,
  tokenResponseSchema,
  updatePasswordRequestSchema,
  updateProfileRequestSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/envelope';
import { requireMember } from '../../plugins/auth';
import { MemberMessages, type MemberService } from './member.service';

const bearer = [{ bearerAuth: [] }];

/** The member calls of spec §7 'Member'. Handlers only translate HTTP to service calls. */
export const memberRoutes: FastifyPluginAsyncZod<{ members: MemberService }> = async (app, { members }) => {
  app.post(
    MemberPaths.register,
    {
      schema: {
        tags: ['member'],
        summary: '注册会员',
        description:
          '需先获取图形验证码（captchaId、captchaCode，来自 captcha/）：缺少返回 SmsNeedImageVerify 403，错误返回 ImageVerifyFailed 404；成功后直接登录，返回令牌。',
        body: registerRequestSchema,
        response: responses(tokenResponseSchema),
      },
    },
    async (request) => ok(await members.register(request.body), MemberMessages.registered),
  );

  app.post(
    MemberPaths.login,
    {
      schema: {
        tags: ['member'],
        summary: '账号密码登录',
        description:
          '每次尝试先计数再校验密码（并发请求逐一计数）。15分钟内同一账号超过3次或同一地址超过10次后须同时提交图片验证码' +
          '（captchaId、captchaCode，来自 captcha/）；缺少返回 SmsNeedImageVerify 403、错误返回 ImageVerifyFailed 404，data.needCaptcha 均为 true。' +
          '密码错误返回 -1，data.needCaptcha 表示下次是否需要验证码。同一地址15分钟超过100次返回 429，失败应答随次数变慢。',
        body: loginRequestSchema,
        response: responses(tokenResponseSchema),
      },
    },
    async (request) => ok(await members.login(request.body, request.ip)),
  );

  app.post(
    MemberPaths.current,
    {
      onRequest: app.authenticateSession,
      schema: {
        tags: ['member'],
        summary: '当前会员信息',
        description:
          'mustChangePassword 为 true 时，管理员已重置密码：除本接口、updatePwd/ 与 logout/ 外的会员接口均返回 4033。',
        security: bearer,
        body: emptyRequestSchema,
        response: responses(memberSchema),
      },
    },
    async (request) => ok(await members.current(requireMember(request))),
  );

  app.post(
    MemberPaths.update,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['member'],
        summary: '修改个人资料',
        description: '只修改请求中给出的字段。',
        security: bearer,
        body: updateProfileRequestSchema,
        response: responses(memberSchema),
      },
    },
    async (request) =>
      ok(await members.updateProfile(requireMember(request), request.body), MemberMessages.profileUpdated),
  );

  app.post(
    MemberPaths.updatePwd,
    {
      onRequest: app.authenticateSession,
      schema: {
        tags: ['member'],
        summary: '修改密码',
        description:
          '成功后该会员的其他登录令牌全部失效，当前令牌继续有效；管理员重置密码后的改密限制随之解除。',
        security: bearer,
        body: updatePasswordRequestSchema,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await members.changePassword(requireMember(request), request.body);
      return ok(null, MemberMessages.passwordChanged);
    },
  );

  app.post(
    MemberPaths.logout,
    {
      onRequest: app.authenticateSession,
      schema: {
        tags: ['member'],
        summary: '退出登录',
        description: '使当前令牌失效。',
        security: bearer,
        body: emptyRequestSchema,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await members.logout(requireMember(request));
      return ok(null, MemberMessages.loggedOut);
    },
  );
};
