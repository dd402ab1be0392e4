import { afterAll, beforeAll } from 'vitest';
import { type RunningShop, startShop } from './server';

/**
 * A shop of the journey's own on a copy of the run's seeded folder, started before the journey's tests and stopped
 * after them. Journeys share no shop, so the files run side by side. Call it first in the `describe`, so its hook
 * runs before the journey's own `beforeAll`; `baseURL` is set from then on.
 */
export function journeyShop(): { readonly baseURL: string } {
  let shop: RunningShop | undefined;
  beforeAll(async () => {
    shop = await startShop();
  }, 120_000);
  afterAll(async () => {
    await shop?.stop();
  });
  return {
    get baseURL() {
      if (!shop) throw new Error('the journey shop starts in beforeAll');
      return shop.baseURL;
    },
  };
}
