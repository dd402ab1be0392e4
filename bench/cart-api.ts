/**
 * Throughput and tail latency of the server cart: cart/list/ of a member holding 10 lines (priced at the
 * member's level, totals with the stored rate), and of one holding 50 lines bought at volume prices; the
 * checkout summary of 6 lines and of those 50 (ADR 050: breaks priced before promotions); the preview of a
 * 1,000-line pasted order (parseLines/); and addItem/ (one atomic upsert per call), against a started shop
 * holding the demo catalogue.
 * Usage: npm run bench:cart            (embedded PGlite)
 *        BENCH_DATABASE_URL=postgres://… npm run bench:cart   (PostgreSQL)
 * Each call runs for BENCH_SECONDS (default 10) with BENCH_CONNECTIONS (default 10) connections.
 */
import { CartPaths, CheckoutPaths, nearestAllowedQty, qtyRuleOf, SkuStatus } from '@shop/domain';
import { allGoods, byThePiece, callApi, loginToken } from '../e2e/support/api';
import { load, report, resultRow, settings, startBenchShop } from './support';

const shop = await startBenchShop();

const rows: Record<string, unknown>[] = [];
try {
  const token = await loginToken(shop.baseURL);
  // SKUs that take any quantity (InStock, ByBook) on goods on the shelf, from the demo catalogue itself.
  const skuIds = (await allGoods(shop.baseURL))
    .flatMap((g) => g.skus.filter(byThePiece))
    .filter((s) => s.status === SkuStatus.InStock || s.status === SkuStatus.ByBook)
    .map((s) => s.id);
  if (skuIds.length < 60) throw new Error(`only ${skuIds.length} open SKUs: is the demo catalogue seeded?`);

  /** Empties the demo member's cart and fills it with `items`; answers how many lines it then holds. */
  const fill = async (items: { skuId: number; qty: number }[]) => {
    const held = await callApi(shop.baseURL, CartPaths.list, {}, token);
    if (held.data.length > 0)
      await callApi(
        shop.baseURL,
        CartPaths.batchRemoveItems,
        held.data.map((l: { id: number }) => l.id),
        token,
      );
    await callApi(shop.baseURL, CartPaths.batchAddItems, items, token);
    return (await callApi(shop.baseURL, CartPaths.list, {}, token)).data.length as number;
  };
  // cart/list/ of 10 lines, whatever an earlier run on the same database left in the demo member's cart.
  const tenLines = await fill(skuIds.slice(0, 10).map((skuId) => ({ skuId, qty: 2 })));
  if (tenLines !== 10) throw new Error(`expected 10 lines, got ${tenLines}`);

  const list = await load(shop, { title: 'cart/list/ (10 lines)', path: CartPaths.list, token });

  // A member of 50 lines at volume prices (each at its first break, within the SKU's rule), and one of 6 lines.
  const goods = await allGoods(shop.baseURL);
  const broken = goods
    .flatMap((g) => g.skus)
    .filter(
      (s) => (s.status === SkuStatus.InStock || s.status === SkuStatus.ByBook) && s.priceBreaks.length > 0,
    );
  if (broken.length < 50) throw new Error(`only ${broken.length} open SKUs with volume prices`);
  const quote = { currency: 'CNY', locationCode: 'CN11010200' };
  if ((await fill(skuIds.slice(0, 6).map((skuId) => ({ skuId, qty: 2 })))) !== 6)
    throw new Error('expected 6 lines');
  const summary6 = await load(shop, {
    title: 'cart/summary/ (6 lines)',
    path: CheckoutPaths.summary,
    token,
    body: quote,
  });
  const lines50 = await fill(
    broken.slice(0, 50).map((s) => ({
      skuId: s.id,
      qty: nearestAllowedQty(s.priceBreaks[0]?.minQty ?? 2, qtyRuleOf(s)) ?? 2,
    })),
  );
  if (lines50 !== 50) throw new Error(`expected 50 lines, got ${lines50}`);
  const list50 = await load(shop, { title: 'cart/list/ (50 lines at breaks)', path: CartPaths.list, token });
  const summary50 = await load(shop, {
    title: 'cart/summary/ (50 lines at breaks)',
    path: CheckoutPaths.summary,
    token,
    body: quote,
  });

  // A pasted order of 1,000 lines: the demo's codes with quantities, every 50th code mistyped.
  const codes = goods.flatMap((g) => g.skus.map((s) => s.code));
  const text = Array.from({ length: 1000 }, (_, i) => {
    const code = codes[i % codes.length] ?? '';
    return `${i % 50 === 49 ? `${code}X` : code}\t${(i % 7) + 1}`;
  }).join('\n');
  const paste = await load(shop, {
    title: 'parseLines/ (1,000 lines)',
    path: CartPaths.parseLines,
    token,
    body: { text },
  });
  rows.push(
    resultRow('cart/list/ (50 lines at breaks)', list50),
    resultRow('cart/summary/ (6 lines)', summary6),
    resultRow('cart/summary/ (50 lines at breaks)', summary50),
    resultRow('parseLines/ (1,000 lines)', paste),
  );

  // Back to the 10 lines the add check counts from.
  if ((await fill(skuIds.slice(0, 10).map((skuId) => ({ skuId, qty: 2 })))) !== 10)
    throw new Error('expected 10 lines');

  // addItem/ spread over 50 other SKUs, so no line reaches the 9999 maximum during the run.
  const addSkus = skuIds.slice(10, 60);
  let next = 0;
  const add = await load(shop, {
    title: 'addItem/',
    path: CartPaths.addItem,
    token,
    nextBody: () => {
      next = (next + 1) % addSkus.length;
      return { skuId: addSkus[next], qty: 1 };
    },
  });
  rows.push(resultRow('cart/list/ (10 lines)', list), resultRow('addItem/', add));

  // Every add must have counted: the lines hold the initial quantities plus one per successful call (and
  // up to one per connection for the calls still in flight when the run stopped counting).
  const after = await callApi(shop.baseURL, CartPaths.list, {}, token);
  const units = after.data.reduce((sum, l) => sum + l.qty, 0);
  const counted = 20 + add.requests.total - add.non2xx - add.errors;
  rows.push({
    call: 'check',
    database: settings.database,
    lines: after.data.length,
    units,
    counted,
  });
  if (units < counted || units > counted + settings.connections) {
    throw new Error(
      `cart holds ${units} units, expected ${counted} (+ at most ${settings.connections} in flight)`,
    );
  }
} finally {
  await shop.stop();
}
await report('cart-api', rows);
