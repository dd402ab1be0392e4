import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecrets } from '../src/db/schema';
import { type ChannelTrade, hmacHex, verifySignedNotify } from '../src/modules/payment/payment.provider';
import {
  createSandboxChannel,
  NOTIFY_RETRIES,
  SANDBOX_SECRET_NAME,
} from '../src/modules/payment/sandbox.channel';
import { createSandboxProvider } from '../src/modules/payment/sandbox.provider';
import { createPaymentTestApp } from './support/payment-fixtures';
import type { TestApp } from './support/test-app';

let t: TestApp;

beforeAll(async () => {
  ({ t } = await createPaymentTestApp());
});
afterAll(async () => {
  await t?.close();
});

let sequence = 0;
function trade(): ChannelTrade {
  sequence += 1;
  return {
    tradeNo: `P20250301080000${String(sequence).padStart(8, '0')}`,
    channel: 'W01',
    amount: 9400,
    currency: 'CNY',
    subject: '订单 SO1',
    notifyUrl: '/api/paymentService/notify/sandbox/',
    returnUrl: '/payment/result?orderId=1',
    scene: 'PC',
  };
}

/** A channel of its own on the test database whose notify goes to a recorder instead of the shop. */
function recordingChannel(answers: { statusCode: number; body: string }[]) {
  const channel = createSandboxChannel({ db: t.database.db, clock: () => new Date(), notifyDelayMs: 1 });
  const calls: { url: string; rawBody: string; signature: string }[] = [];
  channel.attach({
    deliver: async (url, rawBody, signature) => {
      calls.push({ url, rawBody, signature });
      const answer = answers[calls.length - 1] ?? { statusCode: 200, body: 'SUCCESS' };
      if (answer.statusCode === 0) throw new Error('connection reset');
      return answer;
    },
  });
  return { channel, calls, provider: createSandboxProvider(channel) };
}

describe('sandbox channel', () => {
  it('keeps one secret in app_secrets, shared by every instance', async () => {
    const a = createSandboxChannel({ db: t.database.db, clock: () => new Date() });
    const b = createSandboxChannel({ db: t.database.db, clock: () => new Date() });
    const [first, second] = await Promise.all([a.secret(), b.secret()]);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(second).toBe(first);
    expect(await t.app.services.payments.sandbox?.secret()).toBe(first);
    const rows = await t.database.db.select().from(appSecrets);
    expect(rows.filter((r) => r.name === SANDBOX_SECRET_NAME)).toHaveLength(1);
  });

  it('sends a signed notify after a payment, retrying until the shop answers SUCCESS', async () => {
    const { channel, calls, provider } = recordingChannel([
      { statusCode: 500, body: 'FAIL' },
      { statusCode: 0, body: '' },
      { statusCode: 200, body: 'FAIL' },
    ]);
    const open = trade();
    const cashier = await provider.createCashier(open);
    const result = await channel.settle(cashier.channelTradeNo ?? '', 'pay');
    expect(result).toMatchObject({ changed: true, trade: { status: 'paid' } });
    await channel.idle();
    expect(calls).toHaveLength(4);
    expect(new Set(calls.map((c) => c.rawBody)).size).toBe(1);
    const [call] = calls;
    const payload = verifySignedNotify(
      Buffer.from(call?.rawBody ?? ''),
      { 'x-pay-signature': call?.signature },
      await channel.secret(),
    );
    expect(payload).toMatchObject({
      tradeNo: open.tradeNo,
      channelTradeNo: cashier.channelTradeNo,
      status: 'SUCCESS',
      amount: 9400,
      currency: 'CNY',
    });
    expect(call?.signature).toBe(hmacHex(await channel.secret(), call?.rawBody ?? ''));
    // A second press changes nothing and sends nothing.
    expect(await channel.settle(cashier.channelTradeNo ?? '', 'cancel')).toMatchObject({ changed: false });
    await channel.idle();
    expect(calls).toHaveLength(4);
  });

  it('gives up after the last retry', async () => {
    const failing = Array.from({ length: NOTIFY_RETRIES + 5 }, () => ({ statusCode: 503, body: '' }));
    const { channel, calls, provider } = recordingChannel(failing);
    const cashier = await provider.createCashier(trade());
    await channel.settle(cashier.channelTradeNo ?? '', 'cancel');
    await channel.idle();
    expect(calls).toHaveLength(NOTIFY_RETRIES + 1);
    expect(JSON.parse(calls[0]?.rawBody ?? '{}')).toMatchObject({ status: 'CLOSED', paidAt: null });
  });

  it('opens a trade once per merchant trade number and refuses a different amount for it', async () => {
    const { channel, provider } = recordingChannel([]);
    const open = trade();
    const first = await provider.createCashier(open);
    const again = await provider.createCashier(open);
    expect(again.channelTradeNo).toBe(first.channelTradeNo);
    await expect(provider.createCashier({ ...open, amount: 1 })).rejects.toThrow('商户订单号已存在');
    const form = await provider.bridgeForm({ ...open, amount: 1 });
    expect(await channel.openTrade(form.fields)).toMatchObject({ ok: false });
    expect(await channel.openTrade({ ...form.fields, sign: 'ab' })).toEqual({
      ok: false,
      message: '签名错误',
    });
  });

  it('stops delivering when the app closes', async () => {
    const { channel, calls, provider } = recordingChannel([]);
    const cashier = await provider.createCashier(trade());
    await channel.settle(cashier.channelTradeNo ?? '', 'pay');
    channel.stop();
    await channel.idle();
    expect(calls).toHaveLength(0);
  });
});
