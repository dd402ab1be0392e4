/**
 * Throughput and tail latency of the catalogue reads (goods/list/ first page, a Chinese keyword search, a
 * category filter, price order, goodsdetail/detail/, the brand list, the category tree and the home template)
 * against a started shop holding the demo catalogue (or a grown one: bench/grow-catalogue.ts).
 * Usage: npm run bench:catalogue            (embedded PGlite)
 *        BENCH_DATABASE_URL=postgres://… npm run bench:catalogue   (PostgreSQL)
 * Each call runs for BENCH_SECONDS (default 10) with BENCH_CONNECTIONS (default 10) connections.
 */
import { CataloguePaths } from '@shop/domain';
import { callApi } from '../e2e/support/api';
import { load, report, resultRow, startBenchShop } from './support';

const shop = await startBenchShop();

const rows: Record<string, unknown>[] = [];
try {
  // The cases come from the catalogue itself, so the bench follows whatever the demo seed holds.
  const firstPage = await callApi(shop.baseURL, CataloguePaths.goodsList, {});
  const product = firstPage.items[0];
  if (!product) throw new Error('the catalogue is empty: is the demo catalogue seeded?');
  const fragment = /[\u4e00-\u9fa5]{2}/.exec(product.name)?.[0];
  if (!fragment) throw new Error(`no Chinese fragment in '${product.name}'`);
  const tree = await callApi(shop.baseURL, CataloguePaths.catalogList, {});
  const category = tree[0];
  if (!category) throw new Error('no category');

  const cases: [string, string, Record<string, unknown> | 'GET'][] = [
    ['goods/list/ first page', CataloguePaths.goodsList, {}],
    [`goods/list/ keyword '${fragment}'`, CataloguePaths.goodsList, { keyword: fragment }],
    [
      `goods/list/ cateId ${category.id} (${category.name})`,
      CataloguePaths.goodsList,
      { cateId: category.id },
    ],
    [
      'goods/list/ price low→high',
      CataloguePaths.goodsList,
      { orderByType: 'Price', orderByTendency: 'ASC' },
    ],
    [`goodsdetail/detail/ id ${product.id}`, CataloguePaths.goodsDetail, { id: product.id }],
    ['goodsbrand/list/', CataloguePaths.brandList, {}],
    ['goodscatalog/list/', CataloguePaths.catalogList, {}],
    ['template/home (GET)', `${CataloguePaths.template}home`, 'GET'],
  ];
  for (const [title, path, body] of cases) {
    if (body === 'GET') {
      rows.push(resultRow(title, await load(shop, { title, path, method: 'GET' }), { matched: 1 }));
      continue;
    }
    const matched =
      path === CataloguePaths.goodsList ? (await callApi(shop.baseURL, path, body)).totalCount : 1;
    rows.push(resultRow(title, await load(shop, { title, path, body }), { matched }));
  }
} finally {
  await shop.stop();
}
await report('catalogue-api', rows);
