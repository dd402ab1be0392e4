import { MessageType } from '@shop/domain';
import type { Database } from '../db/client';
import type { AuditActor, AuditRecorder } from '../lib/audit';
import type { MemberService } from '../modules/member';
import type { MessageService } from '../modules/messages';

export interface MemberLevelDeps {
  db: Database;
  members: Pick<MemberService, 'setLevel'>;
  messages: Pick<MessageService, 'send'>;
  audit: AuditRecorder;
}

export type MemberLevelFlow = ReturnType<typeof createMemberLevelFlow>;

/**
 * The shop changes a member's price level (spec §3 'User' level), and the member reads why their prices changed
 * (spec §3 'Message types' 3 member-tier message), in one transaction.
 */
export function createMemberLevelFlow({ db, members, messages, audit }: MemberLevelDeps) {
  return {
    /** The member named by username (command line) or id (console); audited when the level changes. */
    async setLevel(
      by: AuditActor,
      input: ({ username: string } | { id: number }) & { level: number; note?: string | undefined },
    ) {
      const { level, note } = input;
      return db.transaction(async (tx) => {
        const result = await members.setLevel(
          tx,
          'id' in input ? { id: input.id } : { username: input.username },
          level,
        );
        if (result.changed) {
          await audit(tx, {
            by,
            action: 'member.level',
            objectType: 'member',
            objectId: result.memberId,
            before: { level: result.before },
            after: { level: result.after, ...(note ? { note } : {}) },
          });
          await messages.send(tx, {
            memberId: result.memberId,
            type: MessageType.MemberLevel,
            title: `会员等级已调整为 ${result.after} 级`,
            content: `您的会员等级已由 ${result.before} 级调整为 ${result.after} 级，商品价格按新等级显示。${note ? note : ''}`,
            link: '/products',
          });
        }
        return result;
      });
    },
  };
}
