import type { AuditAction } from '@shop/domain';
import {
  COMPANY_INVITE_DAYS,
  COMPANY_MEMBER_LIMIT,
  COMPANY_ROLE_LABELS,
  type Company,
  type CompanyDetail,
  type CompanyInvite,
  type CompanyLimit,
  type CompanyLimits,
  type CompanyMember,
  type CompanyMembersResponse,
  CompanyMessages,
  type CompanyRole,
  type companyCreateRequestSchema,
  type companyInviteRequestSchema,
  type companySetLimitRequestSchema,
  MessageType,
  maskEmail,
  maskPhone,
  ResultCode,
  toMajor,
  toMinor,
} from '@shop/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError, notFoundError, paramsError } from '../../lib/app-error';
import type { AuditActor, AuditRecorder } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { MemberNotifier } from '../../lib/member-notice';
import * as repo from './company.repository';

/** What the company module asks of the member module (wired in services.ts). */
export interface CompanyMemberPort {
  /** Member ids by username, keyed by the lower-cased username. */
  idsByUsernames(usernames: readonly string[]): Promise<Map<string, number>>;
  /** Members' usernames and names by id. */
  briefs(ids: readonly number[]): Promise<Map<number, { username: string; name: string; level: number }>>;
  /** The member who proved this phone number or e-mail address, or null. */
  idByProvedContact(contact: string): Promise<number | null>;
  /** The member's proved phone number and e-mail address ('' when none). */
  provedContacts(memberId: number, executor?: Database): Promise<{ phone: string; email: string }>;
}

export interface CompanyServiceDeps {
  db: Database;
  clock: Clock;
  members: CompanyMemberPort;
  notify: MemberNotifier;
  /**
   * Queues the invite's text or e-mail to the contact itself, on the invite's transaction (the notices module):
   * the invitee may be no member yet.
   */
  sendInvite?: (
    executor: Database,
    invite: { recipient: string; params: Record<string, string> },
  ) => Promise<void>;
  audit: AuditRecorder;
  /**
   * Tells this process's session cache that what sessions carry changed (a member's price level follows their
   * company, ADR 055); other processes hear the database's announcement (migration 0043's triggers).
   */
  sessionsChanged?: () => void;
}

export type CompanyService = ReturnType<typeof createCompanyService>;
type CreateInput = z.output<typeof companyCreateRequestSchema>;
type InviteInput = z.output<typeof companyInviteRequestSchema>;
type SetLimitInput = z.output<typeof companySetLimitRequestSchema>;

const DAY_MS = 86_400_000;
type CompanyAuditAction = Extract<AuditAction, `company.${string}`>;
const COMPANY_PAGE = '/member/company';

const adminOnly = () => new AppError(ResultCode.PermissionDenied, CompanyMessages.adminOnly);
const notMember = () => paramsError(CompanyMessages.notMember);

/** A member acting on their company, as the audit log names them. */
export function memberActor(memberId: number, ip: string | null): AuditActor {
  return { staffId: null, actor: `member:${memberId}`, ip };
}

const maskContact = (contact: string) => (contact.includes('@') ? maskEmail(contact) : maskPhone(contact));
const major = (minor: number | null) => (minor === null ? null : toMajor(minor));
const minor = (amount: number | null) => (amount === null ? null : toMinor(amount));

function limitsOf(row: repo.CompanyMemberRow): CompanyLimits {
  return {
    aud: { perOrder: major(row.perOrderAud), perMonth: major(row.perMonthAud) },
    cny: { perOrder: major(row.perOrderCny), perMonth: major(row.perMonthCny) },
  };
}

function limitColumns(limits: CompanyLimits): repo.LimitColumns {
  const check = (limit: CompanyLimit) => {
    if (limit.perOrder !== null && limit.perMonth !== null && limit.perOrder > limit.perMonth)
      throw paramsError('单笔额度不能大于每月额度');
  };
  check(limits.aud);
  check(limits.cny);
  return {
    perOrderAud: minor(limits.aud.perOrder),
    perMonthAud: minor(limits.aud.perMonth),
    perOrderCny: minor(limits.cny.perOrder),
    perMonthCny: minor(limits.cny.perMonth),
  };
}

/** A company for the wire (companySchema; the console's view adds its admins). */
export function toCompanyDto(company: repo.CompanyRow, memberCount: number): Company {
  return {
    id: company.id,
    name: company.name,
    taxNo: company.taxNo,
    level: company.level,
    memberCount,
    createdAt: company.createdAt.toISOString(),
  };
}

/** An open invite as the company's admins see it. */
function toInviteDto(invite: repo.CompanyInviteRow, invitedBy: string, reachable: boolean): CompanyInvite {
  return {
    id: invite.id,
    contact: maskContact(invite.contact),
    role: invite.role as CompanyRole,
    invitedBy,
    createdAt: invite.createdAt.toISOString(),
    expiresAt: invite.expiresAt.toISOString(),
    reachable,
  };
}

const NO_LIMITS: repo.LimitColumns = {
  perOrderAud: null,
  perMonthAud: null,
  perOrderCny: null,
  perMonthCny: null,
};

/**
 * Companies and their members (issue #38 part 1, docs/decisions/055). Every call reads the caller's membership
 * afresh; every change of a company's members or invites runs in one transaction behind the company's row lock,
 * so a company always keeps an admin and never passes its member limit, whatever arrives in parallel.
 */
export function createCompanyService({
  db,
  clock,
  members,
  notify,
  sendInvite = async () => {},
  audit,
  sessionsChanged = () => {},
}: CompanyServiceDeps) {
  /** Writes the audit row of a change the member made to a company, in the change's transaction. */
  const record = (
    tx: Database,
    by: { memberId: number; ip: string | null },
    action: CompanyAuditAction,
    companyId: number,
    change: { before?: unknown; after?: unknown },
  ) =>
    audit(tx, {
      by: memberActor(by.memberId, by.ip),
      action,
      objectType: 'company',
      objectId: companyId,
      ...change,
    });

  const names = async (ids: readonly number[]) => {
    const briefs = await members.briefs(ids);
    return (id: number | null) => {
      const brief = id === null ? undefined : briefs.get(id);
      return brief ? brief.name || brief.username : '';
    };
  };

  /** The caller's membership as an admin, or the refusal. */
  async function adminMembership(memberId: number) {
    const mine = await repo.membershipOf(db, memberId);
    if (!mine) throw notMember();
    if (mine.member.role !== 'admin') throw adminOnly();
    return mine;
  }

  /** Within a company's lock: the caller is still its admin (a parallel removal may have won). */
  async function stillAdmin(tx: Database, companyId: number, memberId: number) {
    const row = await repo.memberRow(tx, companyId, memberId);
    if (!row) throw notMember();
    if (row.role !== 'admin') throw adminOnly();
  }

  async function invitesFor(memberId: number, now: Date) {
    const { phone, email } = await members.provedContacts(memberId);
    const rows = await repo.invitesTo(
      db,
      [phone, email].filter((c) => c !== ''),
      now,
    );
    const nameOf = await names(rows.map((r) => r.invite.invitedBy ?? 0));
    return rows.map(({ invite, companyName }) => ({
      id: invite.id,
      companyName,
      role: invite.role as CompanyRole,
      invitedBy: nameOf(invite.invitedBy),
      contact: maskContact(invite.contact),
      expiresAt: invite.expiresAt.toISOString(),
    }));
  }

  async function detail(memberId: number): Promise<CompanyDetail> {
    const now = clock();
    const [mine, invites] = await Promise.all([repo.membershipOf(db, memberId), invitesFor(memberId, now)]);
    if (!mine) return { company: null, role: null, limits: null, invites };
    const { company, member } = mine;
    return {
      company: toCompanyDto(company, await repo.countMembers(db, company.id)),
      role: member.role as CompanyRole,
      limits: member.role === 'buyer' ? limitsOf(member) : null,
      invites,
    };
  }

  async function membersOf(companyId: number, asAdmin: boolean): Promise<CompanyMembersResponse> {
    const now = clock();
    const [rows, invites] = await Promise.all([
      repo.listMembers(db, companyId),
      asAdmin ? repo.openInvites(db, companyId, now) : Promise.resolve([]),
    ]);
    const briefs = await members.briefs(rows.map((r) => r.memberId));
    const nameOf = await names(invites.map((i) => i.invitedBy ?? 0));
    const reachable = await Promise.all(invites.map((i) => members.idByProvedContact(i.contact)));
    const list: CompanyMember[] = rows.map((row) => ({
      memberId: row.memberId,
      username: briefs.get(row.memberId)?.username ?? '',
      name: briefs.get(row.memberId)?.name ?? '',
      role: row.role as CompanyRole,
      limits: asAdmin && row.role === 'buyer' ? limitsOf(row) : null,
      joinedAt: row.joinedAt.toISOString(),
    }));
    const open = invites.map((invite, i) =>
      toInviteDto(invite, nameOf(invite.invitedBy), reachable[i] !== null),
    );
    return { members: list, invites: open };
  }

  return {
    detail,

    /** The member's company and role, read afresh (other modules' port: shared addresses, orders). */
    /** A company's name and tax number (the credit module's statements and console). */
    async brief(companyId: number): Promise<{ name: string; taxNo: string } | null> {
      const company = await repo.findCompany(db, companyId);
      return company ? { name: company.name, taxNo: company.taxNo } : null;
    },

    async membership(memberId: number): Promise<{ companyId: number; role: CompanyRole } | null> {
      const mine = await repo.membershipOf(db, memberId);
      return mine ? { companyId: mine.company.id, role: mine.member.role as CompanyRole } : null;
    },

    /** A company made by a member, who becomes its first admin; refused when they already belong to one. */
    async create(memberId: number, input: CreateInput, ip: string | null): Promise<CompanyDetail> {
      const level = (await members.briefs([memberId])).get(memberId)?.level;
      await db.transaction(async (tx) => {
        const fields = { name: input.name, taxNo: input.taxNo, level: level ?? 0 };
        const company = await repo.insertCompanyWithAdmin(tx, fields, memberId, clock());
        if (!company) throw paramsError(CompanyMessages.alreadyMember);
        await record(tx, { memberId, ip }, 'company.create', company.id, {
          after: { name: company.name, taxNo: company.taxNo, level: company.level },
        });
      });
      sessionsChanged();
      return detail(memberId);
    },

    /** The company's members, admins first; its open invites for an admin. */
    async members(memberId: number): Promise<CompanyMembersResponse> {
      const mine = await repo.membershipOf(db, memberId);
      if (!mine) throw notMember();
      return membersOf(mine.company.id, mine.member.role === 'admin');
    },

    /**
     * An admin invites a phone number or e-mail address with a role. The invite is open for 7 days; a member who
     * has proved that contact sees it on their company page (and gets a message when one already has).
     */
    async invite(memberId: number, input: InviteInput, ip: string | null): Promise<CompanyInvite> {
      const { company } = await adminMembership(memberId);
      const now = clock();
      const invitee = await members.idByProvedContact(input.contact);
      const invite = await db.transaction(async (tx) => {
        await repo.lockCompany(tx, company.id);
        await stillAdmin(tx, company.id, memberId);
        if (invitee !== null && (await repo.memberRow(tx, company.id, invitee)))
          throw paramsError('该联系人已是本公司成员');
        await repo.revokeInvitesTo(tx, company.id, input.contact, now);
        const taken =
          (await repo.countMembers(tx, company.id)) + (await repo.countOpenInvites(tx, company.id, now));
        if (taken >= COMPANY_MEMBER_LIMIT) throw paramsError(CompanyMessages.full);
        const row = await repo.insertInvite(tx, {
          companyId: company.id,
          contact: input.contact,
          role: input.role,
          invitedBy: memberId,
          at: now,
          expiresAt: new Date(now.getTime() + COMPANY_INVITE_DAYS * DAY_MS),
        });
        await record(tx, { memberId, ip }, 'company.invite', company.id, {
          after: { inviteId: row.id, contact: maskContact(row.contact), role: row.role },
        });
        await sendInvite(tx, {
          recipient: row.contact,
          params: { company: company.name, role: COMPANY_ROLE_LABELS[input.role] },
        });
        if (invitee !== null && invitee !== memberId)
          await notify(tx, {
            memberId: invitee,
            type: MessageType.System,
            title: `邀请您加入公司「${company.name}」`,
            content: `${company.name} 邀请您以${COMPANY_ROLE_LABELS[input.role]}身份加入，${COMPANY_INVITE_DAYS} 天内在「我的公司」接受邀请即可。`,
            link: COMPANY_PAGE,
          });
        return row;
      });
      const nameOf = await names([memberId]);
      return toInviteDto(invite, nameOf(memberId), invitee !== null);
    },

    /**
     * Accepts an open invite sent to a contact the caller has proved; the caller joins with the invite's role.
     * Accepted once: the conditional update decides between parallel acceptances.
     */
    async accept(memberId: number, inviteId: number, ip: string | null): Promise<CompanyDetail> {
      const now = clock();
      const invite = await repo.findInvite(db, inviteId);
      const { phone, email } = await members.provedContacts(memberId);
      // Another member's invite is answered as a missing one: ids cannot be probed.
      if (!invite || (invite.contact !== phone && invite.contact !== email))
        throw notFoundError(CompanyMessages.inviteNotFound);
      if (invite.acceptedAt || invite.revokedAt) throw notFoundError(CompanyMessages.inviteNotFound);
      if (invite.expiresAt <= now) throw paramsError(CompanyMessages.inviteExpired);
      await db.transaction(async (tx) => {
        await repo.lockCompany(tx, invite.companyId);
        if (!(await repo.markAccepted(tx, invite.id, memberId, now)))
          throw notFoundError(CompanyMessages.inviteNotFound);
        if (!(await repo.insertMember(tx, invite.companyId, memberId, invite.role, now)))
          throw paramsError(CompanyMessages.alreadyMember);
        await record(tx, { memberId, ip }, 'company.accept', invite.companyId, {
          after: { inviteId: invite.id, memberId, role: invite.role },
        });
      });
      sessionsChanged();
      return detail(memberId);
    },

    /** An admin sets a member's role and, for a buyer, the limits; the company keeps at least one admin. */
    async setLimit(
      memberId: number,
      input: SetLimitInput,
      ip: string | null,
    ): Promise<CompanyMembersResponse> {
      const { company } = await adminMembership(memberId);
      await db.transaction(async (tx) => {
        await repo.lockCompany(tx, company.id);
        await stillAdmin(tx, company.id, memberId);
        const before = await repo.memberRow(tx, company.id, input.memberId);
        if (!before) throw notFoundError(CompanyMessages.memberNotFound);
        const role = input.role ?? (before.role as CompanyRole);
        if (input.limits && role !== 'buyer') throw paramsError(CompanyMessages.limitsBuyerOnly);
        if (before.role === 'admin' && role !== 'admin' && (await repo.countAdmins(tx, company.id)) <= 1)
          throw paramsError(CompanyMessages.lastAdmin);
        // Limits belong to buyers: another role drops them.
        const limits = role === 'buyer' ? (input.limits ? limitColumns(input.limits) : {}) : NO_LIMITS;
        const after = await repo.updateMember(tx, company.id, input.memberId, { role, ...limits }, clock());
        if (!after) throw notFoundError(CompanyMessages.memberNotFound);
        await record(tx, { memberId, ip }, 'company.member', company.id, {
          before: { memberId: before.memberId, role: before.role, limits: limitsOf(before) },
          after: { memberId: after.memberId, role: after.role, limits: limitsOf(after) },
        });
      });
      sessionsChanged();
      return membersOf(company.id, true);
    },

    /** An admin removes another member, or withdraws an open invite. */
    async remove(
      memberId: number,
      target: { memberId?: number | undefined; inviteId?: number | undefined },
      ip: string | null,
    ): Promise<CompanyMembersResponse> {
      const { company } = await adminMembership(memberId);
      if (target.memberId === memberId) throw paramsError(CompanyMessages.notYourself);
      await db.transaction(async (tx) => {
        await repo.lockCompany(tx, company.id);
        await stillAdmin(tx, company.id, memberId);
        if (target.inviteId !== undefined) {
          const invite = await repo.revokeInvite(tx, company.id, target.inviteId, clock());
          if (!invite) throw notFoundError(CompanyMessages.inviteNotFound);
          await record(tx, { memberId, ip }, 'company.revokeInvite', company.id, {
            before: { inviteId: invite.id, contact: maskContact(invite.contact), role: invite.role },
          });
          return;
        }
        const removed = await repo.deleteMember(tx, company.id, target.memberId ?? 0);
        if (!removed) throw notFoundError(CompanyMessages.memberNotFound);
        await record(tx, { memberId, ip }, 'company.remove', company.id, {
          before: { memberId: removed.memberId, role: removed.role },
        });
        await notify(tx, {
          memberId: removed.memberId,
          type: MessageType.System,
          title: `您已不再是「${company.name}」的成员`,
          content: `公司管理员已将您移出「${company.name}」。您自己下的订单仍在「我的订单」中。`,
          link: COMPANY_PAGE,
        });
      });
      sessionsChanged();
      return membersOf(company.id, true);
    },

    /** The caller leaves their company; the last admin leaves only when no one else remains. */
    async leave(memberId: number, ip: string | null): Promise<CompanyDetail> {
      const mine = await repo.membershipOf(db, memberId);
      if (!mine) throw notMember();
      const { company } = mine;
      await db.transaction(async (tx) => {
        await repo.lockCompany(tx, company.id);
        const row = await repo.memberRow(tx, company.id, memberId);
        if (!row) throw notMember();
        if (
          row.role === 'admin' &&
          (await repo.countAdmins(tx, company.id)) <= 1 &&
          (await repo.countMembers(tx, company.id)) > 1
        )
          throw paramsError(CompanyMessages.lastAdmin);
        await repo.deleteMember(tx, company.id, memberId);
        await record(tx, { memberId, ip }, 'company.leave', company.id, {
          before: { memberId, role: row.role },
        });
      });
      sessionsChanged();
      return detail(memberId);
    },
  };
}
