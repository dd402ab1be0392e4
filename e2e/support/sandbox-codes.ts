import { randomBytes } from 'node:crypto';
import { AdminNoticePaths, AdminPaths, MemberPaths } from '@shop/domain';
import { callApi } from './api';
import { runShopCommand, TEST_CAPTCHA } from './server';

/** A mainland mobile number no other run uses: +86 139 and 8 random digits. */
export function randomPhone(): string {
  return `+86139${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
}

/** The service account that reads the sandbox outbox, made on a stopped shop's folder before it starts. */
export const DESK = { username: 'desk', password: 'Desk-pass-2026' };

export function createDeskAccount(dataDir: string): void {
  runShopCommand(dataDir, [
    'staff:create',
    '--username',
    DESK.username,
    '--role',
    'service',
    '--password',
    DESK.password,
  ]);
}

/**
 * The codes a test shop's sandbox 'sent' (#31), read where the shop's staff read them: the console's sandbox outbox
 * (AdminNoticePaths.sandbox), as the service account `DESK`.
 */
export async function sandboxCodes(baseURL: string) {
  const captcha = await callApi(baseURL, MemberPaths.captcha);
  const { token: deskToken } = await callApi(baseURL, AdminPaths.login, {
    ...DESK,
    captchaId: captcha.captchaId,
    captchaCode: TEST_CAPTCHA,
  });

  /** The sandbox's newest messages, as the console's 沙箱发件箱 lists them. */
  const outbox = (recipient?: string) =>
    callApi(
      baseURL,
      AdminNoticePaths.sandbox,
      { ...(recipient ? { recipient } : {}), pageSize: 5 },
      deskToken,
    );

  /** The newest outbox id, so that a code read afterwards is the one just asked for. */
  const lastMessageId = async () => (await outbox()).list[0]?.id ?? 0;

  /** The 6-digit code of the first message to `phone` after `afterId` (the worker sends it in a moment). */
  async function codeSentTo(phone: string, afterId: number): Promise<string> {
    for (let i = 0; i < 60; i += 1) {
      const newest = (await outbox(phone)).list.find((m) => m.id > afterId);
      const code = /验证码\s*(\d{6})/.exec(newest?.text ?? '')?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`no code reached ${phone}`);
  }

  /** Registers a member and proves their phone number through the API (the settings page does the same). */
  async function memberWithPhone(m: { username: string; password: string; phone: string }) {
    const registerCaptcha = await callApi(baseURL, MemberPaths.captcha);
    const { token } = await callApi(baseURL, MemberPaths.register, {
      username: m.username,
      password: m.password,
      captchaId: registerCaptcha.captchaId,
      captchaCode: TEST_CAPTCHA,
    });
    const before = await lastMessageId();
    const bindCaptcha = await callApi(baseURL, MemberPaths.captcha);
    await callApi(
      baseURL,
      MemberPaths.sendCode,
      { scene: 'bind', phone: m.phone, captchaId: bindCaptcha.captchaId, captchaCode: TEST_CAPTCHA },
      token,
    );
    const code = await codeSentTo(m.phone, before);
    await callApi(baseURL, MemberPaths.bindContact, { phone: m.phone, code }, token);
    return token;
  }

  return { deskToken, outbox, lastMessageId, codeSentTo, memberWithPhone };
}
