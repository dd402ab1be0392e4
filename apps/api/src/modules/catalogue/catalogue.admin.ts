import type { Database } from '../../db/client';
import type { AuditRecorder } from '../../lib/audit';
import { createBulkInsert } from './catalogue.bulk-insert';
import { createConsoleGoods } from './catalogue.console-goods';
import { createSheetImport } from './catalogue.sheet-import';
import { createShelf } from './catalogue.shelf';

/**
 * The operator side of the catalogue (`services.catalogueAdmin`), made of one part per concern: the demo
 * catalogue's bulk insert (catalogue.bulk-insert.ts), the sheet import (catalogue.sheet-import.ts,
 * docs/catalogue-import.md), the shelf commands (catalogue.shelf.ts) and the console's goods list
 * (catalogue.console-goods.ts). Every change that belongs together runs in one transaction, so an operator never
 * finds a catalogue half-changed.
 */

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;

/** The catalogue's operator service. */
export function createCatalogueAdminService({ db, audit }: { db: Database; audit?: AuditRecorder }) {
  return {
    ...createBulkInsert({ db }),
    ...createSheetImport({ db, audit }),
    ...createShelf({ db, audit }),
    ...createConsoleGoods({ db }),
  };
}
