import { DEFAULT_MEMBER_LEVEL, exportFileName, type RateSetting, ResultCode } from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { followingRun } from '../../lib/following-run';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { XlsxFile } from '../../lib/xlsx-reply';
import type { AuthContext } from '../../plugins/auth';
import { ExportCache, type ExportCacheStats } from './catalogue.export-cache';
import { goodsPriceWorkbook, goodsSkuDataWorkbook } from './catalogue.export-workbooks';
import * as repo from './catalogue.exports.repository';
import { type GoodsFilterInput, toGoodsFilter } from './catalogue.listing';
import { CatalogueMessages } from './catalogue.messages';
import type { PriceCurrency } from './catalogue.query-parts';

/**
 * The goods exports (spec §7 exportGoodsPrice/, exportGoodsSkuData/) and the catalogue's version they are built
 * per (ADR 011): the version moves on after each committed change of the catalogue.
 */

/** Most SKU rows one export holds; a larger catalogue is exported per warehouse, category or brand. */
export const EXPORT_ROW_LIMIT = 20_000;
/**
 * Exports a member may ask for per minute (both kinds together), counted atomically before anything is
 * read: enough to export each warehouse in turn, too few to keep the server building spreadsheets.
 */
export const EXPORT_LIMIT = { perMember: 10, windowMs: 60 * 1000 } as const;
// Built files kept in memory: the demo catalogue's files are ~70 kB, a 20,000-row one a few MB.
const EXPORT_CACHE_BYTES = 32 * 1024 * 1024;
// A stored file older than this is built again even if the version did not move (see catalogue.export-cache.ts).
const EXPORT_CACHE_TTL_MS = 10 * 60 * 1000;

/** A built export file (see lib/xlsx-reply.ts). */
export type ExportFile = XlsxFile;

/** Counts an export under `key` (one atomic increment) and refuses it beyond EXPORT_LIMIT a minute. */
export async function countExport(rateLimiter: RateLimiter, key: string): Promise<void> {
  const made = await rateLimiter.hit(key, EXPORT_LIMIT.windowMs);
  if (made > EXPORT_LIMIT.perMember)
    throw new AppError(ResultCode.TooManyRequests, CatalogueMessages.tooManyExports);
}

/**
 * Runs a committed change of the catalogue, then moves the catalogue's version on so the goods exports are
 * built again (catalogue.exports catalogueChanged: after the commit, never failing the change itself).
 */
export async function changingCatalogue<T>(db: Database, change: () => Promise<T>): Promise<T> {
  const result = await change();
  await repo.bumpCatalogueVersion(db).catch(() => undefined);
  return result;
}

export interface CatalogueExportsDeps {
  db: Database;
  clock: Clock;
  /** Counts each member's exports (shared by the API processes when Redis is configured). */
  rateLimiter: RateLimiter;
  /** The stored AUD→CNY rate (the rate module): a CNY price list converts AUD-only prices at it (ADR 013). */
  rates: { audCny(): Promise<RateSetting> };
  /** The member level whose prices the caller sees (the catalogue's prices). */
  priceLevel(auth: AuthContext | null): Promise<number>;
}

/** The catalogue's goods exports and version, a part of the catalogue service (catalogue.service.ts). */
export function createCatalogueExports({ db, clock, rateLimiter, rates, priceLevel }: CatalogueExportsDeps) {
  // The catalogue's version moves on after each committed change; changes committed meanwhile share a move.
  const versionBumps = followingRun(() => repo.bumpCatalogueVersion(db).catch(() => undefined));

  const exports = new ExportCache({
    maxBytes: EXPORT_CACHE_BYTES,
    ttlMs: EXPORT_CACHE_TTL_MS,
    now: () => clock().getTime(),
  });

  /** The rate a CNY price list converts at; null while none is set (its AUD-only prices then stay empty, marked). */
  async function exportRate(): Promise<string | null> {
    try {
      return (await rates.audCny()).rate;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  /** An export's file: the stored one of this catalogue version and key, or one built now. */
  async function exportFile(key: object, build: () => Promise<Buffer>): Promise<Buffer> {
    const version = await repo.readCatalogueVersion(db);
    return exports.get(version, JSON.stringify(key), build);
  }

  return {
    /**
     * The member's price list in one currency as an xlsx (spec §7 exportGoodsPrice/): one row per SKU of
     * the goods on the shelf matching the filters, at most EXPORT_ROW_LIMIT rows, at the member's level, each
     * price billed by the one currency rule (a CNY list converts AUD-only prices at the stored rate, ADR 013).
     * Built once per catalogue version, level, currency, rate and filters; limited per member (EXPORT_LIMIT).
     */
    async exportGoodsPrice(
      auth: AuthContext,
      input: GoodsFilterInput & { currency: PriceCurrency },
    ): Promise<ExportFile> {
      await countExport(rateLimiter, `export:member:${auth.memberId}`);
      const level = await priceLevel(auth);
      const filter = toGoodsFilter(input);
      const rate = input.currency === 'CNY' ? await exportRate() : null;
      const key = { kind: 'price', level, currency: input.currency, rate, filter };
      const content = await exportFile(key, async () =>
        goodsPriceWorkbook(
          await repo.listExportRows(db, filter, level, EXPORT_ROW_LIMIT),
          input.currency,
          rate,
        ),
      );
      return { fileName: exportFileName('GoodsPrice', clock(), input.currency), content };
    },

    /**
     * The SKU data sheet (codes, properties, status, stock, weight) as an xlsx (spec §7 exportGoodsSkuData/).
     * The same for every member: built once per catalogue version and filters; limited per member.
     */
    async exportGoodsSkuData(auth: AuthContext, input: GoodsFilterInput): Promise<ExportFile> {
      await countExport(rateLimiter, `export:member:${auth.memberId}`);
      const filter = toGoodsFilter(input);
      const content = await exportFile({ kind: 'skuData', filter }, async () =>
        goodsSkuDataWorkbook(await repo.listExportRows(db, filter, DEFAULT_MEMBER_LEVEL, EXPORT_ROW_LIMIT)),
      );
      return { fileName: exportFileName('GoodsSkuData', clock()), content };
    },

    /**
     * Moves the catalogue's version on after a committed change of goods, SKUs, prices or stock (an order's
     * stock taken or given back, an operator's import, shelf or stock command), so the next export is built
     * from the new data. Called after the change's transaction commits: a version moved inside it could be
     * read, and a file built from the old rows stored under it, before the commit. Never throws: the change is
     * made already, and a file that missed it is built again within EXPORT_CACHE_TTL_MS. Calls made while a bump
     * runs share the next one (under a stream of orders, one statement serves many).
     */
    /** Counts a member's export of another module (a saved list's file) with theirs, within EXPORT_LIMIT. */
    countExport(memberId: number): Promise<void> {
      return countExport(rateLimiter, `export:member:${memberId}`);
    },

    catalogueChanged(): Promise<void> {
      return versionBumps.after();
    },

    /** How the export files are served (builds, stored-file answers, memory held). */
    exportStats(): ExportCacheStats {
      return exports.stats();
    },
  };
}
