import {
  bindContactRequestSchema,
  emptyRequestSchema,
  loginRequestSchema,
  MemberPaths,
  memberSchema,
  noticePrefsSchema,
  registerRequestSchema,
  resetLinkStatusRequestSchema,
  resetLinkStatusResponseSchema,
  resetPasswordByLinkRequestSchema,
  resetPasswordRequestSchema,
  sendCodeRequestSchema,
  sendCodeResponseSchema,
  smsLoginRequestSchema,
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

  app.post(
    MemberPaths.sendCode,
    {
      onRequest: app.authenticateOptional,
      schema: {
        tags: ['member'],
        summary: '发送短信或邮件验证码',
        description:
          'scene：login（短信登录）、register、reset（忘记密码）、bind（绑定手机号或邮箱，须登录）。须先通过图片验证码：' +
          '缺少返回 SmsNeedImageVerify 403，错误返回 ImageVerifyFailed 404。同一号码或邮箱每分钟1次、每小时5次、每天20次，' +
          '同一客户端地址每小时10次，超过返回 429。验证码为6位数字，5分钟内有效，只能使用一次，最多尝试5次。' +
          '号码或邮箱是否属于会员，应答都相同。',
        body: sendCodeRequestSchema,
        response: responses(sendCodeResponseSchema),
      },
    },
    async (request) =>
      ok(await members.sendCode(request.body, request.ip, request.member), MemberMessages.codeSent),
  );

  app.post(
    MemberPaths.smsLogin,
    {
      schema: {
        tags: ['member'],
        summary: '短信验证码登录',
        description:
          '手机号须已绑定到会员账号；验证码来自 sendCode/（scene=login）。成功返回令牌，与 login/ 相同。',
        body: smsLoginRequestSchema,
        response: responses(tokenResponseSchema),
      },
    },
    async (request) => ok(await members.smsLogin(request.body)),
  );

  app.post(
    MemberPaths.resetPwd,
    {
      schema: {
        tags: ['member'],
        summary: '忘记密码：用短信或邮件验证码重置密码',
        description:
          '手机号或已验证的邮箱（二选一）与 sendCode/（scene=reset）发送的验证码；成功后该会员所有登录令牌失效。',
        body: resetPasswordRequestSchema,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await members.resetPassword(request.body);
      return ok(null, MemberMessages.passwordReset);
    },
  );

  app.post(
    MemberPaths.resetLinkStatus,
    {
      schema: {
        tags: ['member'],
        summary: '查看一次性重置密码链接是否可用',
        description:
          '客服在后台为没有已验证手机号或邮箱的会员生成的链接（# 之后的部分为 token）。已使用、已过期或不存在时返回 -1。',
        body: resetLinkStatusRequestSchema,
        response: responses(resetLinkStatusResponseSchema),
      },
    },
    async (request) => ok(await members.resetLinkStatus(request.body.token)),
  );

  app.post(
    MemberPaths.resetPwdByLink,
    {
      schema: {
        tags: ['member'],
        summary: '用一次性链接设置新密码',
        description:
          '链接只能使用一次（并发使用时只有一次成功），30 分钟内有效；成功后该会员所有登录令牌失效，原密码不再可用。',
        body: resetPasswordByLinkRequestSchema,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await members.resetPasswordByLink(request.body);
      return ok(null, MemberMessages.passwordSet);
    },
  );

  app.post(
    MemberPaths.bindContact,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['member'],
        summary: '验证并绑定手机号或邮箱',
        description:
          '验证码来自 sendCode/（scene=bind）。成功后 current/ 的 phoneVerified 或 emailVerified 为 true。',
        security: bearer,
        body: bindContactRequestSchema,
        response: responses(memberSchema),
      },
    },
    async (request) =>
      ok(await members.bindContact(requireMember(request), request.body), MemberMessages.contactBound),
  );

  app.post(
    MemberPaths.noticePrefs,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['member'],
        summary: '站外通知设置',
        description: '每种通知是否发邮件、发短信，以及语言（zh-CN 或 en）。站内消息总会写入。',
        security: bearer,
        body: emptyRequestSchema,
        response: responses(noticePrefsSchema),
      },
    },
    async (request) => ok(await members.noticePrefs(requireMember(request))),
  );

  app.post(
    MemberPaths.updateNoticePrefs,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['member'],
        summary: '修改站外通知设置',
        security: bearer,
        body: noticePrefsSchema,
        response: responses(noticePrefsSchema),
      },
    },
    async (request) =>
      ok(await members.updateNoticePrefs(requireMember(request), request.body), MemberMessages.prefsSaved),
  );
};
