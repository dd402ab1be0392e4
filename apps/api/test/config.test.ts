import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEB_DIST, parseConfig } from '../src/config/env';
import { bundled } from './support/bundle';

const apiRoot = resolve(import.meta.dirname, '..');

describe('config', () => {
  it('has defaults for a plain start', () => {
    const result = parseConfig({}, '/srv/shop');
    expect(result).toEqual({
      ok: true,
      config: {
        port: 3000,
        host: '127.0.0.1',
        timeZone: 'Asia/Shanghai',
        workers: 1,
        database: { kind: 'pglite', dataDir: '/srv/shop/data' },
        backup: { dir: '/srv/shop/data-backups', intervalMs: 24 * 3_600_000, keep: 7 },
        catalogueCacheBytes: 64 * 1024 * 1024,
        sessionCache: true,
        responseSerializer: 'validated',
        shutdownGraceMs: 0,
        logLevel: 'info',
        metrics: { token: undefined, port: undefined },
        secretKeys: { current: undefined, old: [] },
        slowRequestMs: 1000,
        slowQueryMs: 250,
        nodeEnv: undefined,
        testCaptcha: undefined,
        redisUrl: undefined,
        webDist: DEFAULT_WEB_DIST,
        seedDemo: true,
        seedDemoHistoryDays: 60,
        trustProxy: false,
        paymentSandbox: true,
        wechatSandbox: true,
        tracking: { provider: 'sandbox', pollMinutes: 120 },
        notices: {
          smtp: undefined,
          mailSandbox: true,
          smsSandbox: true,
          workers: 2,
          codeResendSeconds: 60,
          retries: 8,
          retryDelaySeconds: 20,
          sendTimeoutSeconds: 120,
          shopUrl: 'http://localhost:3000',
        },
      },
    });
    expect(DEFAULT_WEB_DIST.endsWith('/apps/web/dist')).toBe(true);
  });

  it('uses PostgreSQL when DATABASE_URL is set and memory:// as given', () => {
    const pg = parseConfig({ DATABASE_URL: 'postgres://u@h:5432/shop' });
    expect(pg.ok && pg.config.database).toEqual({ kind: 'postgresql', url: 'postgres://u@h:5432/shop' });
    const mem = parseConfig({ DATA_DIR: 'memory://' });
    expect(mem.ok && mem.config.database).toEqual({ kind: 'pglite', dataDir: 'memory://' });
  });

  it('honours SHOP_TEST_CAPTCHA only when NODE_ENV=test', () => {
    const test = parseConfig({ NODE_ENV: 'test', SHOP_TEST_CAPTCHA: 'abcd' });
    expect(test.ok && test.config.testCaptcha).toBe('abcd');
    const dev = parseConfig({ NODE_ENV: 'development', SHOP_TEST_CAPTCHA: 'abcd' });
    expect(dev.ok && dev.config.testCaptcha).toBeUndefined();
  });

  it('keeps the sandbox channel and the demo data off in production unless asked for', () => {
    const prod = parseConfig({ NODE_ENV: 'production' });
    expect(prod.ok && prod.config).toMatchObject({ paymentSandbox: false, seedDemo: false });
    const staging = parseConfig({ NODE_ENV: 'production', SHOP_PAY_SANDBOX: 'on', SEED_DEMO: 'true' });
    expect(staging.ok && staging.config).toMatchObject({ paymentSandbox: true, seedDemo: true });
    const dev = parseConfig({ SHOP_PAY_SANDBOX: 'off' });
    expect(dev.ok && dev.config).toMatchObject({ paymentSandbox: false, seedDemo: true });
    const bad = parseConfig({ SHOP_PAY_SANDBOX: 'yes' });
    expect(bad.ok ? [] : bad.errors.map((line) => line.split(':')[0])).toEqual(['SHOP_PAY_SANDBOX']);
  });

  it('keeps the chat-app sandbox off in production unless SHOP_WECHAT_SANDBOX=on', () => {
    const prod = parseConfig({ NODE_ENV: 'production' });
    expect(prod.ok && prod.config).toMatchObject({ wechatSandbox: false, wechatOpen: undefined });
    const staging = parseConfig({ NODE_ENV: 'production', SHOP_WECHAT_SANDBOX: 'on' });
    expect(staging.ok && staging.config.wechatSandbox).toBe(true);
    const dev = parseConfig({ SHOP_WECHAT_SANDBOX: 'off' });
    expect(dev.ok && dev.config.wechatSandbox).toBe(false);
    const bad = parseConfig({ SHOP_WECHAT_SANDBOX: 'true' });
    expect(bad.ok ? [] : bad.errors.map((line) => line.split(':')[0])).toEqual(['SHOP_WECHAT_SANDBOX']);
  });

  it('takes the chat-app website login with all three of its variables or none', () => {
    const full = parseConfig({
      SHOP_WECHAT_APP_ID: 'wx1234567890abcdef',
      SHOP_WECHAT_APP_SECRET: '0123456789abcdef0123456789abcdef',
      SHOP_WECHAT_REDIRECT_URL: 'https://shop.example.com/api/memberService/wechat/callback/',
    });
    expect(full.ok && full.config.wechatOpen).toEqual({
      appId: 'wx1234567890abcdef',
      secret: '0123456789abcdef0123456789abcdef',
      redirectUrl: 'https://shop.example.com/api/memberService/wechat/callback/',
      openUrl: 'https://open.weixin.qq.com',
      apiUrl: 'https://api.weixin.qq.com',
    });
    const half = parseConfig({ SHOP_WECHAT_APP_ID: 'wx1234567890abcdef' });
    expect(half.ok ? [] : half.errors.map((line) => line.split(':')[0]).sort()).toEqual([
      'SHOP_WECHAT_APP_SECRET',
      'SHOP_WECHAT_REDIRECT_URL',
    ]);
  });

  it('keeps images in object storage with all four MEDIA_S3_* variables, in the database with none', () => {
    const s3 = {
      MEDIA_S3_ENDPOINT: 'https://s3.example.com/',
      MEDIA_S3_BUCKET: 'shop-media',
      MEDIA_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      MEDIA_S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    };
    const full = parseConfig(s3);
    expect(full.ok && full.config.mediaObjectStorage).toEqual({
      endpoint: 'https://s3.example.com',
      bucket: 'shop-media',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      prefix: '',
    });
    const placed = parseConfig({ ...s3, MEDIA_S3_REGION: 'ap-southeast-2', MEDIA_S3_PREFIX: 'shop/media/' });
    expect(placed.ok && placed.config.mediaObjectStorage).toMatchObject({
      region: 'ap-southeast-2',
      prefix: 'shop/media/',
    });
    const none = parseConfig({ MEDIA_S3_REGION: 'ap-southeast-2' });
    expect(none.ok && none.config.mediaObjectStorage).toBeUndefined();

    const half = parseConfig({
      MEDIA_S3_ENDPOINT: s3.MEDIA_S3_ENDPOINT,
      MEDIA_S3_BUCKET: s3.MEDIA_S3_BUCKET,
    });
    expect(half.ok ? [] : half.errors.sort()).toEqual([
      'MEDIA_S3_ACCESS_KEY_ID: 对象存储的四个变量须同时设置 / set all of MEDIA_S3_ENDPOINT, MEDIA_S3_BUCKET, MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY or none',
      'MEDIA_S3_SECRET_ACCESS_KEY: 对象存储的四个变量须同时设置 / set all of MEDIA_S3_ENDPOINT, MEDIA_S3_BUCKET, MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY or none',
    ]);
    const bad = parseConfig({
      ...s3,
      MEDIA_S3_ENDPOINT: 's3.example.com',
      MEDIA_S3_BUCKET: 'Shop_Media',
      MEDIA_S3_PREFIX: '../other-shop',
    });
    expect(bad.ok ? [] : bad.errors.map((line) => line.split(':')[0]).sort()).toEqual([
      'MEDIA_S3_BUCKET',
      'MEDIA_S3_ENDPOINT',
      'MEDIA_S3_PREFIX',
    ]);
  });

  describe('SMS gateways', () => {
    const aliyunTemplates =
      'code:SMS_465800001,paid:SMS_465800002,shipped:SMS_465800003,pickup:SMS_465800004,cancelled:SMS_465800005,' +
      'refunded:SMS_465800006,ticketAnswered:SMS_465800007,rechargeApproved:SMS_465800008,rechargeRefused:SMS_465800009';
    const aliyun = {
      SHOP_SMS_ALIYUN_ACCESS_KEY_ID: 'LTAI5tExampleKeyId01',
      SHOP_SMS_ALIYUN_ACCESS_KEY_SECRET: 'exampleAccessKeySecret0123456789',
      SHOP_SMS_ALIYUN_SIGN_NAME: '澳中批发',
      SHOP_SMS_ALIYUN_TEMPLATES: aliyunTemplates,
    };
    const tencent = {
      SHOP_SMS_TENCENT_SECRET_ID: 'AKIDexampleSecretId0123456789',
      SHOP_SMS_TENCENT_SECRET_KEY: 'exampleSecretKey0123456789abcdef',
      SHOP_SMS_TENCENT_SDK_APP_ID: '1400006666',
      SHOP_SMS_TENCENT_SIGN_NAME: '澳中批发',
      SHOP_SMS_TENCENT_TEMPLATES: aliyunTemplates.replace(/SMS_4658000/g, '23010'),
    };
    const twilio = {
      SHOP_SMS_TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      SHOP_SMS_TWILIO_AUTH_TOKEN: 'f'.repeat(32),
      SHOP_SMS_TWILIO_FROM: '+61480000123',
    };
    const errors = (env: Record<string, string>) => {
      const result = parseConfig(env);
      return result.ok ? [] : result.errors;
    };

    it('has no gateway by default, and takes each group with its defaults', () => {
      const none = parseConfig({});
      expect(none.ok && none.config.sms).toBeUndefined();
      const all = parseConfig({ ...aliyun, ...tencent, ...twilio, SHOP_SMS_CN_PROVIDER: 'tencent' });
      expect(all.ok && all.config.sms).toEqual({
        aliyun: {
          accessKeyId: 'LTAI5tExampleKeyId01',
          accessKeySecret: 'exampleAccessKeySecret0123456789',
          signName: '澳中批发',
          templates: {
            code: 'SMS_465800001',
            paid: 'SMS_465800002',
            shipped: 'SMS_465800003',
            pickup: 'SMS_465800004',
            cancelled: 'SMS_465800005',
            refunded: 'SMS_465800006',
            ticketAnswered: 'SMS_465800007',
            rechargeApproved: 'SMS_465800008',
            rechargeRefused: 'SMS_465800009',
          },
          apiUrl: 'https://dysmsapi.aliyuncs.com',
        },
        tencent: expect.objectContaining({
          sdkAppId: '1400006666',
          region: 'ap-guangzhou',
          apiUrl: 'https://sms.tencentcloudapi.com',
          templates: expect.objectContaining({ code: '2301001', shipped: '2301003' }),
        }),
        twilio: {
          accountSid: twilio.SHOP_SMS_TWILIO_ACCOUNT_SID,
          authToken: twilio.SHOP_SMS_TWILIO_AUTH_TOKEN,
          apiKeySid: undefined,
          from: '+61480000123',
          apiUrl: 'https://api.twilio.com',
        },
        chinaProvider: 'tencent',
      });
      const onlyTwilio = parseConfig(twilio);
      expect(onlyTwilio.ok && onlyTwilio.config.sms).toMatchObject({ chinaProvider: undefined });
      const onlyAliyun = parseConfig({ ...aliyun, SHOP_SMS_ALIYUN_URL: 'http://127.0.0.1:9000/' });
      expect(onlyAliyun.ok && onlyAliyun.config.sms).toMatchObject({
        chinaProvider: 'aliyun',
        aliyun: { apiUrl: 'http://127.0.0.1:9000' },
      });
    });

    it('names the missing variables of a half-set group', () => {
      expect(errors({ SHOP_SMS_ALIYUN_ACCESS_KEY_ID: aliyun.SHOP_SMS_ALIYUN_ACCESS_KEY_ID })).toEqual(
        ['SHOP_SMS_ALIYUN_ACCESS_KEY_SECRET', 'SHOP_SMS_ALIYUN_SIGN_NAME', 'SHOP_SMS_ALIYUN_TEMPLATES'].map(
          (name) =>
            `${name}: 阿里云短信的四个变量须同时设置 / set all of SHOP_SMS_ALIYUN_ACCESS_KEY_ID, SHOP_SMS_ALIYUN_ACCESS_KEY_SECRET, SHOP_SMS_ALIYUN_SIGN_NAME, SHOP_SMS_ALIYUN_TEMPLATES or none`,
        ),
      );
      const halfTencent = errors({ SHOP_SMS_TENCENT_SDK_APP_ID: '1400006666' });
      expect(halfTencent.map((line) => line.split(':')[0]).sort()).toEqual([
        'SHOP_SMS_TENCENT_SECRET_ID',
        'SHOP_SMS_TENCENT_SECRET_KEY',
        'SHOP_SMS_TENCENT_SIGN_NAME',
        'SHOP_SMS_TENCENT_TEMPLATES',
      ]);
      const halfTwilio = errors({ SHOP_SMS_TWILIO_FROM: '+61480000123' });
      expect(halfTwilio.map((line) => line.split(':')[0]).sort()).toEqual([
        'SHOP_SMS_TWILIO_ACCOUNT_SID',
        'SHOP_SMS_TWILIO_AUTH_TOKEN',
      ]);
    });

    it('wants every template of the shop mapped once to a template of the gateway’s form', () => {
      expect(
        errors({ ...aliyun, SHOP_SMS_ALIYUN_TEMPLATES: 'code:SMS_465800001,paid:SMS_465800002' }),
      ).toEqual([
        'SHOP_SMS_ALIYUN_TEMPLATES: 缺少模板 shipped、pickup、cancelled、refunded、ticketAnswered、rechargeApproved、rechargeRefused / missing shipped, pickup, cancelled, refunded, ticketAnswered, rechargeApproved, rechargeRefused',
      ]);
      expect(
        errors({
          ...tencent,
          SHOP_SMS_TENCENT_TEMPLATES: `${tencent.SHOP_SMS_TENCENT_TEMPLATES.replace('paid:2301002', 'paid:SMS_1')},coupon:2301010,code:2301011`,
        }),
      ).toEqual([
        "SHOP_SMS_TENCENT_TEMPLATES: 模板 paid 应为 1110 这样的模板 / 'paid' must map to a template like 1110",
        "SHOP_SMS_TENCENT_TEMPLATES: 未知的模板 coupon / unknown template key 'coupon'",
        "SHOP_SMS_TENCENT_TEMPLATES: 模板 code 重复 / 'code' twice",
      ]);
    });

    it('asks which Chinese gateway to use when both are set, and only one that is set', () => {
      expect(errors({ ...aliyun, ...tencent })).toEqual([
        'SHOP_SMS_CN_PROVIDER: 阿里云和腾讯云短信都已配置，须指定 aliyun 或 tencent / both are set: choose aliyun or tencent',
      ]);
      expect(errors({ ...aliyun, SHOP_SMS_CN_PROVIDER: 'tencent' })).toEqual([
        'SHOP_SMS_CN_PROVIDER: 选择了 tencent，但它的变量没有设置 / tencent is chosen but not configured',
      ]);
      expect(errors({ SHOP_SMS_CN_PROVIDER: 'huawei' })).toEqual([
        'SHOP_SMS_CN_PROVIDER: 应为 aliyun 或 tencent / must be aliyun or tencent',
      ]);
    });

    it('names a bad Twilio sender or account SID', () => {
      const bad = errors({
        ...twilio,
        SHOP_SMS_TWILIO_ACCOUNT_SID: 'AC123',
        SHOP_SMS_TWILIO_FROM: '0480000123',
        SHOP_SMS_TWILIO_API_KEY_SID: 'SK123',
      });
      expect(bad.map((line) => line.split(':')[0]).sort()).toEqual([
        'SHOP_SMS_TWILIO_ACCOUNT_SID',
        'SHOP_SMS_TWILIO_API_KEY_SID',
        'SHOP_SMS_TWILIO_FROM',
      ]);
      const service = parseConfig({ ...twilio, SHOP_SMS_TWILIO_FROM: `MG${'ab'.repeat(16)}` });
      expect(service.ok && service.config.sms?.twilio?.from).toBe(`MG${'ab'.repeat(16)}`);
    });
  });

  it('reads the backup schedule as a number with m, h or d, or off', () => {
    const backup = (env: Record<string, string>) => {
      const result = parseConfig(env, '/srv/shop');
      return result.ok ? result.config.backup : result.errors;
    };
    expect(backup({ BACKUP_INTERVAL: '30m', BACKUP_KEEP: '3' })).toEqual({
      dir: '/srv/shop/data-backups',
      intervalMs: 30 * 60_000,
      keep: 3,
    });
    expect(backup({ BACKUP_INTERVAL: '6h' })).toMatchObject({ intervalMs: 6 * 3_600_000 });
    expect(backup({ BACKUP_INTERVAL: '7d' })).toMatchObject({ intervalMs: 7 * 24 * 3_600_000 });
    expect(backup({ BACKUP_INTERVAL: 'off' })).toMatchObject({ intervalMs: 0 });
    expect(backup({ BACKUP_INTERVAL: '0' })).toMatchObject({ intervalMs: 0 });
    // Beside the folder PGlite owns, wherever DATA_DIR is; BACKUP_DIR names another.
    expect(backup({ DATA_DIR: '/var/lib/shop/db/' })).toMatchObject({ dir: '/var/lib/shop/db-backups' });
    expect(backup({ BACKUP_DIR: 'copies' })).toMatchObject({ dir: '/srv/shop/copies' });
    for (const wrong of ['24', '1.5h', '90s', '-1h', 'daily']) {
      expect(backup({ BACKUP_INTERVAL: wrong })).toEqual([
        expect.stringMatching(/^BACKUP_INTERVAL: .*30m、6h、24h/),
      ]);
    }
    expect(backup({ BACKUP_INTERVAL: '8d' })).toEqual([
      'BACKUP_INTERVAL: 至多 7 天（7d）/ at most 7 days (7d)',
    ]);
    expect(backup({ BACKUP_KEEP: '0' })).toEqual([
      'BACKUP_KEEP: 应为 1-1000 的整数 / must be a whole number 1-1000',
    ]);
  });

  it('keeps members’ sessions in memory unless SESSION_CACHE=false', () => {
    const off = parseConfig({ SESSION_CACHE: 'false' });
    expect(off.ok && off.config.sessionCache).toBe(false);
    const bad = parseConfig({ SESSION_CACHE: 'sometimes' });
    expect(bad.ok ? [] : bad.errors).toEqual(['SESSION_CACHE: 应为 true 或 false / must be true or false']);
  });

  it('serves metrics unless METRICS=false, with a scraper token of 24 visible characters or more', () => {
    const token = 'a'.repeat(24);
    const on = parseConfig({
      METRICS_TOKEN: token,
      METRICS_PORT: '9464',
      SLOW_REQUEST_MS: '0',
      SLOW_QUERY_MS: '50',
    });
    expect(on.ok && on.config).toMatchObject({
      metrics: { token, port: 9464 },
      slowRequestMs: 0,
      slowQueryMs: 50,
    });
    const off = parseConfig({ METRICS: 'false', METRICS_TOKEN: token });
    expect(off.ok && off.config.metrics).toBeNull();
    const bad = parseConfig({
      METRICS: 'maybe',
      METRICS_TOKEN: 'short-token',
      METRICS_PORT: '70000',
      SLOW_REQUEST_MS: '-1',
      SLOW_QUERY_MS: 'fast',
    });
    expect(bad.ok ? [] : bad.errors.map((line) => line.split(':')[0]).sort()).toEqual([
      'METRICS',
      'METRICS_PORT',
      'METRICS_TOKEN',
      'SLOW_QUERY_MS',
      'SLOW_REQUEST_MS',
    ]);
    expect(bad.ok ? '' : bad.errors.join('\n')).toContain(
      'METRICS_TOKEN: 至少24个字符 / at least 24 characters',
    );
    const spaced = parseConfig({ METRICS_TOKEN: `${token} ${token}` });
    expect(spaced.ok ? [] : spaced.errors).toEqual([
      'METRICS_TOKEN: 只能包含可见的 ASCII 字符 / visible ASCII characters only',
    ]);
  });

  it('names every bad variable', () => {
    const result = parseConfig({
      PORT: 'eighty',
      LOG_LEVEL: 'loud',
      REDIS_URL: 'localhost:6379',
      SEED_DEMO: 'maybe',
      NODE_ENV: 'production',
      SHOP_TEST_CAPTCHA: 'abcd',
    });
    expect(result.ok).toBe(false);
    const names = result.ok ? [] : result.errors.map((line) => line.split(':')[0]);
    expect(names.sort()).toEqual(['LOG_LEVEL', 'PORT', 'REDIS_URL', 'SEED_DEMO', 'SHOP_TEST_CAPTCHA']);
  });

  it('stops the server at start when SHOP_TEST_CAPTCHA is set with NODE_ENV=production', () => {
    const run = spawnSync(process.execPath, [bundled('server')], {
      cwd: apiRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        SHOP_TEST_CAPTCHA: 'abcd',
        DATA_DIR: 'memory://',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('SHOP_TEST_CAPTCHA');
    expect(run.stderr).toContain('NODE_ENV=production');
  }, 90_000);
});
