import {
  type AdminTicketDetailResponse,
  type AdminTicketListQuery,
  type AdminTicketListResponse,
  type AdminTicketUpdateRequest,
  type AuditAction,
  Permission,
  ResultCode,
  TICKET_LIMITS,
  type TicketCreateInput,
  type TicketDetail,
  type TicketImage,
  type TicketListQuery,
  type TicketListResponse,
  type TicketMember,
  type TicketOrderBrief,
  TicketOwnerGroup,
  type TicketReplyInput,
  TicketStatus,
  type TicketSummary,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError, notFoundError, paramsError } from '../../lib/app-error';
import type { AuditActor, AuditRecorder } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { LiveHub } from '../../lib/live-hub';
import type { RateLimiter } from '../../lib/rate-limiter';
import { type StaffNotifier, silentStaffNotifier } from '../../lib/staff-notice';
import type { AuthContext } from '../../plugins/auth';
import * as repo from './tickets.repository';

export const TicketMessages = {
  notFound: '工单不存在',
  closed: '工单已关闭，不能回复',
  orderNotFound: '订单不存在',
  packNotFound: '订单没有这个包裹',
  imageNotFound: '图片不存在或已使用，请重新上传',
  tooManyUploads: '上传过于频繁，请稍后再试',
  tooManyLoose: '未使用的图片过多，请先提交工单或回复',
  created: '工单已提交',
  replied: '回复已发送',
  closedNow: '工单已关闭',
  badStaffName: '客服名称须为1-60个字符',
  updated: '工单已更新',
  reopened: '工单已重新打开',
  notClosed: '工单未关闭，无需重新打开',
} as const;

/** A retried console reply whose request id is already in the ticket: the transaction rolls back, nothing is sent twice. */
export class ReplyAlreadySent extends Error {
  constructor() {
    super('reply already sent');
  }
}

/** Uploads per member per 10 minutes, and loose uploads (not yet in a post) a member may hold. */
export const UPLOAD_RATE = { perWindow: 60, windowMs: 10 * 60 * 1000, maxLoose: 30 } as const;
/** Uploads never put in a post are removed after a day. */
const LOOSE_IMAGE_TTL_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** What tickets ask of other modules, wired in services.ts. */
export interface TicketPorts {
  /** The member's order: its number and pack count; null when unknown or another member's. */
  memberOrder(memberId: number, orderId: number): Promise<{ orderNo: string; packCount: number } | null>;
  /** Order numbers by id. */
  orderNumbers(ids: readonly number[]): Promise<Map<number, string>>;
  /** The member's name as a post shows it. */
  displayName(memberId: number): Promise<string>;
  /** Stores an upload after checking and re-encoding it (the media module). */
  storeUpload(
    bytes: Buffer,
    prefix: string,
  ): Promise<{ path: string; width: number; height: number; size: number }>;
  deleteFiles(paths: readonly string[]): Promise<void>;
  /** Members as the desk shows them (the member module). */
  memberBriefs(ids: readonly number[]): Promise<Map<number, TicketMember>>;
  /** The member's latest orders, or the orders of the ids (the order module). */
  orderBriefs(
    filter: { memberId: number; limit: number } | { ids: readonly number[] },
  ): Promise<TicketOrderBrief[]>;
}

export interface TicketServiceDeps {
  db: Database;
  clock: Clock;
  hub: Pick<LiveHub, 'announce'>;
  rateLimiter: Pick<RateLimiter, 'hit'>;
  ports: TicketPorts;
  audit: AuditRecorder;
  /** The service staff hear of a new ticket and of a member's reply by e-mail (#31). */
  notifyStaff?: StaffNotifier;
}

export type TicketService = ReturnType<typeof createTicketService>;
type TicketSummaryWithMember = AdminTicketListResponse['items'][number];

function toImage(row: repo.ImageRow): TicketImage {
  return { id: row.id, url: row.path, width: row.width, height: row.height };
}

function toSummary(row: repo.TicketRow, orderNo: string | null): TicketSummary {
  return {
    id: row.id,
    type: row.type,
    priority: row.priority,
    department: row.ownerGroup,
    title: row.title,
    status: row.status as TicketSummary['status'],
    orderId: row.orderId,
    orderNo,
    packIndex: row.packIndex,
    replyCount: row.replyCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
  };
}

/**
 * Support tickets (spec §3 'Support ticket', §4 'Support tickets', §7 supportticket/ and supportticketreply/): a
 * member opens a ticket, optionally about one of their orders and one of its packs, with images; the shop and the
 * member take turns replying until one of them closes it. Every call touches only the caller's tickets (another
 * member's answers 404); images are the member's own uploads, each used in one post.
 */
export function createTicketService({
  db,
  clock,
  hub,
  rateLimiter,
  ports,
  audit,
  notifyStaff = silentStaffNotifier,
}: TicketServiceDeps) {
  let lastPrune = 0;

  async function ownTicket(auth: AuthContext, id: number, executor: Database = db): Promise<repo.TicketRow> {
    const row = await repo.findTicket(executor, { id, memberId: auth.memberId });
    if (!row) throw notFoundError(TicketMessages.notFound);
    return row;
  }

  /** Gives the member's uploads to a post, all or none: one that is not theirs or already used refuses it. */
  async function attach(tx: Database, memberId: number, replyId: number, imageIds: readonly number[]) {
    const unique = [...new Set(imageIds)];
    const taken = await repo.attachImages(tx, { memberId, replyId, imageIds: unique });
    if (taken.length !== unique.length) throw notFoundError(TicketMessages.imageNotFound);
  }

  async function detailOf(row: repo.TicketRow): Promise<TicketDetail> {
    const [replies, numbers] = await Promise.all([
      repo.listReplies(db, row.id),
      row.orderId === null ? Promise.resolve(new Map<number, string>()) : ports.orderNumbers([row.orderId]),
    ]);
    const images = await repo.listImagesOfReplies(
      db,
      replies.map((r) => r.id),
    );
    return {
      ...toSummary(row, row.orderId === null ? null : (numbers.get(row.orderId) ?? null)),
      replies: replies.map((r) => ({
        id: r.id,
        author: r.author as 'member' | 'staff',
        authorName: r.authorName,
        content: r.content,
        images: images.filter((i) => i.replyId === r.id).map(toImage),
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  /** Removes loose uploads older than a day, at most once an hour per process. */
  async function pruneLoose(): Promise<void> {
    const now = clock().getTime();
    if (now - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now;
    const paths = await repo.deleteOrphanImages(db, new Date(now - LOOSE_IMAGE_TTL_MS));
    await ports.deleteFiles(paths);
  }

  /**
   * A staff change of a ticket's state by one conditional UPDATE under the row lock: audited with the status
   * before and after and told to the member's pages when it changed; null (nothing written) when it did not.
   */
  async function changeStatus(
    by: AuditActor,
    id: number,
    action: AuditAction,
    change: (tx: Database) => Promise<repo.TicketRow | null>,
  ): Promise<repo.TicketRow | null> {
    return db.transaction(async (tx) => {
      const current = await repo.lockTicket(tx, id);
      if (!current) throw notFoundError(TicketMessages.notFound);
      const row = await change(tx);
      if (!row) return null;
      const before = { status: current.status };
      await audit(tx, {
        by,
        action,
        objectType: 'ticket',
        objectId: id,
        before,
        after: { status: row.status },
      });
      await hub.announce(tx, { kind: 'ticket', memberId: row.memberId, ticketId: id });
      return row;
    });
  }

  async function summaryWithMember(row: repo.TicketRow): Promise<TicketSummaryWithMember> {
    const [numbers, members] = await Promise.all([
      row.orderId === null ? Promise.resolve(new Map<number, string>()) : ports.orderNumbers([row.orderId]),
      ports.memberBriefs([row.memberId]),
    ]);
    return {
      ...toSummary(row, row.orderId === null ? null : (numbers.get(row.orderId) ?? null)),
      memberId: row.memberId,
      memberUsername: members.get(row.memberId)?.username ?? '',
    };
  }

  return {
    /** One page of the member's tickets, the most recently active first, optionally of one status (spec §7 list/). */
    async list(auth: AuthContext, query: TicketListQuery): Promise<TicketListResponse> {
      const { rows, totalCount } = await repo.listMemberTickets(db, auth.memberId, query.status, {
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      const numbers = await ports.orderNumbers(rows.flatMap((r) => (r.orderId === null ? [] : [r.orderId])));
      return {
        items: rows.map((r) => toSummary(r, r.orderId === null ? null : (numbers.get(r.orderId) ?? null))),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount,
      };
    },

    /**
     * Opens a ticket (spec §7 create/): its first post is the member's message with their images, in one
     * transaction, so a refused image or order leaves nothing behind.
     */
    async create(auth: AuthContext, input: TicketCreateInput): Promise<TicketDetail> {
      if (input.orderId !== null) {
        const order = await ports.memberOrder(auth.memberId, input.orderId);
        if (!order) throw notFoundError(TicketMessages.orderNotFound);
        if (input.packIndex !== null && input.packIndex >= order.packCount)
          throw paramsError(TicketMessages.packNotFound);
      }
      const authorName = await ports.displayName(auth.memberId);
      const at = clock();
      const ticket = await db.transaction(async (tx) => {
        const row = await repo.insertTicket(
          tx,
          {
            memberId: auth.memberId,
            type: input.type,
            priority: input.priority,
            ownerGroup: TicketOwnerGroup.Service,
            title: input.title,
            orderId: input.orderId,
            packIndex: input.orderId === null ? null : input.packIndex,
          },
          at,
        );
        const opened = await repo.bumpForPost(tx, { id: row.id }, TicketStatus.Open, at);
        const reply = await repo.insertReply(
          tx,
          { ticketId: row.id, author: 'member', authorName, content: input.content },
          at,
        );
        await attach(tx, auth.memberId, reply.id, input.imageIds);
        await hub.announce(tx, { kind: 'ticket', memberId: auth.memberId, ticketId: row.id });
        await notifyStaff(tx, {
          permission: Permission.ticketHandle,
          kind: 'staffTicket',
          params: { member: authorName, what: '提交了新工单', title: input.title },
        });
        return opened ?? row;
      });
      return detailOf(ticket);
    },

    /** The member's ticket with every post and its images (spec §7 detail/). */
    async detail(auth: AuthContext, id: number): Promise<TicketDetail> {
      return detailOf(await ownTicket(auth, id));
    },

    /** Closes the member's ticket (spec §7 closeSupportTicket/); closing a closed one changes nothing. */
    async close(auth: AuthContext, id: number): Promise<TicketDetail> {
      const closed = await db.transaction(async (tx) => {
        const row = await repo.closeTicket(tx, { id, memberId: auth.memberId }, clock());
        if (row) await hub.announce(tx, { kind: 'ticket', memberId: auth.memberId, ticketId: id });
        return row;
      });
      return detailOf(closed ?? (await ownTicket(auth, id)));
    },

    /**
     * Stores an image for a post to come (spec §7 uploadImage/): checked by its bytes, re-encoded, kept under an
     * unguessable name; limited per member, and uploads never used are removed after a day.
     */
    async uploadImage(auth: AuthContext, bytes: Buffer): Promise<TicketImage> {
      if (
        (await rateLimiter.hit(`ticket-upload:${auth.memberId}`, UPLOAD_RATE.windowMs)) >
        UPLOAD_RATE.perWindow
      )
        throw new AppError(ResultCode.TooManyRequests, TicketMessages.tooManyUploads);
      await pruneLoose();
      if ((await repo.countLooseImages(db, auth.memberId)) >= UPLOAD_RATE.maxLoose)
        throw new AppError(ResultCode.TooManyRequests, TicketMessages.tooManyLoose);
      const stored = await ports.storeUpload(bytes, 'ticket');
      // Counted again under the member's lock with the insert: the check above only spares the work of storing.
      const row = await db.transaction(async (tx) => {
        await repo.lockMemberUploads(tx, auth.memberId);
        if ((await repo.countLooseImages(tx, auth.memberId)) >= UPLOAD_RATE.maxLoose) return null;
        return repo.insertImage(tx, { memberId: auth.memberId, ...stored });
      });
      if (!row) {
        await ports.deleteFiles([stored.path]);
        throw new AppError(ResultCode.TooManyRequests, TicketMessages.tooManyLoose);
      }
      return toImage(row);
    },

    /** The member replies (spec §7 supportticketreply/addReply/): the shop's turn next; a closed ticket refuses. */
    async addReply(auth: AuthContext, input: TicketReplyInput): Promise<TicketDetail> {
      const authorName = await ports.displayName(auth.memberId);
      const ticket = await db.transaction(async (tx) => {
        const at = clock();
        const row = await repo.bumpForPost(
          tx,
          { id: input.ticketId, memberId: auth.memberId },
          TicketStatus.WaitingShop,
          at,
        );
        if (!row) {
          await ownTicket(auth, input.ticketId, tx);
          throw paramsError(TicketMessages.closed);
        }
        const reply = await repo.insertReply(
          tx,
          { ticketId: row.id, author: 'member', authorName, content: input.content },
          at,
        );
        await attach(tx, auth.memberId, reply.id, input.imageIds);
        await hub.announce(tx, { kind: 'ticket', memberId: auth.memberId, ticketId: row.id });
        await notifyStaff(tx, {
          permission: Permission.ticketHandle,
          kind: 'staffTicket',
          params: { member: authorName, what: '回复了工单', title: row.title },
        });
        return row;
      });
      return detailOf(ticket);
    },

    // The shop's side (operator commands now, the staff console later).

    /** The shop's queue: open tickets (or one status) of an owner group, the longest waiting first. */
    async queue(filter: { status?: string | undefined; group?: string | undefined }, limit = 100) {
      const rows = await repo.listQueue(db, filter, limit);
      const numbers = await ports.orderNumbers(rows.flatMap((r) => (r.orderId === null ? [] : [r.orderId])));
      return rows.map((r) => ({
        ...toSummary(r, r.orderId === null ? null : (numbers.get(r.orderId) ?? null)),
        memberId: r.memberId,
      }));
    },

    /** Any ticket with its posts, for the shop. */
    async show(id: number): Promise<TicketDetail & { memberId: number }> {
      const row = await repo.findTicket(db, { id });
      if (!row) throw notFoundError(TicketMessages.notFound);
      return { ...(await detailOf(row)), memberId: row.memberId };
    },

    /**
     * The shop's reply on the caller's transaction (workflows/ticket-reply.ts writes the member's message and the
     * audit row with it): the member's turn next; a closed ticket refuses. Images are either stored first (the
     * command line's files) or the shop's own uploads by id. With a request id a retry throws ReplyAlreadySent.
     */
    async staffReply(
      tx: Database,
      input: {
        ticketId: number;
        by: string;
        content: string;
        images: readonly { path: string; width: number; height: number; size: number }[];
        imageIds?: readonly number[];
        requestId?: string | null;
      },
    ): Promise<{ ticket: repo.TicketRow; replyId: number; before: { status: string } }> {
      const by = input.by.trim();
      if (by.length < 1 || by.length > 60) throw paramsError(TicketMessages.badStaffName);
      const content = input.content.trim();
      if (content.length < 1 || content.length > TICKET_LIMITS.contentMax)
        throw paramsError(`内容须为1-${TICKET_LIMITS.contentMax}个字符`);
      const imageIds = [...new Set(input.imageIds ?? [])];
      if (input.images.length + imageIds.length > TICKET_LIMITS.imagesPerPost)
        throw paramsError(`每次最多${TICKET_LIMITS.imagesPerPost}张图片`);
      const current = await repo.lockTicket(tx, input.ticketId);
      if (!current) throw notFoundError(TicketMessages.notFound);
      const at = clock();
      const ticket = await repo.bumpForPost(tx, { id: input.ticketId }, TicketStatus.WaitingMember, at);
      if (!ticket) throw paramsError(TicketMessages.closed);
      const reply = input.requestId
        ? await repo.insertStaffReplyOnce(
            tx,
            { ticketId: ticket.id, authorName: by, content, requestId: input.requestId },
            at,
          )
        : await repo.insertReply(tx, { ticketId: ticket.id, author: 'staff', authorName: by, content }, at);
      if (!reply) throw new ReplyAlreadySent();
      for (const image of input.images)
        await repo.insertImage(tx, { memberId: null, replyId: reply.id, ...image });
      const taken = await repo.attachStaffImages(tx, reply.id, imageIds);
      if (taken.length !== imageIds.length) throw notFoundError(TicketMessages.imageNotFound);
      await hub.announce(tx, { kind: 'ticket', memberId: ticket.memberId, ticketId: ticket.id });
      return { ticket, replyId: reply.id, before: { status: current.status } };
    },

    /** The reply a request id already made, for answering a retried 发送 as the first one was answered. */
    async replyOfRequest(ticketId: number, requestId: string) {
      const [reply, ticket] = await Promise.all([
        repo.findReplyByRequest(db, ticketId, requestId),
        repo.findTicket(db, { id: ticketId }),
      ]);
      if (!reply || !ticket) throw notFoundError(TicketMessages.notFound);
      return { ticket, replyId: reply.id };
    },

    /** The console's queue (issue 'Staff console' 客服工单): one page, waiting for the shop first, oldest first. */
    async staffQueue(query: AdminTicketListQuery): Promise<AdminTicketListResponse> {
      const { rows, counts } = await repo.listQueuePage(
        db,
        { status: query.status, ownerGroup: query.ownerGroup },
        { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize },
      );
      const [numbers, members] = await Promise.all([
        ports.orderNumbers(rows.flatMap((r) => (r.orderId === null ? [] : [r.orderId]))),
        ports.memberBriefs(rows.map((r) => r.memberId)),
      ]);
      const statusCounts: Record<string, number> = {};
      let all = 0;
      for (const status of Object.values(TicketStatus)) {
        statusCounts[status] = counts.get(status) ?? 0;
        all += statusCounts[status];
      }
      return {
        items: rows.map((r) => ({
          ...toSummary(r, r.orderId === null ? null : (numbers.get(r.orderId) ?? null)),
          memberId: r.memberId,
          memberUsername: members.get(r.memberId)?.username ?? '',
        })),
        totalCount: query.status === undefined ? all : (statusCounts[query.status] ?? 0),
        statusCounts,
      };
    },

    /** A ticket's thread for the console, with its member, their latest orders and the order it is about. */
    async staffDetail(id: number): Promise<AdminTicketDetailResponse> {
      const row = await repo.findTicket(db, { id });
      if (!row) throw notFoundError(TicketMessages.notFound);
      const [ticket, members, recentOrders, about] = await Promise.all([
        detailOf(row),
        ports.memberBriefs([row.memberId]),
        ports.orderBriefs({ memberId: row.memberId, limit: 10 }),
        row.orderId === null ? Promise.resolve([]) : ports.orderBriefs({ ids: [row.orderId] }),
      ]);
      const member = members.get(row.memberId) ?? { id: row.memberId, username: '', name: '', level: 0 };
      return { ticket, member, recentOrders, order: about[0] ?? null };
    },

    /**
     * The shop uploads an image for its reply: checked by its bytes and re-encoded like a member's, held loose
     * until a reply takes it (removed after a day otherwise); limited per staff member.
     */
    async staffUploadImage(by: AuditActor, bytes: Buffer): Promise<TicketImage> {
      if (
        (await rateLimiter.hit(`ticket-upload-staff:${by.actor}`, UPLOAD_RATE.windowMs)) >
        UPLOAD_RATE.perWindow
      )
        throw new AppError(ResultCode.TooManyRequests, TicketMessages.tooManyUploads);
      await pruneLoose();
      const stored = await ports.storeUpload(bytes, 'ticket');
      return toImage(await repo.insertImage(db, { memberId: null, ...stored }));
    },

    /** Moves a ticket to another owner group and/or priority; the same values change nothing and write no row. */
    async staffUpdate(by: AuditActor, input: AdminTicketUpdateRequest): Promise<TicketSummaryWithMember> {
      const row = await db.transaction(async (tx) => {
        const current = await repo.lockTicket(tx, input.id);
        if (!current) throw notFoundError(TicketMessages.notFound);
        const values = {
          ...(input.ownerGroup !== undefined && input.ownerGroup !== current.ownerGroup
            ? { ownerGroup: input.ownerGroup }
            : {}),
          ...(input.priority !== undefined && input.priority !== current.priority
            ? { priority: input.priority }
            : {}),
        };
        if (Object.keys(values).length === 0) return current;
        const updated = await repo.setGroupAndPriority(tx, input.id, values, clock());
        if (!updated) throw notFoundError(TicketMessages.notFound);
        await audit(tx, {
          by,
          action: 'ticket.update',
          objectType: 'ticket',
          objectId: input.id,
          before: { ownerGroup: current.ownerGroup, priority: current.priority },
          after: { ownerGroup: updated.ownerGroup, priority: updated.priority },
        });
        return updated;
      });
      return summaryWithMember(row);
    },

    /** The shop closes a ticket; closing a closed one changes nothing (and writes no audit row). */
    async staffClose(by: AuditActor, id: number): Promise<{ changed: boolean }> {
      const row = await changeStatus(by, id, 'ticket.close', (tx) => repo.closeTicket(tx, { id }, clock()));
      return { changed: row !== null };
    },

    /** The shop reopens a closed ticket: it waits for the shop again; an open one is refused. */
    async staffReopen(by: AuditActor, id: number): Promise<TicketSummaryWithMember> {
      const row = await changeStatus(by, id, 'ticket.reopen', (tx) => repo.reopenTicket(tx, id, clock()));
      if (!row) throw paramsError(TicketMessages.notClosed);
      return summaryWithMember(row);
    },
  };
}
