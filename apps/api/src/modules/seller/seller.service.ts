import {
  type GstSettings,
  NO_GST,
  type SellerDetails,
  type SellerSaveRequest,
  sellerSaveRequestSchema,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { paramsError } from '../../lib/app-error';
import type { AuditActor, AuditRecorder } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import * as repo from './seller.repository';

export type SellerService = ReturnType<typeof createSellerService>;

function toDetails(row: repo.SellerRow | null): SellerDetails {
  return {
    legalName: row?.legalName ?? '',
    abn: row?.abn ?? '',
    address: row?.address ?? '',
    gstRegistered: row?.gstRegistered ?? NO_GST.registered,
    pricesIncludeGst: row?.pricesIncludeGst ?? NO_GST.pricesIncludeGst,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

const fieldsOf = (d: SellerDetails): repo.SellerFields => ({
  legalName: d.legalName,
  abn: d.abn === '' ? null : d.abn,
  address: d.address,
  gstRegistered: d.gstRegistered,
  pricesIncludeGst: d.pricesIncludeGst,
});

/**
 * The shop as a seller (ADR 038): the legal name, ABN and address a tax invoice names, and the GST settings
 * every checkout quote reads. Not registered, the shop charges no GST.
 */
export function createSellerService({
  db,
  clock,
  audit,
}: {
  db: Database;
  clock: Clock;
  audit?: AuditRecorder;
}) {
  return {
    /** The seller details as stored (empty and not registered when never set). */
    async details(executor: Database = db): Promise<SellerDetails> {
      return toDetails(await repo.findSeller(executor));
    },

    /** What the GST rule needs (checkout reads it through the settings' memory, ADR 022). */
    async gstSettings(executor: Database = db): Promise<GstSettings> {
      const row = await repo.findSeller(executor);
      return row ? { registered: row.gstRegistered, pricesIncludeGst: row.pricesIncludeGst } : NO_GST;
    },

    /**
     * Saves the seller details (the console's 商家与GST, the owner): checked by the domain's contract (the ABN
     * with its checksum, name and ABN required when registered); the change and its audit row commit together,
     * and the same details again write nothing.
     */
    async save(input: SellerSaveRequest, by: AuditActor): Promise<SellerDetails & { changed: boolean }> {
      const parsed = sellerSaveRequestSchema.safeParse(input);
      if (!parsed.success) throw paramsError(parsed.error.issues[0]?.message ?? '商家信息有误');
      const next = parsed.data;
      return db.transaction(async (tx) => {
        const beforeRow = await repo.lockSeller(tx);
        const before = toDetails(beforeRow);
        const fields = fieldsOf({ ...next, updatedAt: null });
        const same =
          beforeRow !== null &&
          (Object.keys(fields) as (keyof repo.SellerFields)[]).every((k) => fields[k] === beforeRow[k]);
        if (same) return { ...before, changed: false };
        const row = await repo.saveSeller(tx, fields, clock());
        const after = toDetails(row);
        const { updatedAt: _b, ...beforeFields } = before;
        const { updatedAt: _a, ...afterFields } = after;
        await audit?.(tx, {
          by,
          action: 'seller.update',
          objectType: 'seller',
          objectId: 1,
          before: beforeRow ? beforeFields : null,
          after: afterFields,
        });
        return { ...after, changed: true };
      });
    },
  };
}
