import type { AdminMemberDetailResponse, AdminMemberOrder, AdminMemberTicket } from '@shop/domain';
import type { MemberAdminService } from '../modules/member';

/** How many of a member's latest orders and tickets their console page shows. */
export const MEMBER_PAGE_ROWS = 10;

export interface MemberConsoleDeps {
  members: Pick<MemberAdminService, 'profile'>;
  /** The order module's latest orders of a member (order.member-summary.ts), wired in services.ts. */
  latestOrders: (
    memberId: number,
    limit: number,
  ) => Promise<{ items: AdminMemberOrder[]; totalCount: number }>;
  /** The ticket module's latest tickets of a member (tickets.member-summary.ts). */
  latestTickets: (
    memberId: number,
    limit: number,
  ) => Promise<{ items: AdminMemberTicket[]; totalCount: number }>;
}

export type MemberConsoleFlow = ReturnType<typeof createMemberConsoleFlow>;

/**
 * The console's member page (会员详情): the member module's profile beside the order and ticket modules' latest
 * rows of that member, each read through its own module.
 */
export function createMemberConsoleFlow({ members, latestOrders, latestTickets }: MemberConsoleDeps) {
  return {
    async detail(id: number): Promise<AdminMemberDetailResponse & { mustChangePassword: boolean }> {
      const { mustChangePassword, ...member } = await members.profile(id);
      const [orders, tickets] = await Promise.all([
        latestOrders(id, MEMBER_PAGE_ROWS),
        latestTickets(id, MEMBER_PAGE_ROWS),
      ]);
      return {
        member,
        mustChangePassword,
        orders: orders.items,
        orderCount: orders.totalCount,
        tickets: tickets.items,
        ticketCount: tickets.totalCount,
      };
    },
  };
}
