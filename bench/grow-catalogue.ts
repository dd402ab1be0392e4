/**
 * Grows the catalogue of a shop database N times over (default 100: the demo's 340 goods become 34,000), for the
 * catalogue bench and EXPLAIN on a large shop. Every product is copied N−1 times with its SKUs, prices and
 * pictures; a copy's codes end in '-<n>' and its name in ' <n>', so keyword searches match N times as many goods.
 * Usage: BENCH_DATABASE_URL=postgres://…/shop npx tsx bench/grow-catalogue.ts [N]
 *   (run the bench once first on that database so that the shop has migrated and seeded it)
 * PostgreSQL only: the embedded database is one process's folder.
 */
import pg from 'pg';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('set BENCH_DATABASE_URL to the shop database to grow');
const times = Number(process.argv[2] ?? 100);
if (!Number.isInteger(times) || times < 2 || times > 1000) throw new Error('N must be a whole number 2-1000');

const client = new pg.Client({ connectionString: url });
await client.connect();
const started = Date.now();
try {
  const count = async (table: string) =>
    Number((await client.query(`select count(*)::int as n from ${table}`)).rows[0].n);
  const before = { goods: await count('goods'), skus: await count('skus') };
  if (before.goods === 0) throw new Error('the catalogue is empty: run a bench once on this database first');
  if ((await client.query(`select 1 from goods where code like '%-1' limit 1`)).rowCount)
    throw new Error('this catalogue has been grown already');

  await client.query('begin');
  await client.query('create temp table copies on commit drop as select n from generate_series(1, $1) n', [
    times - 1,
  ]);
  await client.query(`
    insert into goods (code, name, name_en, brand_id, category_id, location, on_flag, content, sales, sort_weight,
                       search_text, created_at, updated_at)
    select g.code || '-' || c.n, left(g.name || ' ' || c.n, 200), g.name_en, g.brand_id, g.category_id, g.location,
           g.on_flag, g.content, g.sales, g.sort_weight, g.search_text || ' ' || c.n, g.created_at, g.updated_at
      from goods g cross join copies c`);
  await client.query(`
    create temp table goods_map on commit drop as
    select g.id as old_id, copy.id as new_id, c.n
      from goods g cross join copies c join goods copy on copy.code = g.code || '-' || c.n`);
  await client.query(`
    insert into goods_images (goods_id, kind, path, sort)
    select m.new_id, i.kind, i.path, i.sort from goods_images i join goods_map m on m.old_id = i.goods_id`);
  await client.query(`
    insert into skus (goods_id, code, name, property, status, stock, weight, sort, created_at, updated_at)
    select m.new_id, s.code || '-' || m.n, s.name, s.property, s.status, s.stock, s.weight, s.sort, s.created_at,
           s.updated_at
      from skus s join goods_map m on m.old_id = s.goods_id`);
  await client.query(`
    insert into sku_prices (sku_id, level, currency, amount)
    select copy.id, p.level, p.currency, p.amount
      from sku_prices p join skus s on s.id = p.sku_id join copies c on true
      join skus copy on copy.code = s.code || '-' || c.n`);
  await client.query('commit');
  // What autovacuum does after a bulk load, at once: fresh statistics, and the visibility map that lets a count
  // of the listed goods read their index alone.
  await client.query('vacuum analyze');
  const after = { goods: await count('goods'), skus: await count('skus'), prices: await count('sku_prices') };
  // biome-ignore lint/suspicious/noConsole: the command's result is this line.
  console.log(
    `catalogue grown ${times}×: goods ${before.goods} → ${after.goods}, SKUs ${before.skus} → ${after.skus}, ` +
      `prices ${after.prices}, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  await client.query('rollback').catch(() => undefined);
  throw error;
} finally {
  await client.end();
}
