import type { Permission } from '@shop/domain';
import type { Database } from '../db/client';

/**
 * Work for the staff whose role does it (#31 'Staff'): new tickets, top-ups to review, orders to pack; and changes
 * the money roles must see (the receiving bank accounts).
 */
export interface StaffNotice {
  /** The work's permission: every active staff member whose role has it (the owner aside) is told by e-mail. */
  permission: Permission;
  kind:
    | 'staffTicket'
    | 'staffRecharge'
    | 'staffRefund'
    | 'staffOrderToPack'
    | 'staffBankAccounts'
    | 'staffQuote'
    | 'staffAfterSale'
    | 'staffLowStock';
  params: Record<string, string>;
  /** The owners are told too: a change they must know of (the money-receiving accounts), not work to do. */
  owners?: boolean;
  /** The staff member who made the change, who is not told of it. */
  except?: number | null;
}

/**
 * Writes the staff's notices on the caller's executor, so they exist exactly when the work does. Modules receive it
 * as a port (the notices module's forStaff, wired in services.ts).
 */
export type StaffNotifier = (executor: Database, notice: StaffNotice) => Promise<unknown>;

/** For callers that tell no staff (tests of a module on its own, the command line's own tools). */
export const silentStaffNotifier: StaffNotifier = async () => {};
