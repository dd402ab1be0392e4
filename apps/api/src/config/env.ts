import { createPrivateKey, createPublicKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { RESPONSE_SERIALIZERS, type ResponseSerializer } from '../lib/response-serializer';
import { type SecretKey, secretKeyOf } from '../lib/secret-box';
import { DEFAULT_SHOP_TIME_ZONE, SHOP_TIME_ZONES, type ShopTimeZone } from '../lib/shop-day';
import {
  OPTIONAL_SMS_TEMPLATES,
  type OptionalSmsTemplate,
  SMS_TEMPLATE_PARAMS,
  type SmsTemplateKey,
} from '../modules/notices';
import { apiPath } from '../paths';

/**
 * The one place that reads environment variables (docs/conventions.md 'One way to do each thing').
 * Everything else receives a typed `AppConfig`, so tests can build the app with their own.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The storefront build of this repo (apps/web/dist). */
export const DEFAULT_WEB_DIST = apiPath('..', 'web', 'dist');

/** A true/false variable; undefined when unset, so its default can depend on other variables. */
const booleanish = () =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: '应为 true 或 false / must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1' || v === 'yes'));

const SECRET_KEY_MESSAGE =
  '应为 32 字节密钥的 base64（openssl rand -base64 32）/ must be 32 bytes in base64 (openssl rand -base64 32)';
/** A key of secrets at rest: 32 random bytes in base64 (lib/secret-box.ts). */
const secretKey = z
  .string()
  .trim()
  .refine(
    (v) => /^[A-Za-z0-9+/_-]{43}=?$/.test(v) && Buffer.from(v, 'base64').length === 32,
    SECRET_KEY_MESSAGE,
  )
  .transform((v) => secretKeyOf(Buffer.from(v, 'base64')));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  WORKERS: z.coerce
    .number({ error: '应为 1-64 的整数 / must be a whole number 1-64' })
    .int('应为 1-64 的整数 / must be a whole number 1-64')
    .min(1, '应为 1-64 的整数 / must be a whole number 1-64')
    .max(64, '应为 1-64 的整数 / must be a whole number 1-64')
    .default(1),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, '应为 postgres:// 地址 / must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  BACKUP_DIR: z.string().min(1).optional(),
  /** A TrueType/OpenType font with Chinese glyphs for tax invoices; default: the bundled Noto Sans SC (ADR 039). */
  INVOICE_FONT_PATH: z.string().min(1).optional(),
  BACKUP_INTERVAL: z
    .string()
    .regex(
      /^(off|0|[1-9][0-9]{0,4}[mhd])$/,
      '应为 off 或 数字加单位 m/h/d，如 30m、6h、24h / must be off or a number with m, h or d, such as 30m, 6h, 24h',
    )
    .default('24h'),
  BACKUP_KEEP: z.coerce
    .number({ error: '应为 1-1000 的整数 / must be a whole number 1-1000' })
    .int('应为 1-1000 的整数 / must be a whole number 1-1000')
    .min(1, '应为 1-1000 的整数 / must be a whole number 1-1000')
    .max(1000, '应为 1-1000 的整数 / must be a whole number 1-1000')
    .default(7),
  SHUTDOWN_GRACE_MS: z.coerce
    .number({ error: '应为 0-60000 的整数 / must be a whole number 0-60000' })
    .int('应为 0-60000 的整数 / must be a whole number 0-60000')
    .min(0, '应为 0-60000 的整数 / must be a whole number 0-60000')
    .max(60_000, '应为 0-60000 的整数 / must be a whole number 0-60000')
    .default(0),
  CATALOGUE_CACHE_MB: z.coerce
    .number({ error: '应为 0-4096 的整数 / must be a whole number 0-4096' })
    .int('应为 0-4096 的整数 / must be a whole number 0-4096')
    .min(0, '应为 0-4096 的整数 / must be a whole number 0-4096')
    .max(4096, '应为 0-4096 的整数 / must be a whole number 0-4096')
    .default(64),
  RESPONSE_SERIALIZER: z
    .enum(RESPONSE_SERIALIZERS, {
      error: '应为 compiled、validated 或 checked / must be compiled, validated or checked',
    })
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  METRICS: booleanish(),
  SESSION_CACHE: booleanish(),
  // A scraper's bearer token: long enough that it cannot be guessed.
  METRICS_TOKEN: z
    .string()
    .min(24, '至少24个字符 / at least 24 characters')
    .max(256, '至多256个字符 / at most 256 characters')
    .regex(/^[\x21-\x7e]+$/, '只能包含可见的 ASCII 字符 / visible ASCII characters only')
    .optional(),
  // The scrape's own port on 127.0.0.1 (0: any free port, for tests); unset: no such port.
  METRICS_PORT: z.coerce
    .number({ error: '应为 0-65535 的整数 / must be a whole number 0-65535' })
    .int('应为 0-65535 的整数 / must be a whole number 0-65535')
    .min(0, '应为 0-65535 的整数 / must be a whole number 0-65535')
    .max(65535, '应为 0-65535 的整数 / must be a whole number 0-65535')
    .optional(),
  SLOW_REQUEST_MS: z.coerce
    .number({ error: '应为 0-600000 的整数 / must be a whole number 0-600000' })
    .int('应为 0-600000 的整数 / must be a whole number 0-600000')
    .min(0, '应为 0-600000 的整数 / must be a whole number 0-600000')
    .max(600_000, '应为 0-600000 的整数 / must be a whole number 0-600000')
    .default(1000),
  SLOW_QUERY_MS: z.coerce
    .number({ error: '应为 0-600000 的整数 / must be a whole number 0-600000' })
    .int('应为 0-600000 的整数 / must be a whole number 0-600000')
    .min(0, '应为 0-600000 的整数 / must be a whole number 0-600000')
    .max(600_000, '应为 0-600000 的整数 / must be a whole number 0-600000')
    .default(250),
  NODE_ENV: z.string().optional(),
  SHOP_TEST_CAPTCHA: z.string().min(1).max(16).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, '应为 redis:// 地址 / must be a redis:// URL')
    .optional(),
  WEB_DIST: z.string().min(1).optional(),
  SEED_DEMO: booleanish(),
  SEED_DEMO_HISTORY_DAYS: z.coerce
    .number()
    .int()
    .min(0, '应为 0-365 的整数 / must be a whole number 0-365')
    .max(365, '应为 0-365 的整数 / must be a whole number 0-365')
    .default(60),
  TRUST_PROXY: booleanish(),
  SHOP_PAY_GATEWAY_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, '应为 http(s):// 地址 / must be an http(s):// URL')
    .optional(),
  SHOP_PAY_MERCHANT_ID: z.string().min(1).max(64).optional(),
  SHOP_PAY_SECRET: z.string().min(16, '至少16个字符 / at least 16 characters').optional(),
  SHOP_PAY_PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, '应为 http(s):// 地址 / must be an http(s):// URL')
    .optional(),
  SHOP_WECHATPAY_MCHID: z
    .string()
    .regex(/^\d{6,32}$/, '应为微信支付商户号（数字）/ must be the merchant id (digits)')
    .optional(),
  SHOP_WECHATPAY_APPID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, '应为与商户号绑定的 AppID / must be the bound app id')
    .optional(),
  SHOP_WECHATPAY_SERIAL: z
    .string()
    .regex(
      /^[0-9A-Fa-f]{8,64}$/,
      '应为商户 API 证书序列号（十六进制）/ must be the merchant certificate serial (hex)',
    )
    .optional(),
  SHOP_WECHATPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  SHOP_WECHATPAY_APIV3_KEY: z
    .string()
    .refine(
      (v) => Buffer.byteLength(v, 'utf8') === 32,
      '应为32字节的 APIv3 密钥 / must be the 32-byte APIv3 key',
    )
    .optional(),
  SHOP_WECHATPAY_PUBLIC_KEY_ID: z
    .string()
    .regex(
      /^PUB_KEY_ID_[0-9A-Za-z]{1,64}$/,
      '应为 PUB_KEY_ID_ 开头的微信支付公钥 ID / must start with PUB_KEY_ID_',
    )
    .optional(),
  SHOP_WECHATPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  SHOP_WECHATPAY_API_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, '应为 http(s):// 地址 / must be an http(s):// URL')
    .optional(),
  SHOP_WECHATPAY_GLOBAL_API_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, '应为 http(s):// 地址 / must be an http(s):// URL')
    .optional(),
  SHOP_STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(live|test)_[0-9A-Za-z]{8,}$/,
      '应为 Stripe 的 sk_live_/sk_test_（或受限的 rk_）密钥 / must be a Stripe secret key',
    )
    .optional(),
  SHOP_STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(
      /^whsec_[0-9A-Za-z]{8,}$/,
      '应为 whsec_ 开头的 Webhook 签名密钥 / must be the whsec_ signing secret',
    )
    .optional(),
  SHOP_STRIPE_API_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+\/?$/, '应为 http(s):// 地址（不含路径）/ must be an http(s):// origin')
    .optional(),
  SHOP_ALIPAY_APP_ID: z
    .string()
    .regex(/^\d{16}$/, '应为支付宝开放平台应用的 APPID（16位数字）/ must be the 16-digit app id')
    .optional(),
  SHOP_ALIPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  SHOP_ALIPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  SHOP_ALIPAY_GATEWAY_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, '应为 http(s):// 地址 / must be an http(s):// URL')
    .optional(),
  SHOP_ALIPAY_SELLER_ID: z
    .string()
    .regex(/^2088\d{12}$/, '应为 2088 开头的16位支付宝账号 PID / must be the 16-digit 2088… seller id')
    .optional(),
  SHOP_ALIPAY_APP_CERT_FILE: z.string().min(1).optional(),
  SHOP_ALIPAY_ROOT_CERT_FILE: z.string().min(1).optional(),
  SHOP_PUBLIC_URL: z
    .string()
    .regex(
      /^https:\/\/[^\s/]+(\/[^\s]*)?$/,
      "应为商城对外的 https:// 地址 / must be the shop's public https:// URL",
    )
    .optional(),
  SHOP_TIME_ZONE: z
    .enum(SHOP_TIME_ZONES, {
      error: '应为 Asia/Shanghai 或 Australia/Sydney / must be Asia/Shanghai or Australia/Sydney',
    })
    .default(DEFAULT_SHOP_TIME_ZONE),
  SHOP_PAY_SANDBOX_NOTIFY_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  SHOP_SECRET_KEY: secretKey.optional(),
  // Keys of a rotation in progress, comma-separated: still read, never written (secrets:rotate).
  SHOP_SECRET_KEY_OLD: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').filter((k) => k.trim() !== ''))
    .pipe(z.array(secretKey)),
  SHOP_PAY_SANDBOX: z.enum(['on', 'off'], { error: '应为 on 或 off / must be on or off' }).optional(),
  SHOP_WECHAT_SANDBOX: z.enum(['on', 'off'], { error: '应为 on 或 off / must be on or off' }).optional(),
  SHOP_WECHAT_APP_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, '应为开放平台网站应用的 AppID / must be an app id')
    .optional(),
  SHOP_WECHAT_APP_SECRET: z.string().min(16, '至少16个字符 / at least 16 characters').max(128).optional(),
  SHOP_WECHAT_REDIRECT_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, '应为 http(s):// 地址 / must be an http(s):// URL')
    .optional(),
  SHOP_WECHAT_OPEN_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, '应为 http(s):// 地址 / must be an http(s):// URL')
    .optional(),
  SHOP_WECHAT_API_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, '应为 http(s):// 地址 / must be an http(s):// URL')
    .optional(),
  // Messages that leave the shop (#31; docs/decisions/042-notices-outbox.md).
  SHOP_SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\/[^\s]+$/,
      '应为 smtp://user:pass@host:587、smtps://…:465 或 smtp://host:25 / must be an smtp:// or smtps:// URL',
    )
    .optional(),
  SHOP_MAIL_FROM: z
    .string()
    .regex(
      /^[^\r\n]*<?[^\s@<>]+@[^\s@<>]+>?$/,
      '应为发件地址，如 商城 <shop@example.com> / must be a sender address',
    )
    .optional(),
  SHOP_MAIL_SANDBOX: z.enum(['on', 'off'], { error: '应为 on 或 off / must be on or off' }).optional(),
  SHOP_SMS_SANDBOX: z.enum(['on', 'off'], { error: '应为 on 或 off / must be on or off' }).optional(),
  SHOP_NOTICE_WORKERS: z.coerce.number().int().min(0).max(8).default(2),
  SHOP_CODE_RESEND_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  SHOP_NOTICE_RETRIES: z.coerce.number().int().min(0).max(20).default(8),
  SHOP_NOTICE_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(20),
  SHOP_NOTICE_SEND_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(600).default(120),
  // SMS gateways (docs/decisions/041-sms-gateways.md).
  SHOP_SMS_ALIYUN_ACCESS_KEY_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{8,64}$/, '应为阿里云 AccessKey ID（字母和数字）/ must be an AccessKey ID')
    .optional(),
  SHOP_SMS_ALIYUN_ACCESS_KEY_SECRET: z
    .string()
    .regex(/^[\x21-\x7e]{16,128}$/, '应为阿里云 AccessKey Secret / must be an AccessKey secret')
    .optional(),
  SHOP_SMS_ALIYUN_SIGN_NAME: z.string().min(1).max(64, '至多64个字符 / at most 64 characters').optional(),
  SHOP_SMS_ALIYUN_TEMPLATES: z.string().min(1).optional(),
  SHOP_SMS_ALIYUN_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+\/?$/, '应为 http(s):// 地址（不含路径）/ must be an http(s):// origin')
    .optional(),
  SHOP_SMS_TENCENT_SECRET_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{8,128}$/, '应为腾讯云 SecretId（字母和数字）/ must be a SecretId')
    .optional(),
  SHOP_SMS_TENCENT_SECRET_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{16,128}$/, '应为腾讯云 SecretKey / must be a SecretKey')
    .optional(),
  SHOP_SMS_TENCENT_SDK_APP_ID: z
    .string()
    .regex(/^\d{6,20}$/, '应为短信应用的 SdkAppId（数字，如 1400006666）/ must be the SdkAppId (digits)')
    .optional(),
  SHOP_SMS_TENCENT_SIGN_NAME: z.string().min(1).max(64, '至多64个字符 / at most 64 characters').optional(),
  SHOP_SMS_TENCENT_TEMPLATES: z.string().min(1).optional(),
  SHOP_SMS_TENCENT_REGION: z
    .string()
    .regex(/^[a-z]{2,}(-[a-z]+)+$/, '应为地域，如 ap-guangzhou / must be a region such as ap-guangzhou')
    .default('ap-guangzhou'),
  SHOP_SMS_TENCENT_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+\/?$/, '应为 http(s):// 地址（不含路径）/ must be an http(s):// origin')
    .optional(),
  SHOP_SMS_CN_PROVIDER: z
    .enum(['aliyun', 'tencent'], { error: '应为 aliyun 或 tencent / must be aliyun or tencent' })
    .optional(),
  SHOP_SMS_TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-f]{32}$/, '应为 AC 开头的 Twilio Account SID / must be the AC… account SID')
    .optional(),
  SHOP_SMS_TWILIO_AUTH_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,128}$/, '应为 Twilio Auth Token 或 API Key Secret / must be the auth token')
    .optional(),
  SHOP_SMS_TWILIO_API_KEY_SID: z
    .string()
    .regex(/^SK[0-9a-f]{32}$/, '应为 SK 开头的 Twilio API Key SID / must be the SK… API key SID')
    .optional(),
  SHOP_SMS_TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|MG[0-9a-f]{32})$/,
      '应为 E.164 号码（+61…）或 MG 开头的 Messaging Service SID / must be a +number or an MG… SID',
    )
    .optional(),
  SHOP_SMS_TWILIO_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+\/?$/, '应为 http(s):// 地址（不含路径）/ must be an http(s):// origin')
    .optional(),
  // Courier tracking (docs/decisions/061-courier-tracking.md).
  SHOP_TRACKING_PROVIDER: z
    .enum(['sandbox', 'kuaidi100', 'off'], {
      error: '应为 sandbox、kuaidi100 或 off / must be sandbox, kuaidi100 or off',
    })
    .optional(),
  SHOP_KUAIDI100_KEY: z
    .string()
    .regex(/^[A-Za-z0-9]{6,64}$/, '应为快递100的授权 key（字母和数字）/ must be the Kuaidi100 key')
    .optional(),
  SHOP_KUAIDI100_CUSTOMER: z
    .string()
    .regex(/^[A-Za-z0-9]{8,64}$/, '应为快递100的 customer（字母和数字）/ must be the Kuaidi100 customer id')
    .optional(),
  SHOP_KUAIDI100_SALT: z
    .string()
    .regex(/^[\x21-\x7e]{8,64}$/, '应为 8-64 个可见 ASCII 字符 / 8-64 visible ASCII characters')
    .optional(),
  SHOP_KUAIDI100_CALLBACK_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, '应为 http(s):// 地址 / must be an http(s):// URL')
    .optional(),
  SHOP_KUAIDI100_MODE: z
    .enum(['push', 'poll'], { error: '应为 push 或 poll / must be push or poll' })
    .optional(),
  SHOP_KUAIDI100_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+\/?$/, '应为 http(s):// 地址（不含路径）/ must be an http(s):// origin')
    .optional(),
  SHOP_TRACKING_POLL_MINUTES: z.coerce
    .number({ error: '应为 30-1440 的整数 / must be a whole number 30-1440' })
    .int('应为 30-1440 的整数 / must be a whole number 30-1440')
    .min(30, '应为 30-1440 的整数 / must be a whole number 30-1440')
    .max(1440, '应为 30-1440 的整数 / must be a whole number 30-1440')
    .default(120),
  MEDIA_S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, '应为 http(s):// 地址 / must be an http(s):// URL')
    .optional(),
  MEDIA_S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      '应为存储桶名称（3-63 位小写字母、数字、. 或 -）/ must be a bucket name (3-63 of a-z 0-9 . -)',
    )
    .optional(),
  MEDIA_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, '应为区域名称，如 us-east-1 / must be a region name such as us-east-1')
    .default('us-east-1'),
  MEDIA_S3_ACCESS_KEY_ID: z.string().max(128, '至多128个字符 / at most 128 characters').optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().max(256, '至多256个字符 / at most 256 characters').optional(),
  // Segments never start with a dot, so a prefix cannot climb out of its folder ('..').
  MEDIA_S3_PREFIX: z
    .string()
    .max(200, '至多200个字符 / at most 200 characters')
    .regex(
      /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*\/?$/,
      '应为对象键前缀，如 shop/media / must be a key prefix such as shop/media',
    )
    .optional(),
});

/** Every variable the shop reads (README 'Configuration', .env.example). */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** The real payment channel's settings: all four or none (docs/design.md 'Outside services'). */
const PAY_GATEWAY_VARS = [
  'SHOP_PAY_GATEWAY_URL',
  'SHOP_PAY_MERCHANT_ID',
  'SHOP_PAY_SECRET',
  'SHOP_PAY_PUBLIC_URL',
] as const;

/** WeChat Pay API v3 (docs/decisions/032): all eight or none; the two API addresses only for tests. */
const WECHATPAY_VARS = [
  'SHOP_WECHATPAY_MCHID',
  'SHOP_WECHATPAY_APPID',
  'SHOP_WECHATPAY_SERIAL',
  'SHOP_WECHATPAY_PRIVATE_KEY_FILE',
  'SHOP_WECHATPAY_APIV3_KEY',
  'SHOP_WECHATPAY_PUBLIC_KEY_ID',
  'SHOP_WECHATPAY_PUBLIC_KEY_FILE',
] as const;

/** Stripe (docs/decisions/034): the key and the webhook's signing secret, with the shop's public address, or none. */
const STRIPE_VARS = ['SHOP_STRIPE_SECRET_KEY', 'SHOP_STRIPE_WEBHOOK_SECRET'] as const;

/**
 * Alipay's open platform (docs/decisions/033): the app id and the two key files, with the shop's public address;
 * the gateway has a default. In certificate mode the public key file is Alipay's public key certificate
 * (alipayCertPublicKey_RSA2.crt) and the two certificate files are set as well.
 */
const ALIPAY_VARS = [
  'SHOP_ALIPAY_APP_ID',
  'SHOP_ALIPAY_PRIVATE_KEY_FILE',
  'SHOP_ALIPAY_PUBLIC_KEY_FILE',
] as const;
const ALIPAY_CERT_VARS = ['SHOP_ALIPAY_APP_CERT_FILE', 'SHOP_ALIPAY_ROOT_CERT_FILE'] as const;

/** The chat app's website login (open platform): all three or none; the base URLs only for tests. */
const WECHAT_OPEN_VARS = [
  'SHOP_WECHAT_APP_ID',
  'SHOP_WECHAT_APP_SECRET',
  'SHOP_WECHAT_REDIRECT_URL',
] as const;

/** Alibaba Cloud SMS (docs/decisions/041): all four or none; the API address only for tests. */
const SMS_ALIYUN_VARS = [
  'SHOP_SMS_ALIYUN_ACCESS_KEY_ID',
  'SHOP_SMS_ALIYUN_ACCESS_KEY_SECRET',
  'SHOP_SMS_ALIYUN_SIGN_NAME',
  'SHOP_SMS_ALIYUN_TEMPLATES',
] as const;

/** Tencent Cloud SMS (docs/decisions/041): all five or none; the region has a default, the address is for tests. */
const SMS_TENCENT_VARS = [
  'SHOP_SMS_TENCENT_SECRET_ID',
  'SHOP_SMS_TENCENT_SECRET_KEY',
  'SHOP_SMS_TENCENT_SDK_APP_ID',
  'SHOP_SMS_TENCENT_SIGN_NAME',
  'SHOP_SMS_TENCENT_TEMPLATES',
] as const;

/** Twilio for Australian numbers (docs/decisions/041): all three or none; an API key SID optional. */
const SMS_TWILIO_VARS = [
  'SHOP_SMS_TWILIO_ACCOUNT_SID',
  'SHOP_SMS_TWILIO_AUTH_TOKEN',
  'SHOP_SMS_TWILIO_FROM',
] as const;

/** Kuaidi100's account (docs/decisions/061): the key and the customer id, both or none. */
const KUAIDI100_VARS = ['SHOP_KUAIDI100_KEY', 'SHOP_KUAIDI100_CUSTOMER'] as const;

/** S3-compatible object storage for images' bytes: all four or none; the region and the prefix are optional. */
const MEDIA_S3_VARS = [
  'MEDIA_S3_ENDPOINT',
  'MEDIA_S3_BUCKET',
  'MEDIA_S3_ACCESS_KEY_ID',
  'MEDIA_S3_SECRET_ACCESS_KEY',
] as const;

/**
 * The gateway's template of each of the shop's SMS templates (Alibaba SMS_…, Tencent a numeric id); the optional
 * ones (OPTIONAL_SMS_TEMPLATES) may be left out.
 */
export type SmsTemplateMap = Record<Exclude<SmsTemplateKey, OptionalSmsTemplate>, string> &
  Partial<Record<OptionalSmsTemplate, string>>;

/** Alibaba Cloud SMS (dysmsapi 2017-05-25) for mainland numbers. */
export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  /** The approved sign name (短信签名) every message carries. */
  signName: string;
  templates: SmsTemplateMap;
  /** https://dysmsapi.aliyuncs.com unless a test points it at a fake. */
  apiUrl: string;
}

/** Tencent Cloud SMS (2021-01-11) for mainland numbers. */
export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templates: SmsTemplateMap;
  region: string;
  /** https://sms.tencentcloudapi.com unless a test points it at a fake. */
  apiUrl: string;
}

/** Twilio Programmable Messaging for Australian numbers. */
export interface TwilioSmsConfig {
  accountSid: string;
  /** The account's auth token, or the API key's secret when apiKeySid is set. */
  authToken: string;
  apiKeySid?: string | undefined;
  /** A Twilio number (+61…) or a Messaging Service SID (MG…). */
  from: string;
  /** https://api.twilio.com unless a test points it at a fake. */
  apiUrl: string;
}

/** The SMS gateways that are configured; mainland numbers go to chinaProvider's. */
export interface SmsConfig {
  aliyun?: AliyunSmsConfig | undefined;
  tencent?: TencentSmsConfig | undefined;
  twilio?: TwilioSmsConfig | undefined;
  chinaProvider: 'aliyun' | 'tencent' | undefined;
}

/** Where images' bytes live when not in the database: a bucket addressed path-style (endpoint/bucket/key). */
export interface MediaObjectStorageConfig {
  /** http(s) address of the S3-compatible service, without a trailing slash. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every image path: '' or a folder ending in '/'. */
  prefix: string;
}

/** Kuaidi100's tracking service (docs/decisions/061-courier-tracking.md). */
export interface Kuaidi100Config {
  /** The authorisation key (授权key): signs queries and names the account in subscriptions. */
  key: string;
  /** The customer id (customer) of the account: names it in queries. */
  customer: string;
  /** push: parcels are subscribed and Kuaidi100 calls back (订阅推送); poll: the shop asks (实时查询). */
  mode: 'push' | 'poll';
  /** The salt of the callbacks' signature, MD5(param + salt); push mode only. */
  salt: string;
  /** The shop's callback address Kuaidi100 posts to; push mode only. */
  callbackUrl: string;
  /** https://poll.kuaidi100.com unless a test points it at a fake. */
  apiUrl: string;
}

/** Which tracking service follows shipped parcels, if any. */
export interface TrackingConfig {
  /** sandbox: the shop's own (off in production unless asked for); off: tracking is typed by staff only. */
  provider: 'sandbox' | 'kuaidi100' | 'off';
  kuaidi100?: Kuaidi100Config | undefined;
  /** Minutes between two queries of one parcel in poll mode (Kuaidi100 locks a parcel asked about more often). */
  pollMinutes: number;
}

/** The open platform's website application (QR sign-in with the chat app, docs/decisions/015). */
export interface WechatOpenConfig {
  appId: string;
  secret: string;
  /** The shop's address the chat app sends the browser back to: its public origin + the callback path. */
  redirectUrl: string;
  /** https://open.weixin.qq.com unless a test points it at a fake. */
  openUrl: string;
  /** https://api.weixin.qq.com unless a test points it at a fake. */
  apiUrl: string;
}

/** The real payment channel adapter's settings (payment_configs rows with provider 'gateway'). */
export interface PaymentGatewayConfig {
  url: string;
  merchantId: string;
  secret: string;
  /** The shop's public address: the channel posts notifies to it and sends shoppers back to it. */
  publicUrl: string;
}

/** Stripe's settings (payment_configs rows with provider 'stripe'). */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** https://api.stripe.com unless a test points it at a fake. */
  apiUrl: string;
  /** The shop's public https address: the return_url after Stripe's redirect page is made with it. */
  publicUrl: string;
}

/** WeChat Pay API v3's settings (payment_configs rows with provider 'wechatpay'); the keys as PEM text. */
export interface WechatPayConfig {
  mchid: string;
  appid: string;
  /** The serial number of the merchant's API certificate, named in every request's Authorization. */
  serial: string;
  privateKeyPem: string;
  apiV3Key: string;
  /** PUB_KEY_ID_…: the Wechatpay-Serial of every answer and notify signed with WeChat Pay's public key. */
  publicKeyId: string;
  publicKeyPem: string;
  /** https://api.mch.weixin.qq.com unless a test points it at a fake. */
  apiUrl: string;
  /** https://apihk.mch.weixin.qq.com (cross-border) unless a test points it at a fake. */
  globalApiUrl: string;
  /** The shop's public https address: notify URLs are made with it. */
  publicUrl: string;
}

/** Alipay's open platform (payment_configs rows with provider 'alipay'); keys and certificates as PEM text. */
export interface AlipayConfig {
  appId: string;
  /** The app's private key (PKCS#1 'RSA PRIVATE KEY' or PKCS#8 'PRIVATE KEY'), as read. */
  privateKeyPem: string;
  keyType: 'PKCS1' | 'PKCS8';
  /** Alipay's public key (key mode), or Alipay's public key certificate (certificate mode). */
  alipayPublicKeyPem: string;
  /** Certificate mode: the app's public key certificate and Alipay's root certificate chain. */
  cert?: { appCertPem: string; rootCertPem: string } | undefined;
  /** The seller (2088…) every notify must name, when set. */
  sellerId?: string | undefined;
  /** https://openapi.alipay.com/gateway.do unless a test (or the sandbox environment) points it elsewhere. */
  gatewayUrl: string;
  /** The shop's public https address: notify and return URLs are made with it. */
  publicUrl: string;
}

/** Reads a PEM key file named by a variable; the error names the variable, never the key. */
function readKeyFile(
  name: string,
  file: string,
  cwd: string,
  kind: 'private' | 'public',
  errors: string[],
): string {
  try {
    const pem = readFileSync(resolve(cwd, file), 'utf8');
    if (kind === 'private') createPrivateKey({ key: pem, format: 'pem' });
    else createPublicKey({ key: pem, format: 'pem' });
    return pem;
  } catch (error) {
    const why =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? '文件不存在 / no such file'
        : `不是 PEM 格式的${kind === 'private' ? '私钥' : '公钥'} / not a PEM ${kind} key`;
    errors.push(`${name}: ${why}`);
    return '';
  }
}

/** Where backups go and how often the running shop takes one (db/backup-files.ts, plugins/backup.ts). */
export interface BackupConfig {
  /** A folder beside the embedded database's, never inside it: PGlite's dump takes its whole folder. */
  dir: string;
  /** Milliseconds between the running shop's backups of its embedded database; 0 turns them off. */
  intervalMs: number;
  /** How many of the scheduled backups are kept, the newest; older ones are deleted. */
  keep: number;
}

export type DatabaseConfig = { kind: 'postgresql'; url: string } | { kind: 'pglite'; dataDir: string };

export interface AppConfig {
  port: number;
  host: string;
  /**
   * The shop's public https:// address (SHOP_PUBLIC_URL, no trailing slash): canonical links, link previews and the
   * sitemap name it. Absent: each page names the address it was asked at.
   */
  publicUrl?: string | undefined;
  /** The shop's one time zone (SHOP_TIME_ZONE): its days, charts, exports and morning summary (lib/shop-day.ts). */
  timeZone: ShopTimeZone;
  /** API processes sharing the port (node:cluster); more than one needs PostgreSQL. */
  workers: number;
  /** PostgreSQL when DATABASE_URL is set, else embedded PGlite in a folder (or `memory://`). */
  database: DatabaseConfig;
  backup: BackupConfig;
  /** Bytes of catalogue answers each process keeps in memory (lib/read-cache.ts); 0 turns the cache off. */
  catalogueCacheBytes: number;
  /**
   * Members' live sessions kept in each API process's memory, forgotten at every change the database announces
   * (SESSION_CACHE, on unless false; docs/decisions/024-session-cache.md).
   */
  sessionCache: boolean;
  /** How answers are written from their schemas (lib/response-serializer.ts): compiled in production. */
  responseSerializer: ResponseSerializer;
  /**
   * After SIGTERM, how long the process keeps serving while /readyz says 503, so that a load balancer stops
   * sending it requests before it closes its port.
   */
  shutdownGraceMs: number;
  logLevel: LogLevel;
  /**
   * GET /metrics (Prometheus): null when METRICS=false. Served on a port of its own bound to 127.0.0.1
   * (METRICS_PORT), never the public one; on the public port only to a client with `Authorization: Bearer
   * <token>` when METRICS_TOKEN is set (#35).
   */
  metrics: { token: string | undefined; port: number | undefined } | null;
  /** Requests slower than this are logged at warn (route pattern, status, ms); 0 turns the log off. */
  slowRequestMs: number;
  /** Database statements slower than this are logged at warn (SQL text without values, ms); 0 turns it off. */
  slowQueryMs: number;
  nodeEnv: string | undefined;
  /** The answer of every captcha; only ever set when NODE_ENV=test. */
  testCaptcha: string | undefined;
  redisUrl: string | undefined;
  /** The built storefront folder served at `/`. */
  webDist: string;
  /**
   * Seed demo data into a fresh database at start: by default outside production only. Even when asked for in
   * production, the demo member with its published password is never created (seed/seed.ts).
   */
  seedDemo: boolean;
  /**
   * Days of orders the demo seed places before today (buyers registering, ordering, paying, receiving), so the
   * 工作台's charts and the exports have something to show; 0 for none (the tests' shops).
   */
  seedDemoHistoryDays: number;
  /**
   * The keys of secrets at rest (staff TOTP secrets): the current one seals (SHOP_SECRET_KEY), the old ones of a
   * rotation are still read (SHOP_SECRET_KEY_OLD). Without a current key secrets are stored as they are; in
   * production the server then refuses to start while any staff member has TOTP on (README 'Secrets at rest').
   */
  secretKeys: { current: SecretKey | undefined; old: SecretKey[] };
  /** Trust X-Forwarded-For from a load balancer in front (client address for login rate limits). */
  trustProxy: boolean;
  /** The real payment channel, when the four SHOP_PAY_* settings of the gateway are set. */
  paymentGateway?: PaymentGatewayConfig | undefined;
  /** WeChat Pay API v3, when its eight settings are set. */
  wechatPay?: WechatPayConfig | undefined;
  /** Stripe, when its key, webhook secret and SHOP_PUBLIC_URL are set. */
  stripe?: StripeConfig | undefined;
  /** Alipay's open platform, when its three settings and SHOP_PUBLIC_URL are set. */
  alipay?: AlipayConfig | undefined;
  /** Delay before the sandbox channel sends its notify after a payment (default 200 ms). */
  sandboxNotifyDelayMs?: number | undefined;
  /**
   * Whether the sandbox payment channel collects for the methods set to it. On by default for development and
   * demos; off with NODE_ENV=production unless SHOP_PAY_SANDBOX=on, because its cashier pays without money.
   */
  paymentSandbox: boolean;
  /**
   * Whether the sandbox chat app signs members in by QR code. On by default for development and demos; off with
   * NODE_ENV=production unless SHOP_WECHAT_SANDBOX=on, because its scan page lets anyone be any chat-app user.
   */
  wechatSandbox: boolean;
  /** The open platform's website login, when its three SHOP_WECHAT_* settings are set. */
  wechatOpen?: WechatOpenConfig | undefined;
  /** Images' bytes in object storage, when the four MEDIA_S3_* settings are set; else in the database. */
  mediaObjectStorage?: MediaObjectStorageConfig | undefined;
  /** The font of tax invoices and adjustment notes (INVOICE_FONT_PATH); undefined: the bundled one. */
  invoiceFontPath?: string | undefined;
  /** The real SMS gateways, when any SHOP_SMS_* group is set; else texts go to the sandbox. */
  sms?: SmsConfig | undefined;
  /** Courier tracking: the service that follows shipped parcels (docs/decisions/061). */
  tracking: TrackingConfig;
  /** Messages that leave the shop: e-mail, the sandbox's outbox, and the queue's workers (#31). */
  notices: NoticesConfig;
}

export interface NoticesConfig {
  /** The SMTP server, when SHOP_SMTP_URL and SHOP_MAIL_FROM are set. */
  smtp?: { url: string; from: string } | undefined;
  /**
   * Whether e-mail and SMS that no real server or gateway takes go to the sandbox's outbox (the console shows it).
   * On by default outside production; off with NODE_ENV=production unless SHOP_MAIL_SANDBOX / SHOP_SMS_SANDBOX=on.
   */
  mailSandbox: boolean;
  smsSandbox: boolean;
  /** Workers sending notices in this process (0: another process sends them). */
  workers: number;
  /** Seconds before another code may go to the same phone number or e-mail address. */
  codeResendSeconds: number;
  retries: number;
  retryDelaySeconds: number;
  /** A send still running after this long is taken for dead (its worker crashed) and tried again. */
  sendTimeoutSeconds: number;
  /** The shop's public address, for links and the logo in e-mails. */
  shopUrl: string;
}

/** NODE_ENV=production: the shop faces strangers, so sandboxes and demo logins are off unless asked for. */
export function isProduction(nodeEnv: string | undefined): boolean {
  return nodeEnv === 'production';
}

export type ConfigResult = { ok: true; config: AppConfig } | { ok: false; errors: string[] };

/**
 * For settings that only work together (all or none): one error per missing one when some are set. `shared`
 * names settings the group needs that other groups use as well (SHOP_PUBLIC_URL): they do not start the group.
 */
function incompleteGroup(
  env: Record<string, string | undefined>,
  own: readonly string[],
  rule: string,
  shared: readonly string[] = [],
): string[] {
  const names = [...own, ...shared];
  if (own.every((name) => env[name] === undefined)) return [];
  return names
    .filter((name) => env[name] === undefined)
    .map((name) => `${name}: ${rule} / set all of ${names.join(', ')} or none`);
}

/** Parses an environment (process.env or a test's own) into the app config, naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>, cwd = process.cwd()): ConfigResult {
  // An empty variable (FOO=) means 'not set', as shells and .env files usually intend.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const errors = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`);
  // A fixed captcha answer would switch off the registration captcha for everyone (spec §7 captcha/).
  if (cleaned.NODE_ENV === 'production' && cleaned.SHOP_TEST_CAPTCHA !== undefined) {
    errors.push('SHOP_TEST_CAPTCHA: 生产环境不允许设置 / must not be set when NODE_ENV=production');
  }
  errors.push(
    ...incompleteGroup(cleaned, PAY_GATEWAY_VARS, '支付渠道的四个变量须同时设置'),
    ...incompleteGroup(cleaned, WECHAT_OPEN_VARS, '微信登录的三个变量须同时设置'),
    ...incompleteGroup(cleaned, ['SHOP_SMTP_URL', 'SHOP_MAIL_FROM'], '邮件的两个变量须同时设置'),
    ...incompleteGroup(cleaned, WECHATPAY_VARS, '微信支付的八个变量须同时设置', ['SHOP_PUBLIC_URL']),
    ...incompleteGroup(cleaned, STRIPE_VARS, 'Stripe 的两个变量和 SHOP_PUBLIC_URL 须同时设置', [
      'SHOP_PUBLIC_URL',
    ]),
    ...incompleteGroup(cleaned, ALIPAY_VARS, '支付宝的三个变量和 SHOP_PUBLIC_URL 须同时设置', [
      'SHOP_PUBLIC_URL',
    ]),
    ...incompleteGroup(cleaned, ALIPAY_CERT_VARS, '支付宝证书模式的两个证书文件须同时设置', ALIPAY_VARS),
    ...incompleteGroup(cleaned, MEDIA_S3_VARS, '对象存储的四个变量须同时设置'),
    ...incompleteGroup(cleaned, KUAIDI100_VARS, '快递100的 key 和 customer 须同时设置'),
    ...incompleteGroup(cleaned, SMS_ALIYUN_VARS, '阿里云短信的四个变量须同时设置'),
    ...incompleteGroup(cleaned, SMS_TENCENT_VARS, '腾讯云短信的五个变量须同时设置'),
    ...incompleteGroup(cleaned, SMS_TWILIO_VARS, 'Twilio 短信的三个变量须同时设置'),
  );
  // The embedded database is one folder one process may open (db/data-dir-lock.ts).
  if (parsed.success && parsed.data.WORKERS > 1 && !parsed.data.DATABASE_URL) {
    errors.push(
      'WORKERS: 多个进程需要 PostgreSQL（DATABASE_URL），内嵌数据库只能由一个进程打开 / several processes need DATABASE_URL',
    );
  }
  if (parsed.success && parsed.data.BACKUP_INTERVAL !== 'off' && parsed.data.BACKUP_INTERVAL !== '0') {
    if (intervalMs(parsed.data.BACKUP_INTERVAL) > MAX_BACKUP_INTERVAL_MS)
      errors.push('BACKUP_INTERVAL: 至多 7 天（7d）/ at most 7 days (7d)');
  }
  const wechatPay =
    parsed.success && [...WECHATPAY_VARS, 'SHOP_PUBLIC_URL'].every((name) => cleaned[name] !== undefined)
      ? wechatPayConfig(parsed.data, cwd, errors)
      : undefined;
  const alipay =
    parsed.success && [...ALIPAY_VARS, 'SHOP_PUBLIC_URL'].every((name) => cleaned[name] !== undefined)
      ? alipayConfig(parsed.data, cwd, errors)
      : undefined;
  const sms = parsed.success ? smsConfig(parsed.data, cleaned, errors) : undefined;
  const tracking = parsed.success ? trackingConfig(parsed.data, errors) : undefined;
  if (
    parsed.success &&
    parsed.data.INVOICE_FONT_PATH &&
    !existsSync(resolve(cwd, parsed.data.INVOICE_FONT_PATH))
  )
    errors.push('INVOICE_FONT_PATH: 字体文件不存在 / no font file at that path');
  if (!parsed.success || errors.length > 0) return { ok: false, errors };
  const e = parsed.data;
  const dataDir = e.DATA_DIR.startsWith('memory://') ? e.DATA_DIR : resolve(cwd, e.DATA_DIR);
  return {
    ok: true,
    config: {
      port: e.PORT,
      publicUrl: e.SHOP_PUBLIC_URL?.replace(/\/+$/, ''),
      timeZone: e.SHOP_TIME_ZONE,
      host: e.HOST,
      workers: e.WORKERS,
      database: e.DATABASE_URL ? { kind: 'postgresql', url: e.DATABASE_URL } : { kind: 'pglite', dataDir },
      backup: {
        dir: e.BACKUP_DIR ? resolve(cwd, e.BACKUP_DIR) : defaultBackupDir(e.DATA_DIR, cwd),
        intervalMs: intervalMs(e.BACKUP_INTERVAL),
        keep: e.BACKUP_KEEP,
      },
      catalogueCacheBytes: e.CATALOGUE_CACHE_MB * 1024 * 1024,
      sessionCache: e.SESSION_CACHE !== false,
      responseSerializer: e.RESPONSE_SERIALIZER ?? (isProduction(e.NODE_ENV) ? 'compiled' : 'validated'),
      shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
      logLevel: e.LOG_LEVEL,
      metrics: e.METRICS === false ? null : { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
      slowRequestMs: e.SLOW_REQUEST_MS,
      slowQueryMs: e.SLOW_QUERY_MS,
      nodeEnv: e.NODE_ENV,
      testCaptcha: e.NODE_ENV === 'test' ? e.SHOP_TEST_CAPTCHA : undefined,
      redisUrl: e.REDIS_URL,
      webDist: e.WEB_DIST ? resolve(cwd, e.WEB_DIST) : DEFAULT_WEB_DIST,
      seedDemo: e.SEED_DEMO ?? !isProduction(e.NODE_ENV),
      seedDemoHistoryDays: e.SEED_DEMO_HISTORY_DAYS,
      trustProxy: e.TRUST_PROXY ?? false,
      secretKeys: { current: e.SHOP_SECRET_KEY, old: e.SHOP_SECRET_KEY_OLD },
      paymentGateway:
        e.SHOP_PAY_GATEWAY_URL && e.SHOP_PAY_MERCHANT_ID && e.SHOP_PAY_SECRET && e.SHOP_PAY_PUBLIC_URL
          ? {
              url: e.SHOP_PAY_GATEWAY_URL.replace(/\/+$/, ''),
              merchantId: e.SHOP_PAY_MERCHANT_ID,
              secret: e.SHOP_PAY_SECRET,
              publicUrl: e.SHOP_PAY_PUBLIC_URL.replace(/\/+$/, ''),
            }
          : undefined,
      wechatPay,
      stripe:
        e.SHOP_STRIPE_SECRET_KEY && e.SHOP_STRIPE_WEBHOOK_SECRET && e.SHOP_PUBLIC_URL
          ? {
              secretKey: e.SHOP_STRIPE_SECRET_KEY,
              webhookSecret: e.SHOP_STRIPE_WEBHOOK_SECRET,
              apiUrl: (e.SHOP_STRIPE_API_URL ?? 'https://api.stripe.com').replace(/\/+$/, ''),
              publicUrl: e.SHOP_PUBLIC_URL.replace(/\/+$/, ''),
            }
          : undefined,
      alipay,
      sandboxNotifyDelayMs: e.SHOP_PAY_SANDBOX_NOTIFY_DELAY_MS,
      paymentSandbox:
        e.SHOP_PAY_SANDBOX === undefined ? !isProduction(e.NODE_ENV) : e.SHOP_PAY_SANDBOX === 'on',
      wechatSandbox:
        e.SHOP_WECHAT_SANDBOX === undefined ? !isProduction(e.NODE_ENV) : e.SHOP_WECHAT_SANDBOX === 'on',
      wechatOpen:
        e.SHOP_WECHAT_APP_ID && e.SHOP_WECHAT_APP_SECRET && e.SHOP_WECHAT_REDIRECT_URL
          ? {
              appId: e.SHOP_WECHAT_APP_ID,
              secret: e.SHOP_WECHAT_APP_SECRET,
              redirectUrl: e.SHOP_WECHAT_REDIRECT_URL,
              openUrl: (e.SHOP_WECHAT_OPEN_URL ?? 'https://open.weixin.qq.com').replace(/\/+$/, ''),
              apiUrl: (e.SHOP_WECHAT_API_URL ?? 'https://api.weixin.qq.com').replace(/\/+$/, ''),
            }
          : undefined,
      mediaObjectStorage: mediaObjectStorage(e),
      notices: {
        smtp:
          e.SHOP_SMTP_URL && e.SHOP_MAIL_FROM ? { url: e.SHOP_SMTP_URL, from: e.SHOP_MAIL_FROM } : undefined,
        mailSandbox:
          e.SHOP_MAIL_SANDBOX === undefined ? !isProduction(e.NODE_ENV) : e.SHOP_MAIL_SANDBOX === 'on',
        smsSandbox:
          e.SHOP_SMS_SANDBOX === undefined ? !isProduction(e.NODE_ENV) : e.SHOP_SMS_SANDBOX === 'on',
        workers: e.SHOP_NOTICE_WORKERS,
        codeResendSeconds: e.SHOP_CODE_RESEND_SECONDS,
        retries: e.SHOP_NOTICE_RETRIES,
        retryDelaySeconds: e.SHOP_NOTICE_RETRY_DELAY_SECONDS,
        sendTimeoutSeconds: e.SHOP_NOTICE_SEND_TIMEOUT_SECONDS,
        shopUrl: (e.SHOP_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      },
      invoiceFontPath: e.INVOICE_FONT_PATH ? resolve(cwd, e.INVOICE_FONT_PATH) : undefined,
      sms,
      tracking: tracking ?? { provider: 'off', pollMinutes: e.SHOP_TRACKING_POLL_MINUTES },
    },
  };
}

/** WeChat Pay's settings once all eight are set: the key files read and parsed (errors name the variable). */
function wechatPayConfig(e: z.infer<typeof envSchema>, cwd: string, errors: string[]): WechatPayConfig {
  return {
    mchid: e.SHOP_WECHATPAY_MCHID ?? '',
    appid: e.SHOP_WECHATPAY_APPID ?? '',
    serial: (e.SHOP_WECHATPAY_SERIAL ?? '').toUpperCase(),
    privateKeyPem: readKeyFile(
      'SHOP_WECHATPAY_PRIVATE_KEY_FILE',
      e.SHOP_WECHATPAY_PRIVATE_KEY_FILE ?? '',
      cwd,
      'private',
      errors,
    ),
    apiV3Key: e.SHOP_WECHATPAY_APIV3_KEY ?? '',
    publicKeyId: e.SHOP_WECHATPAY_PUBLIC_KEY_ID ?? '',
    publicKeyPem: readKeyFile(
      'SHOP_WECHATPAY_PUBLIC_KEY_FILE',
      e.SHOP_WECHATPAY_PUBLIC_KEY_FILE ?? '',
      cwd,
      'public',
      errors,
    ),
    apiUrl: (e.SHOP_WECHATPAY_API_URL ?? 'https://api.mch.weixin.qq.com').replace(/\/+$/, ''),
    globalApiUrl: (e.SHOP_WECHATPAY_GLOBAL_API_URL ?? 'https://apihk.mch.weixin.qq.com').replace(/\/+$/, ''),
    publicUrl: (e.SHOP_PUBLIC_URL ?? '').replace(/\/+$/, ''),
  };
}

/** Reads a certificate file named by a variable; the error names the variable. */
function readCertFile(name: string, file: string, cwd: string, errors: string[]): string {
  try {
    const text = readFileSync(resolve(cwd, file), 'utf8');
    if (!text.includes('-----BEGIN CERTIFICATE-----')) throw new Error('not a certificate');
    return text;
  } catch (error) {
    errors.push(
      `${name}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? '文件不存在 / no such file' : '不是 PEM 格式的证书 / not a PEM certificate'}`,
    );
    return '';
  }
}

/** Alipay's settings once the group is set: key files read and checked (errors name the variable). */
function alipayConfig(e: z.infer<typeof envSchema>, cwd: string, errors: string[]): AlipayConfig {
  const privateKeyPem = readKeyFile(
    'SHOP_ALIPAY_PRIVATE_KEY_FILE',
    e.SHOP_ALIPAY_PRIVATE_KEY_FILE ?? '',
    cwd,
    'private',
    errors,
  );
  const certMode = e.SHOP_ALIPAY_APP_CERT_FILE !== undefined && e.SHOP_ALIPAY_ROOT_CERT_FILE !== undefined;
  const alipayPublicKeyPem = certMode
    ? readCertFile('SHOP_ALIPAY_PUBLIC_KEY_FILE', e.SHOP_ALIPAY_PUBLIC_KEY_FILE ?? '', cwd, errors)
    : readKeyFile('SHOP_ALIPAY_PUBLIC_KEY_FILE', e.SHOP_ALIPAY_PUBLIC_KEY_FILE ?? '', cwd, 'public', errors);
  return {
    appId: e.SHOP_ALIPAY_APP_ID ?? '',
    privateKeyPem,
    keyType: privateKeyPem.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
    alipayPublicKeyPem,
    cert: certMode
      ? {
          appCertPem: readCertFile(
            'SHOP_ALIPAY_APP_CERT_FILE',
            e.SHOP_ALIPAY_APP_CERT_FILE ?? '',
            cwd,
            errors,
          ),
          rootCertPem: readCertFile(
            'SHOP_ALIPAY_ROOT_CERT_FILE',
            e.SHOP_ALIPAY_ROOT_CERT_FILE ?? '',
            cwd,
            errors,
          ),
        }
      : undefined,
    sellerId: e.SHOP_ALIPAY_SELLER_ID,
    gatewayUrl: e.SHOP_ALIPAY_GATEWAY_URL ?? 'https://openapi.alipay.com/gateway.do',
    publicUrl: (e.SHOP_PUBLIC_URL ?? '').replace(/\/+$/, ''),
  };
}

/**
 * A template map `key:template,key2:template2` (SHOP_SMS_*_TEMPLATES): every key of SMS_TEMPLATE_PARAMS mapped
 * once, to a template of the gateway's form; errors name the variable and the keys.
 */
function smsTemplates(
  name: string,
  value: string,
  pattern: RegExp,
  example: string,
  errors: string[],
): SmsTemplateMap {
  const keys: readonly string[] = Object.keys(SMS_TEMPLATE_PARAMS);
  const map: Record<string, string> = {};
  const named = new Set<string>();
  const problems: string[] = [];
  for (const entry of value.split(',')) {
    const [key = '', template = '', ...rest] = entry.split(':').map((part) => part.trim());
    if (rest.length > 0 || !keys.includes(key)) {
      problems.push(`未知的模板 ${key || entry} / unknown template key '${key || entry}'`);
      continue;
    }
    if (named.has(key)) problems.push(`模板 ${key} 重复 / '${key}' twice`);
    else if (!pattern.test(template))
      problems.push(
        `模板 ${key} 应为 ${example} 这样的模板 / '${key}' must map to a template like ${example}`,
      );
    else map[key] = template;
    named.add(key);
  }
  const optional: readonly string[] = OPTIONAL_SMS_TEMPLATES;
  const missing = keys.filter((key) => !named.has(key) && !optional.includes(key));
  if (missing.length > 0) problems.push(`缺少模板 ${missing.join('、')} / missing ${missing.join(', ')}`);
  errors.push(...problems.map((problem) => `${name}: ${problem}`));
  return map as SmsTemplateMap;
}

/** The SMS gateways once their groups are set (parseConfig checked all-or-none); undefined when none is. */
function smsConfig(
  e: z.infer<typeof envSchema>,
  cleaned: Record<string, string | undefined>,
  errors: string[],
): SmsConfig | undefined {
  const complete = (names: readonly string[]) => names.every((name) => cleaned[name] !== undefined);
  const aliyun: AliyunSmsConfig | undefined = complete(SMS_ALIYUN_VARS)
    ? {
        accessKeyId: e.SHOP_SMS_ALIYUN_ACCESS_KEY_ID ?? '',
        accessKeySecret: e.SHOP_SMS_ALIYUN_ACCESS_KEY_SECRET ?? '',
        signName: e.SHOP_SMS_ALIYUN_SIGN_NAME ?? '',
        templates: smsTemplates(
          'SHOP_SMS_ALIYUN_TEMPLATES',
          e.SHOP_SMS_ALIYUN_TEMPLATES ?? '',
          /^SMS_\d{1,20}$/,
          'SMS_123456789',
          errors,
        ),
        apiUrl: (e.SHOP_SMS_ALIYUN_URL ?? 'https://dysmsapi.aliyuncs.com').replace(/\/+$/, ''),
      }
    : undefined;
  const tencent: TencentSmsConfig | undefined = complete(SMS_TENCENT_VARS)
    ? {
        secretId: e.SHOP_SMS_TENCENT_SECRET_ID ?? '',
        secretKey: e.SHOP_SMS_TENCENT_SECRET_KEY ?? '',
        sdkAppId: e.SHOP_SMS_TENCENT_SDK_APP_ID ?? '',
        signName: e.SHOP_SMS_TENCENT_SIGN_NAME ?? '',
        templates: smsTemplates(
          'SHOP_SMS_TENCENT_TEMPLATES',
          e.SHOP_SMS_TENCENT_TEMPLATES ?? '',
          /^\d{1,20}$/,
          '1110',
          errors,
        ),
        region: e.SHOP_SMS_TENCENT_REGION,
        apiUrl: (e.SHOP_SMS_TENCENT_URL ?? 'https://sms.tencentcloudapi.com').replace(/\/+$/, ''),
      }
    : undefined;
  const twilio: TwilioSmsConfig | undefined = complete(SMS_TWILIO_VARS)
    ? {
        accountSid: e.SHOP_SMS_TWILIO_ACCOUNT_SID ?? '',
        authToken: e.SHOP_SMS_TWILIO_AUTH_TOKEN ?? '',
        apiKeySid: e.SHOP_SMS_TWILIO_API_KEY_SID,
        from: e.SHOP_SMS_TWILIO_FROM ?? '',
        apiUrl: (e.SHOP_SMS_TWILIO_URL ?? 'https://api.twilio.com').replace(/\/+$/, ''),
      }
    : undefined;
  const chosen = e.SHOP_SMS_CN_PROVIDER;
  if (aliyun && tencent && chosen === undefined)
    errors.push(
      'SHOP_SMS_CN_PROVIDER: 阿里云和腾讯云短信都已配置，须指定 aliyun 或 tencent / both are set: choose aliyun or tencent',
    );
  if (chosen !== undefined && !(chosen === 'aliyun' ? aliyun : tencent))
    errors.push(
      `SHOP_SMS_CN_PROVIDER: 选择了 ${chosen}，但它的变量没有设置 / ${chosen} is chosen but not configured`,
    );
  if (!aliyun && !tencent && !twilio) return undefined;
  return {
    aliyun,
    tencent,
    twilio,
    chinaProvider: chosen ?? (aliyun ? 'aliyun' : tencent ? 'tencent' : undefined),
  };
}

/**
 * The tracking service (docs/decisions/061): Kuaidi100 when chosen or when its account is set and nothing else is
 * chosen, else the sandbox outside production; off in production unless chosen. Kuaidi100 pushing needs the salt
 * and an address to call back (SHOP_KUAIDI100_CALLBACK_URL, or the one made from SHOP_PUBLIC_URL); errors name what
 * is missing.
 */
function trackingConfig(e: z.infer<typeof envSchema>, errors: string[]): TrackingConfig {
  const provider =
    e.SHOP_TRACKING_PROVIDER ??
    (e.SHOP_KUAIDI100_KEY ? 'kuaidi100' : isProduction(e.NODE_ENV) ? 'off' : 'sandbox');
  const pollMinutes = e.SHOP_TRACKING_POLL_MINUTES;
  if (provider !== 'kuaidi100') return { provider, pollMinutes };
  const missing = (name: string, why: string) => errors.push(`${name}: ${why}`);
  if (!e.SHOP_KUAIDI100_KEY || !e.SHOP_KUAIDI100_CUSTOMER) {
    // One of the two set is named by the group's own check.
    if (!e.SHOP_KUAIDI100_KEY && !e.SHOP_KUAIDI100_CUSTOMER)
      for (const name of KUAIDI100_VARS)
        missing(name, '使用快递100须设置 / required with SHOP_TRACKING_PROVIDER=kuaidi100');
    return { provider, pollMinutes };
  }
  const mode = e.SHOP_KUAIDI100_MODE ?? 'push';
  const callbackUrl =
    e.SHOP_KUAIDI100_CALLBACK_URL ??
    (e.SHOP_PUBLIC_URL
      ? `${e.SHOP_PUBLIC_URL.replace(/\/+$/, '')}/api/logisticsService/tracking/notify/kuaidi100/`
      : '');
  if (mode === 'push') {
    if (!e.SHOP_KUAIDI100_SALT)
      missing('SHOP_KUAIDI100_SALT', '推送模式须设置回调签名的 salt / required in push mode');
    if (callbackUrl === '')
      missing(
        'SHOP_KUAIDI100_CALLBACK_URL',
        '推送模式须设置回调地址（或 SHOP_PUBLIC_URL）/ push mode needs it, or SHOP_PUBLIC_URL',
      );
  }
  return {
    provider,
    pollMinutes,
    kuaidi100: {
      key: e.SHOP_KUAIDI100_KEY,
      customer: e.SHOP_KUAIDI100_CUSTOMER,
      mode,
      salt: e.SHOP_KUAIDI100_SALT ?? '',
      callbackUrl,
      apiUrl: (e.SHOP_KUAIDI100_URL ?? 'https://poll.kuaidi100.com').replace(/\/+$/, ''),
    },
  };
}

// A timer longer than 2^31 ms fires at once; a week is as far apart as backups sensibly are.
const MAX_BACKUP_INTERVAL_MS = 7 * 24 * 3_600_000;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 24 * 3_600_000 } as const;

/** BACKUP_INTERVAL ('30m', '6h', '24h', '1d', 'off' or '0', checked by the schema) in milliseconds; 0 is off. */
function intervalMs(value: string): number {
  if (value === 'off' || value === '0') return 0;
  const unit = value.slice(-1) as keyof typeof UNIT_MS;
  return Number(value.slice(0, -1)) * UNIT_MS[unit];
}

/**
 * Backups default to a folder beside the database's (./data → ./data-backups): PGlite owns DATA_DIR itself, and
 * its dump takes the whole folder, so backups inside it would be copied into every next backup.
 */
function defaultBackupDir(dataDir: string, cwd: string): string {
  if (dataDir.startsWith('memory://')) return resolve(cwd, 'backups');
  return `${resolve(cwd, dataDir)}-backups`;
}

/** The MEDIA_S3_* settings as one config, or undefined when they are not set (parseConfig checked all-or-none). */
function mediaObjectStorage(e: z.infer<typeof envSchema>): MediaObjectStorageConfig | undefined {
  if (
    !e.MEDIA_S3_ENDPOINT ||
    !e.MEDIA_S3_BUCKET ||
    !e.MEDIA_S3_ACCESS_KEY_ID ||
    !e.MEDIA_S3_SECRET_ACCESS_KEY
  )
    return undefined;
  const folder = e.MEDIA_S3_PREFIX?.replace(/\/+$/, '') ?? '';
  return {
    endpoint: e.MEDIA_S3_ENDPOINT.replace(/\/+$/, ''),
    bucket: e.MEDIA_S3_BUCKET,
    region: e.MEDIA_S3_REGION,
    accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID,
    secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY,
    prefix: folder === '' ? '' : `${folder}/`,
  };
}

/** Reads process.env once; on a bad variable prints each one by name and exits (fail fast at start). */
export function loadConfig(): AppConfig {
  const result = parseConfig(process.env);
  if (!result.ok) {
    console.error('配置错误 / Invalid configuration:');
    for (const line of result.errors) console.error(`  - ${line}`);
    process.exit(1);
  }
  return result.config;
}

/** True when the storefront build exists (the API still runs without it). */
export function webDistExists(config: AppConfig): boolean {
  return existsSync(resolve(config.webDist, 'index.html'));
}
