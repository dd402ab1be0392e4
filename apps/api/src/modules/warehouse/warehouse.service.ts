import { type PickupPoint, WAREHOUSE_NAMES, Warehouse, type WarehouseCode } from '@shop/domain';
import type { Database } from '../../db/client';
import { paramsError } from '../../lib/app-error';
import type { AuditActor, AuditRecorder } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import * as repo from './warehouse.repository';

export const WarehouseMessages = {
  addressRequired: '请填写自提地址',
  hoursRequired: '请填写自提营业时间',
  addressTooLong: '自提地址最多200个字符',
  hoursTooLong: '营业时间最多100个字符',
  phoneTooLong: '联系电话最多40个字符',
} as const;

/** A warehouse as the operator sees it: its id, the spec's code and name, and its pickup point if it ever had one. */
export interface WarehouseView {
  id: number;
  code: WarehouseCode;
  name: string;
  pickup: { enabled: boolean; address: string; hours: string; phone: string } | null;
}

export interface PickupInput {
  address: string;
  hours: string;
  phone?: string | undefined;
}

export type WarehouseService = ReturnType<typeof createWarehouseService>;

const CODES = Object.keys(Warehouse) as WarehouseCode[];

function toPickupPoint(row: repo.PickupPointRow): PickupPoint {
  return {
    warehouseId: row.warehouseId,
    warehouseName: WAREHOUSE_NAMES[row.warehouseId as Warehouse] ?? '',
    address: row.address,
    hours: row.hours,
    phone: row.phone,
  };
}

function checkedPickup(input: PickupInput): { address: string; hours: string; phone: string } {
  const address = input.address.trim();
  const hours = input.hours.trim();
  const phone = (input.phone ?? '').trim();
  if (address === '') throw paramsError(WarehouseMessages.addressRequired);
  if (hours === '') throw paramsError(WarehouseMessages.hoursRequired);
  if (address.length > 200) throw paramsError(WarehouseMessages.addressTooLong);
  if (hours.length > 100) throw paramsError(WarehouseMessages.hoursTooLong);
  if (phone.length > 40) throw paramsError(WarehouseMessages.phoneTooLong);
  return { address, hours, phone };
}

/**
 * The warehouses (spec §3 'Warehouses': the nine of the domain) and their pickup points: where members may
 * collect the goods of a warehouse, and when (spec §4 'Setting pickup stores isPickup').
 */
export function createWarehouseService({
  db,
  clock,
  audit,
}: {
  db: Database;
  clock: Clock;
  /** Writes the audit row of a change made by staff or the command line, in its transaction. */
  audit?: AuditRecorder;
}) {
  async function view(): Promise<WarehouseView[]> {
    const rows = new Map((await repo.listPickupPoints(db)).map((r) => [r.warehouseId, r]));
    return CODES.map((code) => {
      const id = Warehouse[code];
      const row = rows.get(id);
      return {
        id,
        code,
        name: WAREHOUSE_NAMES[id],
        pickup: row
          ? { enabled: row.enabled, address: row.address, hours: row.hours, phone: row.phone }
          : null,
      };
    });
  }

  return {
    /** The pickup points members may choose now, by warehouse id (checkout reads them through `executor`). */
    async pickupPoints(executor: Database = db): Promise<PickupPoint[]> {
      const rows = await repo.listPickupPoints(executor);
      return rows.filter((r) => r.enabled).map(toPickupPoint);
    },

    /** The nine warehouses with their pickup points. */
    list: view,

    /** Gives a warehouse a pickup point (address and hours required) and turns pickup on there. */
    async setPickup(warehouse: Warehouse, input: PickupInput, by?: AuditActor): Promise<PickupPoint> {
      const pickup = checkedPickup(input);
      return db.transaction(async (tx) => {
        const row = await repo.enablePickup(tx, { warehouseId: warehouse, ...pickup }, clock());
        if (by)
          await audit?.(tx, {
            by,
            action: 'warehouse.pickup',
            objectType: 'warehouse',
            objectId: warehouse,
            after: pickup,
          });
        return toPickupPoint(row);
      });
    },

    /** Turns a warehouse's pickup off (its address is kept); nothing to do when it had none. */
    async disablePickup(warehouse: Warehouse, by?: AuditActor): Promise<WarehouseView> {
      await db.transaction(async (tx) => {
        await repo.disablePickup(tx, warehouse, clock());
        if (by)
          await audit?.(tx, {
            by,
            action: 'warehouse.pickupOff',
            objectType: 'warehouse',
            objectId: warehouse,
            after: { enabled: false },
          });
      });
      const all = await view();
      const found = all.find((w) => w.id === warehouse);
      if (!found) throw new Error(`unknown warehouse ${warehouse}`);
      return found;
    },
  };
}
