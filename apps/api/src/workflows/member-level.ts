import { MessageType } from '@shop/domain';
import type { Database } from '../db/client';
import type { MemberService } from '../modules/member/member.service';
import type { MessageService } from '../modules/messages/messages.service';

export interface MemberLevelDeps {
  db: Database;
  members: Pick<MemberService, 'setLevel'>;
  messages: Pick<MessageService, 'send'>;
}

export type MemberLevelFlow = ReturnType<typeof createMemberLevelFlow>;

/**
 * The shop changes a member's price level (spec §3 'User' level), and the member reads why their prices changed
 * (spec §3 'Message types' 3 member-tier message), in one transaction.
 */
export function createMemberLevelFlow({ db, members, messages }: MemberLevelDeps) {
  return {
    async setLevel(username: string, level: number, note?: string) {
      return db.transaction(async (tx) => {
        const result = await members.setLevel(tx, username, level);
        if (result.changed)
          await messages.send(tx, {
            memberId: result.memberId,
            type: MessageType.MemberLevel,
            title: `会员等级已调整为 ${result.after} 级`,
            content: `您的会员等级已由 ${result.before} 级调整为 ${result.after} 级，商品价格按新等级显示。${note ? note : ''}`,
            link: '/products',
          });
        return result;
      });
    },
  };
}
