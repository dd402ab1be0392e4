import { CartPaths, ResultCode } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeRate } from '../src/modules/rate/rate.service';
import { useOperatorCli } from './support/cli';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
});
afterAll(async () => {
  await t?.close();
});

describe('normalizeRate', () => {
  it.each([
    ['4.75', '4.7500'],
    ['4.7', '4.7000'],
    ['5', '5.0000'],
    [' 0.0001 ', '0.0001'],
    ['04.7512', '4.7512'],
    ['99999999.9999', '99999999.9999'],
  ])('%s → %s', (text, stored) => {
    expect(normalizeRate(text)).toBe(stored);
  });

  it.each(['0', '0.0000', '-4.7', '4.75001', 'abc', '', '4,75', '1e2', '123456789', '.5', '4.'])(
    'refuses %j',
    (text) => {
      expect(normalizeRate(text)).toBeNull();
    },
  );
});

describe('ratePrice/', () => {
  it('answers the migrated default rate without login', async () => {
    const res = await post(t.app, CartPaths.ratePrice, {});
    expect(res.statusCode).toBe(200);
    const body = envelope<{ rate: string; updatedAt: string }>(res);
    expect(body).toMatchObject({ success: true, data: { rate: '4.7000' } });
    expect(Number.isNaN(Date.parse(body.data.updatedAt))).toBe(false);
    // No body at all is fine too; unknown fields are not.
    expect((await t.app.inject({ method: 'POST', url: CartPaths.ratePrice })).statusCode).toBe(200);
    expect((await post(t.app, CartPaths.ratePrice, { currency: 'AUD' })).statusCode).toBe(400);
  });

  it('answers the rate the operator set, and the time it was set', async () => {
    const set = await t.app.services.rates.setAudCny('4.8123');
    expect(set.rate).toBe('4.8123');
    const body = envelope<{ rate: string; updatedAt: string }>(await post(t.app, CartPaths.ratePrice, {}));
    expect(body.data).toEqual({ rate: '4.8123', updatedAt: set.updatedAt });
  });

  it('refuses a bad rate and keeps the stored one', async () => {
    const before = await t.app.services.rates.audCny();
    for (const bad of ['0', '-1', '4.12345', 'abc']) {
      await expect(t.app.services.rates.setAudCny(bad)).rejects.toMatchObject({
        code: ResultCode.ParamsError,
        message: '汇率须为大于0的数字，最多8位整数、4位小数',
      });
    }
    expect(await t.app.services.rates.audCny()).toEqual(before);
  });
});

describe('operator commands rate:set and rate:show', () => {
  const { shop } = useOperatorCli('shop-rate-cli-');

  it('shows the default, sets a new rate, shows it, and refuses bad values', async () => {
    const shown = await shop('rate:show');
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('1 AUD = 4.7000 CNY');

    const set = await shop('rate:set', '--aud-cny', '4.75');
    expect(set.status, set.stderr).toBe(0);
    expect(set.stdout).toContain('1 AUD = 4.7500 CNY');
    expect((await shop('rate:show')).stdout).toContain('1 AUD = 4.7500 CNY');

    for (const bad of [
      ['--aud-cny', '0'],
      ['--aud-cny', '4.12345'],
    ]) {
      const refused = await shop('rate:set', ...bad);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('--aud-cny');
    }
  }, 90_000);
});
