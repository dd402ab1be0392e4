import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AppConfig, parseConfig } from '../src/config/env';
import { acs3Headers, createAliyunSms } from '../src/modules/notices/aliyun.sms';
import { type SmsMessage, type SmsProvider, SmsSendError } from '../src/modules/notices/sms.provider';
import { createSmsRouter } from '../src/modules/notices/sms.router';
import { createTencentSms, tc3Authorization } from '../src/modules/notices/tencent.sms';
import { createTwilioSms } from '../src/modules/notices/twilio.sms';
import { SHOP_NAME } from '../src/shop-name';
import { acs3Signature, FakeAliyunSms } from './support/fake-aliyun-sms';
import type { FakeSmsGateway } from './support/fake-sms-gateway';
import { FakeTencentSms, tc3Signature } from './support/fake-tencent-sms';
import { FAKE_TWILIO_FROM, FakeTwilio } from './support/fake-twilio';
import { freePort } from './support/ports';

/** The SMS settings parsed from an environment, as the shop reads them at start. */
function smsConfig(env: Record<string, string>): NonNullable<AppConfig['sms']> {
  const result = parseConfig(env);
  if (!result.ok) throw new Error(result.errors.join('\n'));
  if (!result.config.sms) throw new Error('no SMS gateway configured');
  return result.config.sms;
}

/** Starts a fake for a describe block, stops it after, and clears it before each test. */
function serve(fake: FakeSmsGateway<unknown>): void {
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());
}

/** What a send throws, so a test can look at its retryable flag and the gateway's code. */
async function refusal(sending: Promise<unknown>): Promise<SmsSendError> {
  try {
    await sending;
  } catch (error) {
    if (error instanceof SmsSendError) return error;
    throw error;
  }
  throw new Error('the send was not refused');
}

const shipped = (phone: string): SmsMessage => ({
  phone,
  template: 'shipped',
  params: { orderNo: 'SO20261129001', courier: '顺丰速运', trackingNo: 'SF1234567890' },
  reference: 'notice-41-shipped',
});
const code = (phone: string): SmsMessage => ({
  phone,
  template: 'code',
  params: { code: '483920' },
  reference: 'notice-42-code',
});

describe('signers against the published worked examples', () => {
  // help.aliyun.com 'V3版本请求体&签名机制' (document_detail/2593177), its fixed-parameter example.
  const aliyunExample = {
    host: 'ecs.cn-shanghai.aliyuncs.com',
    query: { ImageId: 'win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd', RegionId: 'cn-shanghai' },
    date: '2023-10-26T10:22:32Z',
    nonce: '3156853299f313e23d1673dc12e1703d',
  };
  const aliyunSignature = '06563a9e1b43f5dfe96b81484da74bceab24a1d853912eee15083a6f0f3283c0';

  it('signs Alibaba’s V3 example to its published Authorization, and the fake verifies the same', () => {
    const headers = acs3Headers({
      method: 'POST',
      host: aliyunExample.host,
      action: 'RunInstances',
      version: '2014-05-26',
      query: aliyunExample.query,
      body: '',
      date: aliyunExample.date,
      nonce: aliyunExample.nonce,
      accessKeyId: 'YourAccessKeyId',
      accessKeySecret: 'YourAccessKeySecret',
    });
    const signedHeaders =
      'host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version';
    expect(headers.authorization).toBe(
      `ACS3-HMAC-SHA256 Credential=YourAccessKeyId,SignedHeaders=${signedHeaders},Signature=${aliyunSignature}`,
    );
    const asSent = {
      method: 'POST',
      url: '/?ImageId=win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd&RegionId=cn-shanghai',
      headers: { ...headers, host: aliyunExample.host },
      body: '',
    };
    expect(acs3Signature(asSent, signedHeaders, 'YourAccessKeySecret')).toBe(aliyunSignature);
    // The checker can fail: another secret, or another query, is another signature.
    expect(acs3Signature(asSent, signedHeaders, 'AnotherSecret')).not.toBe(aliyunSignature);
    expect(
      acs3Signature({ ...asSent, url: `${asSent.url}&Extra=1` }, signedHeaders, 'YourAccessKeySecret'),
    ).not.toBe(aliyunSignature);
  });

  // Tencent Cloud '签名方法 v3' (tencentcloud.com/document/product/1021/34193 with the EXAMPLE keys; the current
  // cloud.tencent.com page masks the keys as ******* and prints the signature of that literal text).
  const payload = '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}';
  const tencentCases = [
    {
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      signature: '72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    },
    {
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3*******',
      signature: '2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c',
    },
  ];

  it.each(tencentCases)(
    'signs Tencent’s TC3 example to $signature, and the fake verifies the same',
    (example) => {
      const authorization = tc3Authorization({
        host: 'cvm.tencentcloudapi.com',
        service: 'cvm',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: payload,
        timestamp: 1551113065,
        secretId: example.secretId,
        secretKey: example.secretKey,
      });
      expect(authorization).toBe(
        `TC3-HMAC-SHA256 Credential=${example.secretId}/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=${example.signature}`,
      );
      const asSent = {
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/json; charset=utf-8', host: 'cvm.tencentcloudapi.com' },
        body: payload,
      };
      const scope = {
        signedHeaders: 'content-type;host',
        timestamp: 1551113065,
        date: '2019-02-25',
        service: 'cvm',
      };
      expect(tc3Signature(asSent, scope, example.secretKey)).toBe(example.signature);
      expect(tc3Signature({ ...asSent, body: `${payload} ` }, scope, example.secretKey)).not.toBe(
        example.signature,
      );
    },
  );
});

describe('Alibaba Cloud SMS through its fake', () => {
  const fake = new FakeAliyunSms();
  serve(fake);
  const gateway = (override: Record<string, string> = {}, timeoutMs?: number) => {
    const config = smsConfig({ ...fake.env(), ...override }).aliyun;
    if (!config) throw new Error('aliyun not configured');
    return createAliyunSms(config, timeoutMs === undefined ? {} : { timeoutMs });
  };

  it('sends a code with the mapped template, the number without +86 and the reference as OutId', async () => {
    const receipt = await gateway().send(code('+8613800138000'));
    expect(fake.messages).toEqual([
      {
        bizId: receipt.providerMessageId,
        phoneNumbers: '13800138000',
        signName: '澳中批发',
        templateCode: 'SMS_465800001',
        templateParam: { code: '483920' },
        outId: 'notice-42-code',
        text: '【澳中批发】您的验证码为：483920，5分钟内有效，请勿泄露于他人。',
      },
    ]);
  });

  it('fills a template’s named parameters, Chinese ones too', async () => {
    await gateway().send(shipped('+8613900139000'));
    expect(fake.messages.map((m) => [m.templateCode, m.text])).toEqual([
      ['SMS_465800003', '【澳中批发】您的订单SO20261129001已由顺丰速运发出，运单号SF1234567890。'],
    ]);
  });

  it('is refused with a wrong secret, not retryable, and the secret is in no error', async () => {
    const wrong = 'wrong-secret-0123456789abcdef';
    const error = await refusal(
      gateway({ SHOP_SMS_ALIYUN_ACCESS_KEY_SECRET: wrong }).send(code('+8613800138000')),
    );
    expect(error).toMatchObject({ retryable: false, providerCode: 'SignatureDoesNotMatch' });
    expect(error.message).not.toContain(wrong);
    expect(fake.messages).toEqual([]);
  });

  it('takes a 5xx, a throttled call and a system error as retryable, a per-number limit as not', async () => {
    fake.failNext(1, { status: 503 });
    fake.failNext(1, { code: 'Throttling.User' });
    fake.failNext(1, { code: 'isp.SYSTEM_ERROR' });
    fake.failNext(1, { code: 'isv.BUSINESS_LIMIT_CONTROL' });
    const outcomes = [];
    for (let i = 0; i < 4; i += 1) {
      const error = await refusal(gateway().send(code('+8613800138000')));
      outcomes.push([error.providerCode, error.retryable]);
    }
    expect(outcomes).toEqual([
      ['ServiceUnavailable', true],
      ['Throttling.User', true],
      ['isp.SYSTEM_ERROR', true],
      ['isv.BUSINESS_LIMIT_CONTROL', false],
    ]);
    await gateway().send(code('+8613800138000'));
    expect(fake.messages).toHaveLength(1);
  });

  it('refuses a number that is not a mainland mobile, or a missing parameter, before sending', async () => {
    const before = fake.requests;
    expect(await refusal(gateway().send(code('+61412345678')))).toMatchObject({ retryable: false });
    expect(
      await refusal(gateway().send({ ...shipped('+8613900139000'), params: { orderNo: 'SO1' } })),
    ).toMatchObject({ retryable: false, message: '短信模板 shipped 缺少参数：courier、trackingNo' });
    expect(fake.requests).toBe(before);
  });

  it('sends no company invite where the shop set no template for it, and says so, not to be retried', async () => {
    const before = fake.requests;
    const invite = {
      phone: '+8613900139000',
      template: 'companyInvite' as const,
      params: { company: '悉尼批发', role: '采购员' },
      reference: 'notice-43-invite',
    };
    expect(await refusal(gateway().send(invite))).toMatchObject({
      retryable: false,
      message: '未配置短信模板：companyInvite',
    });
    expect(fake.requests).toBe(before);
  });

  it('gives up on a gateway that does not answer within the timeout, retryably', async () => {
    fake.hang = true;
    const started = Date.now();
    const error = await refusal(gateway({}, 300).send(code('+8613800138000')));
    expect(error).toMatchObject({ retryable: true, message: '阿里云短信在 0.3 秒内没有应答' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('takes a refused connection as retryable', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const error = await refusal(gateway({ SHOP_SMS_ALIYUN_URL: closed }).send(code('+8613800138000')));
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/^无法连接阿里云短信/);
  });
});

describe('Tencent Cloud SMS through its fake', () => {
  const fake = new FakeTencentSms();
  serve(fake);
  const gateway = (override: Record<string, string> = {}, timeoutMs?: number) => {
    const config = smsConfig({ ...fake.env(), ...override }).tencent;
    if (!config) throw new Error('tencent not configured');
    return createTencentSms(config, timeoutMs === undefined ? {} : { timeoutMs });
  };

  it('sends the parameters by position in SMS_TEMPLATE_PARAMS order, with the reference as SessionContext', async () => {
    const receipt = await gateway().send(shipped('+8613900139000'));
    expect(fake.messages).toEqual([
      {
        serialNo: receipt.providerMessageId,
        phoneNumber: '+8613900139000',
        region: 'ap-guangzhou',
        signName: '澳中批发',
        templateId: '2301003',
        templateParamSet: ['SO20261129001', '顺丰速运', 'SF1234567890'],
        sessionContext: 'notice-41-shipped',
        text: '【澳中批发】您的订单SO20261129001已由顺丰速运发出，运单号SF1234567890。',
      },
    ]);
  });

  it('is refused with a wrong secret key as AuthFailure.SignatureFailure, not retryable', async () => {
    const wrong = 'wrong-secret-key-0123456789abcdef';
    const error = await refusal(gateway({ SHOP_SMS_TENCENT_SECRET_KEY: wrong }).send(code('+8613800138000')));
    expect(error).toMatchObject({ retryable: false, providerCode: 'AuthFailure.SignatureFailure' });
    expect(error.message).not.toContain(wrong);
    expect(fake.messages).toEqual([]);
  });

  it('retries Tencent’s own faults and rate limits, not the per-number caps or an unapproved template', async () => {
    fake.failNext(1, { status: 502 });
    fake.failNext(1, { code: 'InternalError.Timeout' });
    fake.failNext(1, { code: 'RequestLimitExceeded' });
    fake.failNext(1, { code: 'LimitExceeded.PhoneNumberThirtySecondLimit' });
    fake.failNext(1, { code: 'FailedOperation.TemplateIncorrectOrUnapproved' });
    const outcomes = [];
    for (let i = 0; i < 5; i += 1) {
      const error = await refusal(gateway().send(code('+8613800138000')));
      outcomes.push([error.providerCode, error.retryable]);
    }
    expect(outcomes).toEqual([
      [undefined, true],
      ['InternalError.Timeout', true],
      ['RequestLimitExceeded', true],
      ['LimitExceeded.PhoneNumberThirtySecondLimit', false],
      ['FailedOperation.TemplateIncorrectOrUnapproved', false],
    ]);
    expect(fake.messages).toEqual([]);
  });

  it('gives up on a gateway that does not answer within the timeout, retryably', async () => {
    fake.hang = true;
    const error = await refusal(gateway({}, 300).send(code('+8613800138000')));
    expect(error).toMatchObject({ retryable: true, message: '腾讯云短信在 0.3 秒内没有应答' });
  });

  it('sends to the region it is configured for', async () => {
    await gateway({ SHOP_SMS_TENCENT_REGION: 'ap-beijing' }).send(code('+8613800138000'));
    expect(fake.messages.map((m) => [m.region, m.templateParamSet])).toEqual([['ap-beijing', ['483920']]]);
  });
});

describe('Twilio through its fake', () => {
  const fake = new FakeTwilio();
  const shop = { name: SHOP_NAME, url: 'https://shop.example' };
  serve(fake);
  const gateway = (env: Record<string, string>, timeoutMs?: number) => {
    const config = smsConfig(env).twilio;
    if (!config) throw new Error('twilio not configured');
    return createTwilioSms(config, { shop, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
  };

  it('sends the notice’s English text with the shop’s name from the Twilio number', async () => {
    const receipt = await gateway(fake.env()).send({
      ...code('+61412345678'),
      params: { code: '483920', scene: 'login' },
    });
    expect(fake.messages).toEqual([
      {
        sid: receipt.providerMessageId,
        to: '+61412345678',
        from: FAKE_TWILIO_FROM,
        messagingServiceSid: undefined,
        body: `【${SHOP_NAME}】验证码 / Your verification code to sign in: 483920. It expires in 5 minutes. If this was not you, ignore this message and never share the code.`,
      },
    ]);
    expect(receipt.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it('signs in with an API key and sends through a messaging service', async () => {
    const service = `MG${'12ab'.repeat(8)}`;
    await gateway(fake.env({ apiKey: true, from: service })).send(shipped('+61412345678'));
    expect(fake.messages).toEqual([
      expect.objectContaining({
        from: undefined,
        messagingServiceSid: service,
        body: `【${SHOP_NAME}】Order SO20261129001 has shipped. Courier: 顺丰速运 Tracking number: SF1234567890`,
      }),
    ]);
  });

  it('is refused with a wrong token as 20003, not retryable', async () => {
    const wrong = 'f'.repeat(32);
    const error = await refusal(
      gateway({ ...fake.env(), SHOP_SMS_TWILIO_AUTH_TOKEN: wrong }).send(code('+61412345678')),
    );
    expect(error).toMatchObject({ retryable: false, providerCode: '20003' });
    expect(error.message).not.toContain(wrong);
  });

  it('gives up on a gateway that does not answer within the timeout, retryably', async () => {
    fake.hang = true;
    const error = await refusal(gateway(fake.env(), 300).send(code('+61412345678')));
    expect(error).toMatchObject({ retryable: true, message: 'Twilio 短信在 0.3 秒内没有应答' });
    expect(fake.messages).toEqual([]);
  });

  it('retries 429 and 5xx, not a number Twilio cannot use or a member who opted out', async () => {
    fake.failNext(1, { status: 429 });
    fake.failNext(1, { status: 500 });
    fake.failNext(1, { code: '21211' });
    fake.failNext(1, { code: '21610' });
    const outcomes = [];
    for (let i = 0; i < 4; i += 1) {
      const error = await refusal(gateway(fake.env()).send(code('+61412345678')));
      outcomes.push([error.providerCode, error.retryable]);
    }
    expect(outcomes).toEqual([
      ['20429', true],
      ['20500', true],
      ['21211', false],
      ['21610', false],
    ]);
  });
});

describe('the SMS router', () => {
  /** A gateway that records what it was given (the router's own rule is what is under test). */
  const recording = (name: string) => {
    const sent: string[] = [];
    const provider: SmsProvider = {
      name,
      async send(message) {
        sent.push(message.phone);
        return { providerMessageId: `${name}-${sent.length}` };
      },
    };
    return { provider, sent };
  };

  it('sends +86 to the Chinese gateway and +61 to the international one', async () => {
    const china = recording('aliyun');
    const australia = recording('twilio');
    const sandbox = recording('sandbox');
    const router = createSmsRouter({
      china: china.provider,
      australia: australia.provider,
      sandbox: sandbox.provider,
    });
    expect(await router.send(code('+8613800138000'))).toEqual({
      providerMessageId: 'aliyun-1',
      provider: 'aliyun',
    });
    expect(await router.send(code('+61412345678'))).toEqual({
      providerMessageId: 'twilio-1',
      provider: 'twilio',
    });
    expect([china.sent, australia.sent, sandbox.sent]).toEqual([['+8613800138000'], ['+61412345678'], []]);
  });

  it('falls back to the sandbox for a country without its gateway, and refuses without either', async () => {
    const china = recording('tencent');
    const sandbox = recording('sandbox');
    const withSandbox = createSmsRouter({ china: china.provider, sandbox: sandbox.provider });
    expect(await withSandbox.send(code('+61412345678'))).toMatchObject({ provider: 'sandbox' });
    const without = createSmsRouter({ china: china.provider });
    expect(await refusal(without.send(code('+61412345678')))).toMatchObject({
      message: '未配置短信通道',
      retryable: false,
    });
    expect(await without.send(code('+8613800138000'))).toMatchObject({ provider: 'tencent' });
  });

  it('refuses other countries and malformed numbers, not retryably', async () => {
    const all = recording('any');
    const router = createSmsRouter({ china: all.provider, australia: all.provider, sandbox: all.provider });
    for (const phone of ['+14155550100', '+447700900123', '8613800138000', '+86abc', '+61']) {
      expect(await refusal(router.send(code(phone)))).toMatchObject({ retryable: false });
    }
    expect(all.sent).toEqual([]);
  });

  it('routes real adapters to their fakes end to end', async () => {
    const aliyun = new FakeAliyunSms();
    const twilio = new FakeTwilio();
    await Promise.all([aliyun.start(), twilio.start()]);
    try {
      const sms = smsConfig({ ...aliyun.env(), ...twilio.env() });
      expect(sms.chinaProvider).toBe('aliyun');
      const router = createSmsRouter({
        china: sms.aliyun && createAliyunSms(sms.aliyun),
        australia:
          sms.twilio &&
          createTwilioSms(sms.twilio, { shop: { name: SHOP_NAME, url: 'https://shop.example' } }),
      });
      await router.send(code('+8613800138000'));
      await router.send(code('+61412345678'));
      expect([aliyun.messages.length, twilio.messages.length]).toEqual([1, 1]);
    } finally {
      await Promise.all([aliyun.stop(), twilio.stop()]);
    }
  });
});
