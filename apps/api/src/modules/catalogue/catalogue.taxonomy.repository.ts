import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brands, categories, goods } from '../../db/schema';

/** Reads and writes of the console's brands and category tree (catalogue.taxonomy.ts). */

export type BrandRow = typeof brands.$inferSelect;

function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function pageBrands(
  db: Database,
  keyword: string | undefined,
  page: { limit: number; offset: number },
) {
  const where = keyword
    ? or(ilike(brands.name, likePattern(keyword)), ilike(brands.nameEn, likePattern(keyword)))
    : undefined;
  const goodsCount = db
    .select({ brandId: goods.brandId, n: count().as('n') })
    .from(goods)
    .groupBy(goods.brandId)
    .as('bc');
  const [items, total] = await Promise.all([
    db
      .select({
        id: brands.id,
        name: brands.name,
        nameEn: brands.nameEn,
        initial: brands.initial,
        logo: brands.logo,
        banner: brands.banner,
        country: brands.country,
        description: brands.description,
        sort: brands.sort,
        goodsCount: sql<number>`coalesce(${goodsCount.n}, 0)::int`,
      })
      .from(brands)
      .leftJoin(goodsCount, eq(goodsCount.brandId, brands.id))
      .where(where)
      .orderBy(asc(brands.initial), asc(brands.name), asc(brands.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(brands).where(where),
  ]);
  return { items, totalCount: total[0]?.n ?? 0 };
}

export async function lockBrand(db: Database, id: number): Promise<BrandRow | null> {
  const rows = await db.select().from(brands).where(eq(brands.id, id)).for('update');
  return rows[0] ?? null;
}

/** The brand called `name` (exactly, any case), other than `exceptId`. */
export async function brandNamed(db: Database, name: string, exceptId?: number): Promise<number | null> {
  const rows = await db
    .select({ id: brands.id })
    .from(brands)
    .where(
      sql`lower(${brands.name}) = lower(${name})${exceptId ? sql` and ${brands.id} <> ${exceptId}` : sql``}`,
    )
    .limit(1);
  return rows[0]?.id ?? null;
}

export type BrandFields = Omit<typeof brands.$inferInsert, 'id' | 'createdAt'>;

export async function insertBrand(db: Database, row: BrandFields): Promise<BrandRow> {
  const [created] = await db.insert(brands).values(row).returning();
  if (!created) throw new Error('brand not inserted');
  return created;
}

export async function updateBrand(db: Database, id: number, row: BrandFields): Promise<BrandRow> {
  const [updated] = await db.update(brands).set(row).where(eq(brands.id, id)).returning();
  if (!updated) throw new Error(`brand ${id} not updated`);
  return updated;
}

export async function countGoodsWhere(
  db: Database,
  by: { brandId: number } | { categoryId: number },
): Promise<number> {
  const where = 'brandId' in by ? eq(goods.brandId, by.brandId) : eq(goods.categoryId, by.categoryId);
  const [row] = await db.select({ n: count() }).from(goods).where(where);
  return row?.n ?? 0;
}

export async function deleteBrand(db: Database, id: number): Promise<void> {
  await db.delete(brands).where(eq(brands.id, id));
}

export type CategoryRow = typeof categories.$inferSelect;

/** Every category with the goods filed directly in it, parents before children, siblings in order. */
export async function categoriesWithCounts(db: Database) {
  const goodsCount = db
    .select({ categoryId: goods.categoryId, n: count().as('n') })
    .from(goods)
    .groupBy(goods.categoryId)
    .as('gc');
  return db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      name: categories.name,
      image: categories.image,
      sort: categories.sort,
      depth: categories.depth,
      path: categories.path,
      goodsCount: sql<number>`coalesce(${goodsCount.n}, 0)::int`,
    })
    .from(categories)
    .leftJoin(goodsCount, eq(goodsCount.categoryId, categories.id))
    .orderBy(categories.depth, categories.sort, categories.id);
}

/**
 * Locks the whole tree (a few hundred rows at most) in id order, so that two moves at once cannot each pass
 * the check the other one breaks (a branch moved below itself, or past the third level).
 */
export async function lockTree(db: Database): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(categories.id).for('update');
}

export async function insertCategory(
  db: Database,
  row: {
    parentId: number | null;
    parentPath: string;
    name: string;
    depth: number;
    image: string;
    sort: number;
  },
): Promise<number> {
  const [created] = await db
    .insert(categories)
    .values({ parentId: row.parentId, name: row.name, depth: row.depth, image: row.image, sort: row.sort })
    .returning({ id: categories.id });
  if (!created) throw new Error('category not inserted');
  await db
    .update(categories)
    .set({ path: `${row.parentPath || '/'}${created.id}/` })
    .where(eq(categories.id, created.id));
  return created.id;
}

export async function updateCategory(db: Database, id: number, fields: { name: string; image: string }) {
  await db.update(categories).set(fields).where(eq(categories.id, id));
}

/** Moves a branch: its root's parent, and every node's path prefix and depth. */
export async function moveBranch(
  db: Database,
  move: { id: number; parentId: number | null; oldPath: string; newPath: string; depthDelta: number },
): Promise<void> {
  await db.update(categories).set({ parentId: move.parentId }).where(eq(categories.id, move.id));
  await db.execute(sql`
    update categories
       set path = ${move.newPath}::text || substr(path, ${move.oldPath.length + 1}::int),
           depth = depth + ${move.depthDelta}::int
     where path like ${`${move.oldPath.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
}

/** Numbers siblings 0, 1, 2 … in the order given. */
export async function setSortOrder(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, i) => sql`when ${id}::int then ${i}::int`),
    sql` `,
  );
  await db.execute(
    sql`update categories set sort = case id ${cases} end where id in ${sql`(${sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    )})`}`,
  );
}

export async function deleteCategory(db: Database, id: number): Promise<void> {
  await db.delete(categories).where(eq(categories.id, id));
}

export async function childCount(db: Database, parentId: number | null): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(categories)
    .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId));
  return row?.n ?? 0;
}

/** What a product's search text is built from: its names and code, its brand's names, its category path. */
export async function searchPartsOf(db: Database, by: { brandId: number } | { categoryPathPrefix: string }) {
  const where =
    'brandId' in by
      ? eq(goods.brandId, by.brandId)
      : inArray(
          goods.categoryId,
          db
            .select({ id: categories.id })
            .from(categories)
            .where(sql`${categories.path} like ${`${by.categoryPathPrefix}%`}`),
        );
  return db
    .select({
      id: goods.id,
      code: goods.code,
      name: goods.name,
      nameEn: goods.nameEn,
      brandName: brands.name,
      brandNameEn: brands.nameEn,
      categoryPath: categories.path,
    })
    .from(goods)
    .innerJoin(categories, eq(categories.id, goods.categoryId))
    .leftJoin(brands, eq(brands.id, goods.brandId))
    .where(and(where));
}

export async function categoryNames(db: Database): Promise<Map<number, string>> {
  const rows = await db.select({ id: categories.id, name: categories.name }).from(categories);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Rewrites many goods' search text in one statement. */
export async function setSearchText(db: Database, rows: readonly { id: number; searchText: string }[]) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::int, ${r.searchText}::text)`),
    sql`, `,
  );
  await db.execute(
    sql`update goods set search_text = v.t from (values ${values}) as v(id, t) where goods.id = v.id`,
  );
}
