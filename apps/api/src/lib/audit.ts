import type { AuditAction } from '@shop/domain';
import type { Database } from '../db/client';
import { DEFAULT_OPERATOR } from './cli-options';

/** Who did something: a signed-in staff member (with the address they called from) or the command line. */
export interface AuditActor {
  /** Null for the operator command line. */
  staffId: number | null;
  /** The staff username, or 'cli' / 'cli:<--by>'. */
  actor: string;
  ip: string | null;
}

/** One audited change (docs/decisions/019): never a secret, a password or a hash in `before`/`after`. */
export interface AuditEntry {
  by: AuditActor;
  /** '<object>.<verb>', e.g. 'staff.create', 'order.ship': one of the domain's labelled actions. */
  action: AuditAction;
  objectType: string;
  objectId: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes an audit row on the caller's executor, so it commits exactly when the change it records does. Modules
 * receive it as a port (the audit module's record, wired in services.ts) and never import the audit module.
 */
export type AuditRecorder = (executor: Database, entry: AuditEntry) => Promise<void>;

/** The shop itself as an actor: a change no person made (a channel's refund notice, a provider adopted at start). */
export const SYSTEM_ACTOR: AuditActor = { staffId: null, actor: 'system', ip: null };

/** The command line as an actor: 'cli', or 'cli:<name>' when the operator named themselves with --by. */
export function cliActor(by: string = DEFAULT_OPERATOR): AuditActor {
  return { staffId: null, actor: by === DEFAULT_OPERATOR ? 'cli' : `cli:${by}`, ip: null };
}

/**
 * The name a money row keeps of who moved it (deposit log 'operator', recharge 'reviewedBy'): the staff username,
 * or the name the operator gave the command line with --by ('cli' without one).
 */
export function operatorName(by: AuditActor): string {
  return by.staffId === null && by.actor.startsWith('cli:') ? by.actor.slice(4) : by.actor;
}
