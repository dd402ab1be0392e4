import { AdminPaths, MemberPaths, ResultCode, SupplierPaths } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../src/modules/member/member.service';
import { createTestApp, envelope, post, TEST_CAPTCHA, type TestApp } from './support/test-app';

/**
 * One captcha rule wherever a captcha is asked (spec §8): no answer is 'needs verification'
 * (SmsNeedImageVerify 403), a wrong one is ImageVerifyFailed 404. Both are client errors (HTTP 400).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  await t.app.services.member.createMember({ username: 'captcha_member', password: 'right1234' });
});
afterAll(async () => {
  await t?.close();
});

let addressSeq = 0;
const freshAddress = () => {
  addressSeq += 1;
  return `10.77.${addressSeq}.9`;
};

async function newCaptcha(): Promise<string> {
  return envelope<{ captchaId: string }>(
    await post(t.app, MemberPaths.captcha, {}, undefined, freshAddress()),
  ).data.captchaId;
}

const supplierForm = {
  company: '悉尼优品贸易有限公司',
  contact: '王小明',
  phone: '+61 412 345 678',
  email: 'trade@example.com',
  country: 'AU',
  categories: '保健品',
  warehouseCountries: ['AU'],
};

/** Each place that asks for a captcha: the request without one, and the address it comes from. */
const places: [string, string, Record<string, unknown>, () => string][] = [
  [
    'member login past the limit',
    MemberPaths.login,
    { username: 'captcha_member', password: 'right1234' },
    () => '10.78.0.1',
  ],
  ['registration', MemberPaths.register, { username: 'captcha_new', password: 'abcd1234' }, freshAddress],
  ['staff login', AdminPaths.login, { username: 'nobody_staff', password: 'Whatever-12345' }, freshAddress],
  ['supplier application', SupplierPaths.submitApplication, supplierForm, freshAddress],
];

describe('the captcha rule', () => {
  beforeAll(async () => {
    // The member's account has been guessed at: from now on its login asks for the captcha.
    for (let i = 0; i < LOGIN_LIMITS.captchaAfterAccount; i += 1)
      await post(
        t.app,
        MemberPaths.login,
        { username: 'captcha_member', password: 'guess0000' },
        undefined,
        '10.78.0.1',
      );
  });

  it.each(places)(
    '%s: none is SmsNeedImageVerify 403, blank is too, a wrong one ImageVerifyFailed 404',
    async (_, path, body, from) => {
      const none = await post(t.app, path, body, undefined, from());
      expect(none.statusCode).toBe(400);
      expect(envelope(none)).toMatchObject({ success: false, resultCode: ResultCode.SmsNeedImageVerify });
      expect(envelope(none).message).toMatch(/图片验证码/);

      const blank = await post(
        t.app,
        path,
        { ...body, captchaId: await newCaptcha(), captchaCode: '  ' },
        undefined,
        from(),
      );
      expect(envelope(blank).resultCode).toBe(ResultCode.SmsNeedImageVerify);

      const wrong = await post(
        t.app,
        path,
        { ...body, captchaId: await newCaptcha(), captchaCode: 'zzzz' },
        undefined,
        from(),
      );
      expect(wrong.statusCode).toBe(400);
      expect(envelope(wrong)).toMatchObject({
        success: false,
        resultCode: ResultCode.ImageVerifyFailed,
        message: expect.stringContaining('验证码错误'),
      });
    },
  );

  it('the member login says the next attempt needs the captcha with either refusal, and lets the right one in', async () => {
    const none = envelope(await post(t.app, MemberPaths.login, places[0]?.[2], undefined, '10.78.0.1'));
    expect(none).toMatchObject({ resultCode: ResultCode.SmsNeedImageVerify, data: { needCaptcha: true } });
    const right = await post(
      t.app,
      MemberPaths.login,
      {
        username: 'captcha_member',
        password: 'right1234',
        captchaId: await newCaptcha(),
        captchaCode: TEST_CAPTCHA,
      },
      undefined,
      '10.78.0.1',
    );
    expect(envelope(right).success, envelope(right).message).toBe(true);
  });
});
