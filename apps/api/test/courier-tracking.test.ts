import { Writable } from 'node:stream';
import { AdminOrderPaths, type LogisticsInfo, OrderPaths, OrderStatus, TrackingPaths } from '@shop/domain';
import { and, eq, gt, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config/env';
import { couriers, logisticsEvents, messages, parcelTrackings, skus } from '../src/db/schema';
import { createKuaidi100Provider } from '../src/modules/tracking/kuaidi100.provider';
import { beijingText } from '../src/modules/tracking/tracking.provider';
import {
  FAKE_KUAIDI100_CUSTOMER,
  FAKE_KUAIDI100_KEY,
  FAKE_KUAIDI100_SALT,
  FakeKuaidi100,
} from './support/fake-kuaidi100';
import { insertOrder, newMember } from './support/order-fixtures';
import { freePort } from './support/ports';
import { staffToken } from './support/staff';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

/**
 * Courier tracking through Kuaidi100 (docs/decisions/061-courier-tracking.md), against a local fake of its
 * protocol that checks the shop's requests as Kuaidi100 does and pushes signed callbacks over HTTP to the shop,
 * which listens on a loopback port: parcels shipped in the console are subscribed, pushes are verified before
 * anything is read, their events land once in the member's tracking, and the member hears of the milestones.
 */

const fake = new FakeKuaidi100();
let t: TestApp;
let callbackUrl = '';
let warehouseToken = '';
let skuId = 0;
const logLines: string[] = [];

function env(): Record<string, string> {
  return {
    SHOP_TRACKING_PROVIDER: 'kuaidi100',
    SHOP_KUAIDI100_KEY: FAKE_KUAIDI100_KEY,
    SHOP_KUAIDI100_CUSTOMER: FAKE_KUAIDI100_CUSTOMER,
    SHOP_KUAIDI100_SALT: FAKE_KUAIDI100_SALT,
    SHOP_KUAIDI100_CALLBACK_URL: callbackUrl,
    SHOP_KUAIDI100_URL: fake.url,
  };
}

beforeAll(async () => {
  await fake.start();
  const port = await freePort();
  callbackUrl = `http://127.0.0.1:${port}${TrackingPaths.notify}kuaidi100/`;
  t = await createTestApp({
    env: env(),
    logger: {
      level: 'debug',
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  warehouseToken = (await staffToken(t, 'warehouse')).token;
  const [sku] = await t.database.db.select({ id: skus.id }).from(skus).where(gt(skus.stock, 50)).limit(1);
  skuId = sku?.id ?? 0;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake.stop();
});

let parcelSequence = 0;
const newCode = () => {
  parcelSequence += 1;
  return `SF${Date.now() % 1e9}${String(parcelSequence).padStart(3, '0')}`;
};

/** A time `minutes` from the shop's now as Kuaidi100 writes it (Beijing time). */
const bj = (minutes: number) => beijingText(new Date(t.clock.now().getTime() + minutes * 60_000));

/** A member's order at 待发货, shipped in the console with `courierCode`, then one tracking round. */
async function shipParcel(code: string, courierCode = 'SF') {
  const m = await newMember(t.app, 'track');
  const order = await insertOrder(t.database.db, {
    memberId: m.id,
    status: OrderStatus.AwaitingDispatch,
    items: [{ skuId, qty: 1, unitPrice: 3200 }],
    shipping: 0,
  });
  const shipped = envelope(
    await post(
      t.app,
      AdminOrderPaths.ship,
      { orderNo: order.orderNo, courierCode, logisticCode: code },
      warehouseToken,
    ),
  );
  expect(shipped.success, shipped.message).toBe(true);
  await t.app.services.tracking.runDue();
  return { m, order };
}

const trackingOf = async (code: string) =>
  (await t.database.db.select().from(parcelTrackings).where(eq(parcelTrackings.logisticCode, code)))[0];
const eventsOf = (code: string) =>
  t.database.db.select().from(logisticsEvents).where(eq(logisticsEvents.logisticCode, code));
const parcelMessages = (memberId: number) =>
  t.database.db
    .select({ title: messages.title, content: messages.content, link: messages.link })
    .from(messages)
    .where(and(eq(messages.memberId, memberId), like(messages.title, '%的包裹%')));
async function memberTracking(code: string, token: string) {
  const body = envelope<LogisticsInfo>(
    await post(t.app, OrderPaths.logistics, { logisticCode: code }, token),
  );
  expect(body.success, body.message).toBe(true);
  return body.data;
}

describe('the configuration', () => {
  const parse = (vars: Record<string, string>) => parseConfig({ NODE_ENV: 'test', ...vars });

  it('runs the sandbox outside production, nothing in production unless the sandbox is asked for', () => {
    const dev = parse({});
    expect(dev.ok && dev.config.tracking.provider).toBe('sandbox');
    const prod = parse({ NODE_ENV: 'production' });
    expect(prod.ok && prod.config.tracking.provider).toBe('off');
    const staging = parse({ NODE_ENV: 'production', SHOP_TRACKING_PROVIDER: 'sandbox' });
    expect(staging.ok && staging.config.tracking.provider).toBe('sandbox');
  });

  it('takes Kuaidi100 once its account is set, the callback address made from the shop’s address', () => {
    const result = parse({
      SHOP_KUAIDI100_KEY: FAKE_KUAIDI100_KEY,
      SHOP_KUAIDI100_CUSTOMER: FAKE_KUAIDI100_CUSTOMER,
      SHOP_KUAIDI100_SALT: FAKE_KUAIDI100_SALT,
      SHOP_PUBLIC_URL: 'https://shop.example/',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.tracking).toMatchObject({
      provider: 'kuaidi100',
      kuaidi100: {
        mode: 'push',
        apiUrl: 'https://poll.kuaidi100.com',
        callbackUrl: `https://shop.example${TrackingPaths.notify}kuaidi100/`,
      },
    });
  });

  it('names every variable a half-set Kuaidi100 lacks', () => {
    const none = parse({ SHOP_TRACKING_PROVIDER: 'kuaidi100' });
    expect(none.ok).toBe(false);
    if (!none.ok) {
      expect(none.errors.some((e) => e.startsWith('SHOP_KUAIDI100_KEY:'))).toBe(true);
      expect(none.errors.some((e) => e.startsWith('SHOP_KUAIDI100_CUSTOMER:'))).toBe(true);
    }
    const noPush = parse({
      SHOP_KUAIDI100_KEY: FAKE_KUAIDI100_KEY,
      SHOP_KUAIDI100_CUSTOMER: FAKE_KUAIDI100_CUSTOMER,
    });
    expect(noPush.ok).toBe(false);
    if (!noPush.ok) {
      expect(noPush.errors.some((e) => e.startsWith('SHOP_KUAIDI100_SALT:'))).toBe(true);
      expect(noPush.errors.some((e) => e.startsWith('SHOP_KUAIDI100_CALLBACK_URL:'))).toBe(true);
    }
    const poll = parse({
      SHOP_KUAIDI100_KEY: FAKE_KUAIDI100_KEY,
      SHOP_KUAIDI100_CUSTOMER: FAKE_KUAIDI100_CUSTOMER,
      SHOP_KUAIDI100_MODE: 'poll',
    });
    expect(poll.ok, poll.ok ? '' : poll.errors.join('\n')).toBe(true);
  });
});

describe('the Kuaidi100 adapter against the local fake', () => {
  const config = () => {
    const parsed = parseConfig({ NODE_ENV: 'test', ...env() });
    if (!parsed.ok || !parsed.config.tracking.kuaidi100) throw new Error('no Kuaidi100 config');
    return parsed.config.tracking.kuaidi100;
  };

  it('subscribes with the account’s key, the callback, the salt and the receiver’s phone; again is 501', async () => {
    const provider = createKuaidi100Provider(config());
    const code = newCode();
    const parcel = { logisticCode: code, company: 'shunfeng', phone: '13800138000' };
    expect(await provider.subscribe(parcel)).toEqual({ ok: true, already: false });
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/poll');
    expect(request?.form.schema).toBe('json');
    expect(JSON.parse(request?.form.param ?? '{}')).toEqual({
      company: 'shunfeng',
      number: code,
      key: FAKE_KUAIDI100_KEY,
      parameters: {
        callbackurl: callbackUrl,
        salt: FAKE_KUAIDI100_SALT,
        resultv2: '1',
        phone: '13800138000',
      },
    });
    expect(await provider.subscribe(parcel)).toEqual({ ok: true, already: true });
  });

  it('is refused for good on 701 and asked again later on 500; a wrong key is refused', async () => {
    const provider = createKuaidi100Provider(config());
    fake.plannedCodes.push('701', '500');
    const refused = await provider.subscribe({
      logisticCode: newCode(),
      company: 'nosuchcourier',
      phone: '',
    });
    expect(refused).toMatchObject({ ok: false, retry: false });
    const busy = await provider.subscribe({ logisticCode: newCode(), company: 'shunfeng', phone: '' });
    expect(busy).toMatchObject({ ok: false, retry: true });
    const stranger = createKuaidi100Provider({ ...config(), key: 'NotTheKey123' });
    const wrongKey = await stranger.subscribe({ logisticCode: newCode(), company: 'shunfeng', phone: '' });
    expect(wrongKey).toMatchObject({ ok: false, retry: true });
    if (!wrongKey.ok) expect(wrongKey.reason).toContain('600');
  });

  it('queries signed MD5(param + key + customer), reading Beijing times', async () => {
    const provider = createKuaidi100Provider(config());
    const code = newCode();
    fake.parcels.set(code, {
      company: 'shunfeng',
      number: code,
      state: '0',
      events: [
        { time: '2026-03-02 18:30:00', context: '快件已到达【深圳转运中心】', areaName: '广东省深圳市' },
        { time: '2026-03-02 09:15:00', context: '顺丰速运 已收取快件', areaName: '广东省深圳市' },
      ],
    });
    const answer = await provider.query({ logisticCode: code, company: 'shunfeng', phone: '13800138000' });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.report).toMatchObject({ logisticCode: code, company: 'shunfeng', state: 0, ended: null });
    expect(answer.report.events.map((e) => [e.time.toISOString(), e.location, e.description])).toEqual([
      ['2026-03-02T10:30:00.000Z', '广东省深圳市', '快件已到达【深圳转运中心】'],
      ['2026-03-02T01:15:00.000Z', '广东省深圳市', '顺丰速运 已收取快件'],
    ]);
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/poll/query.do');
    expect(request?.form.customer).toBe(FAKE_KUAIDI100_CUSTOMER);
    expect(JSON.parse(request?.form.param ?? '{}')).toMatchObject({
      com: 'shunfeng',
      num: code,
      resultv2: '1',
    });
    // The fake checks the signature as Kuaidi100 does: another key is another signature, refused.
    const stranger = createKuaidi100Provider({ ...config(), key: 'NotTheKey123' });
    const refused = await stranger.query({ logisticCode: code, company: 'shunfeng', phone: '' });
    expect(refused).toMatchObject({ ok: false, retry: true });
    if (!refused.ok) expect(refused.reason).toContain('验证签名失败');
  });
});

describe('a parcel shipped in the console', () => {
  it('is subscribed once, with the courier’s Kuaidi100 code and the receiver’s phone', async () => {
    const code = newCode();
    await shipParcel(code);
    expect(fake.subscriptions.filter((s) => s.number === code)).toEqual([
      {
        company: 'shunfeng',
        number: code,
        key: FAKE_KUAIDI100_KEY,
        callbackurl: callbackUrl,
        salt: FAKE_KUAIDI100_SALT,
        resultv2: '1',
        phone: '13800138000',
      },
    ]);
    expect(await trackingOf(code)).toMatchObject({ status: 'tracking', company: 'shunfeng', lastError: '' });
    await t.app.services.tracking.runDue();
    expect(fake.requests.filter((r) => r.form.param?.includes(code))).toHaveLength(1);
  });

  it('waits for its courier’s code, and is subscribed once staff set it', async () => {
    await t.database.db.insert(couriers).values({ code: 'NOTRACK', name: '无编码快递' });
    const code = newCode();
    await shipParcel(code, 'NOTRACK');
    expect(await trackingOf(code)).toMatchObject({ status: 'pending', company: '' });
    expect((await trackingOf(code))?.lastError).toContain('未设置快递100编码');
    await t.database.db.update(couriers).set({ trackingCode: 'ems' }).where(eq(couriers.code, 'NOTRACK'));
    t.clock.advance(7 * 3_600_000);
    await t.app.services.tracking.runDue();
    expect(await trackingOf(code)).toMatchObject({ status: 'tracking', company: 'ems' });
    expect(fake.subscriptions.some((s) => s.number === code && s.company === 'ems')).toBe(true);
  });

  it('is tried again later when Kuaidi100 is busy, and given up when it refuses the parcel', async () => {
    const code = newCode();
    fake.plannedCodes.push('500');
    await shipParcel(code);
    const busy = await trackingOf(code);
    expect(busy).toMatchObject({ status: 'pending', attempts: 1 });
    expect(busy?.lastError).toContain('500');
    fake.plannedCodes.push('701');
    t.clock.advance(6 * 60_000);
    await t.app.services.tracking.runDue();
    expect(await trackingOf(code)).toMatchObject({ status: 'ended', attempts: 2 });
  });
});

describe('Kuaidi100’s push', () => {
  it('stores a signed push’s events, newest first, and tells the member the parcel was collected', async () => {
    const code = newCode();
    const { m, order } = await shipParcel(code);
    fake.parcels.set(code, {
      company: 'shunfeng',
      number: code,
      state: '1',
      events: [{ time: bj(10), context: '【深圳宝安】顺丰速运 已收取快件', areaName: '广东省深圳市' }],
    });
    const answer = await fake.push(code);
    expect(answer).toEqual({ status: 200, body: { result: true, returnCode: '200', message: '成功' } });

    const tracking = await memberTracking(code, m.token);
    expect(tracking.events).toHaveLength(2);
    expect(tracking.events[0]).toMatchObject({
      description: '【深圳宝安】顺丰速运 已收取快件',
      location: '广东省深圳市',
    });
    expect(tracking.events[1]?.description).toContain('已发货');
    expect(await parcelMessages(m.id)).toEqual([
      expect.objectContaining({
        title: `订单 ${order.orderNo} 的包裹已被快递揽收`,
        link: `/order/${order.id}`,
      }),
    ]);
    expect(await trackingOf(code)).toMatchObject({ state: 1, notified: 'collected' });
  });

  it('refuses a push not signed with the shop’s salt, or whose param was changed, and changes nothing', async () => {
    const code = newCode();
    const { m } = await shipParcel(code);
    fake.parcels.set(code, {
      company: 'shunfeng',
      number: code,
      state: '3',
      events: [{ time: bj(30), context: '快件已签收，签收人：本人' }],
    });
    const forged = await fake.push(code, fake.pushOf(code, { salt: 'not-the-salt' }));
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ result: false });
    const genuine = fake.pushOf(code);
    const tampered = await fake.push(code, { ...genuine, param: genuine.param.replace('本人', '他人') });
    expect(tampered.status).toBe(400);
    const unsigned = await fake.push(code, { ...genuine, sign: '' });
    expect(unsigned.status).toBe(400);
    expect(await eventsOf(code)).toHaveLength(1);
    expect(await parcelMessages(m.id)).toEqual([]);
    expect(await trackingOf(code)).toMatchObject({ status: 'tracking', state: null, notified: null });
  });

  it('stores each event once when pushes repeat or arrive together, and tells each milestone once', async () => {
    const code = newCode();
    const { m, order } = await shipParcel(code);
    const collected = { time: bj(10), context: '顺丰速运 已收取快件', areaName: '广东省深圳市' };
    const travelling = { time: bj(60), context: '快件已到达【悉尼转运中心】', areaName: '悉尼' };
    const delivering = { time: bj(120), context: '快件派送中，派送员：李四', areaName: '悉尼' };
    fake.parcels.set(code, { company: 'shunfeng', number: code, state: '1', events: [collected] });
    await fake.push(code);
    await fake.push(code);
    fake.parcels.set(code, {
      company: 'shunfeng',
      number: code,
      state: '0',
      events: [travelling, collected],
    });
    await fake.push(code);
    fake.parcels.set(code, {
      company: 'shunfeng',
      number: code,
      state: '5',
      events: [delivering, travelling, collected],
    });
    const together = await Promise.all(Array.from({ length: 6 }, () => fake.push(code)));
    expect(together.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // The ship's own event and three of Kuaidi100's, each once.
    const stored = await eventsOf(code);
    expect(stored).toHaveLength(4);
    expect(new Set(stored.map((e) => e.description)).size).toBe(4);
    expect((await parcelMessages(m.id)).map((x) => x.title)).toEqual([
      `订单 ${order.orderNo} 的包裹已被快递揽收`,
      `订单 ${order.orderNo} 的包裹正在派送`,
    ]);
    // Polling after pushes finds nothing new either.
    fake.parcels.set(code, {
      company: 'shunfeng',
      number: code,
      state: '5',
      events: [delivering, travelling, collected],
    });
    const refreshed = await t.app.services.tracking.refresh(code);
    expect(refreshed).toMatchObject({ ok: true, added: 0, told: null });
  });

  it('ends tracking when signed for, and an older push arriving late moves nothing back', async () => {
    const code = newCode();
    const { m, order } = await shipParcel(code);
    const delivering = { time: bj(60), context: '快件派送中' };
    const signed = { time: bj(90), context: '快件已签收，签收人：前台' };
    fake.parcels.set(code, { company: 'shunfeng', number: code, state: '5', events: [delivering] });
    const late = fake.pushOf(code);
    fake.parcels.set(code, { company: 'shunfeng', number: code, state: '3', events: [signed, delivering] });
    expect((await fake.push(code)).status).toBe(200);
    expect(await trackingOf(code)).toMatchObject({ status: 'ended', state: 3, notified: 'delivered' });
    expect((await fake.push(code, late)).status).toBe(200);
    expect(await trackingOf(code)).toMatchObject({ status: 'ended', state: 3, notified: 'delivered' });
    expect((await parcelMessages(m.id)).map((x) => x.title)).toEqual([`订单 ${order.orderNo} 的包裹已签收`]);
    expect((await memberTracking(code, m.token)).events[0]?.description).toBe('快件已签收，签收人：前台');
  });

  it('answers a signed push of a number the shop does not follow without error, storing nothing', async () => {
    const code = newCode();
    fake.parcels.set(code, {
      company: 'shunfeng',
      number: code,
      state: '0',
      events: [{ time: bj(5), context: '快件已到达' }],
    });
    const answer = await fake.push(code, fake.pushOf(code, { salt: FAKE_KUAIDI100_SALT }), callbackUrl);
    expect(answer).toEqual({ status: 200, body: { result: true, returnCode: '200', message: '成功' } });
    expect(await eventsOf(code)).toEqual([]);
    expect(await trackingOf(code)).toBeUndefined();
  });

  it('never writes the account’s key, customer id or salt to the log', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.some((line) => line.includes('tracking callback'))).toBe(true);
    for (const secret of [FAKE_KUAIDI100_KEY, FAKE_KUAIDI100_CUSTOMER, FAKE_KUAIDI100_SALT])
      expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
  });
});
