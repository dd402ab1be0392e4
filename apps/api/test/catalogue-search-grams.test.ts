import { CataloguePaths, type GoodsListResponse } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsConditions } from '../src/modules/catalogue/catalogue.listing.repository';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

/**
 * The characters and pairs of every product's search text (migration 0023), the index a keyword of one or two
 * Chinese characters is found through: the column holds exactly what the rule below works out, follows the
 * search text, and a short keyword finds the same goods a plain ILIKE over every product finds.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every character and pair of characters of the lower-cased text that holds no whitespace, sorted. */
function gramsOf(text: string): string[] {
  const chars = [...text.toLowerCase()];
  const grams = new Set<string>();
  for (let i = 0; i < chars.length; i += 1) {
    grams.add(chars[i] as string);
    if (i + 1 < chars.length) grams.add(`${chars[i]}${chars[i + 1]}`);
  }
  return [...grams].filter((g) => !/\s/.test(g)).sort();
}

const sorted = (grams: readonly string[]) => [...grams].sort();

async function gramsOff(): Promise<{ id: number }[]> {
  const all = await rows<{ id: number; search_text: string; search_grams: string[] }>(
    sql`select id, search_text, search_grams from goods order by id`,
  );
  return all
    .filter((g) => JSON.stringify(sorted(g.search_grams)) !== JSON.stringify(gramsOf(g.search_text)))
    .map(({ id }) => ({ id }));
}

/** PostgreSQL's plan of the lists' WHERE for these keywords, with sequential scans off (the demo data is small). */
async function planOf(keywords: string[]): Promise<string> {
  const where = goodsConditions({ keywords });
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const explained = (await tx.execute(sql`explain select id from goods where ${where}`)) as unknown as {
      rows: Record<string, string>[];
    };
    return explained.rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

async function listIds(keyword: string): Promise<number[]> {
  const res = await post(t.app, CataloguePaths.goodsList, { keyword, pageSize: 100 });
  const env = envelope<GoodsListResponse>(res);
  expect(res.statusCode, env.message).toBe(200);
  expect(env.data.totalCount).toBeLessThanOrEqual(100);
  return env.data.items.map((i) => i.id).sort((a, b) => a - b);
}

/** What the lists find for a word of one or two caseless characters without the index: the search text holds it. */
async function listedContaining(word: string): Promise<number[]> {
  const found = await rows<{ id: number }>(sql`
    select id from goods where on_flag and skus_for_sale > 0 and strpos(lower(search_text), ${word}) > 0
    order by id`);
  return found.map((r) => r.id);
}

describe('goods.search_grams', () => {
  it('holds every character and pair of every product’s search text, whitespace left out', async () => {
    const count = await rows<{ n: number }>(sql`select count(*)::int as n from goods`);
    expect(count[0]?.n).toBeGreaterThan(100);
    expect(await gramsOff()).toEqual([]);
    const [one] = await rows<{ g: string[] }>(sql`select goods_search_grams('同仁堂 Swisse  奶粉') as g`);
    expect(sorted(one?.g ?? [])).toEqual(gramsOf('同仁堂 Swisse  奶粉'));
    expect(sorted(one?.g ?? [])).toContain('奶粉');
    expect(one?.g).not.toContain('堂 ');
  });

  it('follows the search text when it changes, and an update of other columns leaves it as it was', async () => {
    const [g] = await rows<{ id: number; search_grams: string[] }>(
      sql`select id, search_grams from goods order by id limit 1`,
    );
    if (!g) throw new Error('no goods');
    await t.database.db.execute(sql`update goods set sales = sales + 3 where id = ${g.id}`);
    const [after] = await rows<{ search_grams: string[] }>(
      sql`select search_grams from goods where id = ${g.id}`,
    );
    expect(after?.search_grams).toEqual(g.search_grams);
    await t.database.db.execute(
      sql`update goods set search_text = search_text || ' 鹿角菜' where id = ${g.id}`,
    );
    const [changed] = await rows<{ search_grams: string[] }>(
      sql`select search_grams from goods where id = ${g.id}`,
    );
    expect(changed?.search_grams).toEqual(expect.arrayContaining(['鹿', '鹿角', '角菜', '菜']));
    expect(await listIds('鹿角')).toEqual([g.id]);
    expect(await gramsOff()).toEqual([]);
  });

  it('finds by one or two Chinese characters the goods whose search text holds them, as a plain search does', async () => {
    // Words of the demo catalogue's own names: a common character, a rare one, pairs, and one no product has.
    const names = await rows<{ name: string }>(
      sql`select name from goods where on_flag and skus_for_sale > 0 order by id limit 40`,
    );
    const han = names.flatMap((n) => [...n.name].filter((ch) => /\p{Script=Han}/u.test(ch)));
    const pairs = names
      .map((n) => /\p{Script=Han}{2}/u.exec(n.name)?.[0])
      .filter((p): p is string => Boolean(p));
    const words = [...new Set([han[0], han[7], han[han.length - 1], ...pairs.slice(0, 4), '龘', '龘龘'])];
    let found = 0;
    for (const word of words) {
      if (!word) continue;
      const want = await listedContaining(word);
      if (want.length > 100) continue;
      expect(await listIds(word), word).toEqual(want);
      found += want.length;
    }
    expect(found).toBeGreaterThan(0);
  });

  it('is a condition the index serves: the list’s WHERE for a short Chinese word can be an index scan of it', async () => {
    expect(await planOf(['奶粉'])).toContain('goods_search_grams_idx');
    expect(await planOf(['奶'])).toContain('goods_search_grams_idx');
    // Three characters and more stay with the trigram index.
    expect(await planOf(['爱他美'])).not.toContain('goods_search_grams_idx');
  });
});
