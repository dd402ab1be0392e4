import {
  type BankAccount,
  type BankAccountsSaveRequest,
  type BankAccountsSaveResponse,
  bankAccountsSaveRequestSchema,
  Permission,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { paramsError } from '../../lib/app-error';
import type { AuditActor, AuditRecorder } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { type StaffNotifier, silentStaffNotifier } from '../../lib/staff-notice';
import * as repo from './deposit.repository';

export type BankAccountService = ReturnType<typeof createBankAccountService>;

export interface BankAccounts {
  items: BankAccount[];
  /** Null when never changed. */
  updatedAt: string | null;
  updatedBy: string;
}

function toAccounts(row: repo.DepositSettingsRow | null): BankAccounts {
  return {
    items: row?.bankAccounts ?? [],
    updatedAt: row && row.updatedBy !== '' ? row.updatedAt.toISOString() : null,
    updatedBy: row?.updatedBy ?? '',
  };
}

/** The accounts in the order given, each with only the fields it has (so equal lists compare equal as JSON). */
function normalized(items: readonly BankAccount[]): BankAccount[] {
  return items.map(({ currency, bankName, accountName, accountNo, branch, swift }) => ({
    currency,
    bankName,
    accountName,
    accountNo,
    ...(branch ? { branch } : {}),
    ...(swift ? { swift } : {}),
  }));
}

/** One line per account, as the notice to the other money role lists them. */
function accountLines(items: readonly BankAccount[]): string {
  if (items.length === 0) return '（无收款账户：充值页请会员联系客服）';
  return items
    .map((a) =>
      [a.currency, a.bankName, a.accountName, a.accountNo, a.branch ?? '', a.swift ?? '']
        .filter((part) => part !== '')
        .join(' / '),
    )
    .join('\n');
}

/**
 * The accounts members transfer money to for a bank-transfer recharge (spec §3 'Deposit log' type 2), shown on
 * the recharge page through the basic template. Money-receiving details: the console changes them behind
 * settings.money (owner and finance, both with their second factor); each change commits with its audit row
 * (before and after) and a notice to every other owner and finance account, so a change by one money role is
 * seen by the other.
 */
export function createBankAccountService({
  db,
  clock,
  audit,
  notifyStaff = silentStaffNotifier,
}: {
  db: Database;
  clock: Clock;
  audit?: AuditRecorder;
  notifyStaff?: StaffNotifier;
}) {
  return {
    /** The receiving accounts as stored (none when never set). */
    async current(executor: Database = db): Promise<BankAccounts> {
      return toAccounts(await repo.findDepositSettings(executor));
    },

    /**
     * Replaces the receiving accounts. The same accounts again write nothing and tell nobody; otherwise the
     * change, its audit row and the other money role's notice commit together.
     */
    async save(input: BankAccountsSaveRequest, by: AuditActor): Promise<BankAccountsSaveResponse> {
      const parsed = bankAccountsSaveRequestSchema.safeParse(input);
      if (!parsed.success) throw paramsError(parsed.error.issues[0]?.message ?? '收款账户有误');
      const next = normalized(parsed.data.items);
      return db.transaction(async (tx) => {
        const beforeRow = await repo.lockDepositSettings(tx);
        const before = normalized(beforeRow?.bankAccounts ?? []);
        if (beforeRow !== null && JSON.stringify(before) === JSON.stringify(next))
          return { ...toAccounts(beforeRow), changed: false };
        const now = clock();
        const row = await repo.saveBankAccounts(tx, next, by.actor, now);
        await audit?.(tx, {
          by,
          action: 'bankAccounts.update',
          objectType: 'bankAccounts',
          objectId: 1,
          before,
          after: next,
        });
        await notifyStaff(tx, {
          permission: Permission.settingsMoney,
          kind: 'staffBankAccounts',
          owners: true,
          except: by.staffId,
          params: {
            actor: by.actor,
            time: now.toISOString(),
            before: accountLines(before),
            after: accountLines(next),
          },
        });
        return { ...toAccounts(row), changed: true };
      });
    },
  };
}
