import type { Database } from '../../db/client';
import { notFoundError } from '../../lib/app-error';
import { type AuditActor, type AuditRecorder, cliActor } from '../../lib/audit';
import { changingCatalogue } from './catalogue.exports';
import * as repo from './catalogue.shelf.repository';

/** The goods' shelf state (on or off the shelf) as the console and the command line change it. */

export const ShelfMessages = {
  unknownGoods: '商品不存在',
} as const;

/** The shelf commands, a part of the catalogue's operator service (catalogue.admin.ts). */
export function createShelf({ db, audit }: { db: Database; audit?: AuditRecorder | undefined }) {
  return {
    /** Puts goods on or off the shelf by code or id; an unknown one changes nothing and names every unknown. */
    async setShelf(
      by: { codes: readonly string[] } | { ids: readonly number[] },
      onFlag: boolean,
      actor: AuditActor = cliActor(),
    ) {
      return changingCatalogue(db, () =>
        db.transaction(async (tx) => {
          const found = await repo.lockGoods(tx, by);
          const missing =
            'codes' in by
              ? by.codes.filter((c) => !found.some((g) => g.code === c))
              : by.ids.filter((id) => !found.some((g) => g.id === id)).map(String);
          if (missing.length > 0) {
            throw notFoundError(`${ShelfMessages.unknownGoods}：${missing.join('、')}`);
          }
          const changed = found.filter((g) => g.onFlag !== onFlag);
          await repo.setGoodsOnFlag(
            tx,
            changed.map((g) => g.id),
            onFlag,
          );
          for (const g of changed)
            await audit?.(tx, {
              by: actor,
              action: 'goods.shelf',
              objectType: 'goods',
              objectId: g.code,
              before: { onShelf: !onFlag },
              after: { onShelf: onFlag },
            });
          return { goods: found.map((g) => ({ ...g, onFlag })), changed: changed.length };
        }),
      );
    },
  };
}
