/** The notices module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { createAliyunSms } from './aliyun.sms';
export { createSmtpMail } from './mail.provider';
export { createNoticeQueue } from './notice-queue';
export { noticeConsoleRoutes } from './notices.console.routes';
export { createNoticeService, createSandboxOutbox, type NewNotice } from './notices.service';
export { APPROVAL_RESULTS } from './notices.templates';
export {
  OPTIONAL_SMS_TEMPLATES,
  type OptionalSmsTemplate,
  SMS_TEMPLATE_PARAMS,
  type SmsProvider,
  type SmsTemplateKey,
} from './sms.provider';
export { createSmsRouter } from './sms.router';
export { createTencentSms } from './tencent.sms';
export { createTwilioSms } from './twilio.sms';
