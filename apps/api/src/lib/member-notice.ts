import type { MemberNoticeKind, MessageType } from '@shop/domain';
import type { Database } from '../db/client';

/** A message the shop writes a member when something happens to them (spec §3 'Message types' 1–5). */
export interface MemberNotice {
  memberId: number;
  /** System, trade and logistics, or member tier (spec §3); the other two are written by staff. */
  type: (typeof MessageType)['System' | 'TradeLogistics' | 'MemberLevel'];
  title: string;
  content: string;
  /** An in-shop path the message opens. */
  link?: string;
  /**
   * The same news by e-mail and SMS, as the member chose (#31): the notice's kind and its template's parameters.
   * Absent: the message stays in the shop.
   */
  outside?: { kind: MemberNoticeKind; params: Record<string, string> };
}

/**
 * Writes the notice on the caller's executor, so it exists exactly when what it tells of commits. Modules receive
 * it as a port (the messages module's send, wired in services.ts) and never import the messages module.
 */
export type MemberNotifier = (executor: Database, notice: MemberNotice) => Promise<unknown>;

/** For callers that write no messages (tests of a module on its own). */
export const silentNotifier: MemberNotifier = async () => {};
