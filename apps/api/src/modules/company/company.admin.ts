import type {
  AdminCompany,
  AdminCompanyListResponse,
  adminCompanyCreateRequestSchema,
  adminCompanyListRequestSchema,
} from '@shop/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { notFoundError, paramsError } from '../../lib/app-error';
import type { AuditActor, AuditRecorder } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import * as repo from './company.repository';
import { type CompanyMemberPort, toCompanyDto } from './company.service';

export interface CompanyAdminDeps {
  db: Database;
  clock: Clock;
  members: CompanyMemberPort;
  audit: AuditRecorder;
  sessionsChanged?: () => void;
}

export type CompanyAdminService = ReturnType<typeof createCompanyAdminService>;
type ListInput = z.output<typeof adminCompanyListRequestSchema>;
type CreateInput = z.output<typeof adminCompanyCreateRequestSchema>;

/**
 * The console's side of companies (issue #38): staff find them, make one for a member who becomes its admin, and
 * set its price level, which its members' prices follow at their next call (ADR 055). Each change is audited.
 */
export function createCompanyAdminService({
  db,
  clock,
  members,
  audit,
  sessionsChanged = () => {},
}: CompanyAdminDeps) {
  async function views(rows: { company: repo.CompanyRow; memberCount: number }[]): Promise<AdminCompany[]> {
    const admins = await repo.adminsOf(
      db,
      rows.map((r) => r.company.id),
    );
    const briefs = await members.briefs(admins.map((a) => a.memberId));
    return rows.map(({ company, memberCount }) => ({
      ...toCompanyDto(company, memberCount),
      admins: admins
        .filter((a) => a.companyId === company.id)
        .map((a) => briefs.get(a.memberId)?.username ?? `#${a.memberId}`),
    }));
  }

  async function view(id: number): Promise<AdminCompany> {
    const company = await repo.findCompany(db, id);
    if (!company) throw notFoundError('公司不存在');
    const [one] = await views([{ company, memberCount: await repo.countMembers(db, id) }]);
    if (!one) throw notFoundError('公司不存在');
    return one;
  }

  return {
    async list(input: ListInput): Promise<AdminCompanyListResponse> {
      const { rows, total } = await repo.listCompanies(
        db,
        input.keyword || undefined,
        (input.pageNo - 1) * input.pageSize,
        input.pageSize,
      );
      return { items: await views(rows), totalCount: total };
    },

    /** A company made by staff for an existing member, who becomes its admin; refused when they have one. */
    async create(input: CreateInput, by: AuditActor): Promise<AdminCompany> {
      const found = await members.idsByUsernames([input.adminUsername]);
      const memberId = found.get(input.adminUsername.toLowerCase());
      if (memberId === undefined) throw paramsError(`会员不存在：${input.adminUsername}`);
      const id = await db.transaction(async (tx) => {
        const fields = { name: input.name, taxNo: input.taxNo, level: input.level };
        const company = await repo.insertCompanyWithAdmin(tx, fields, memberId, clock());
        if (!company) throw paramsError(`${input.adminUsername} 已属于一家公司`);
        await audit(tx, {
          by,
          action: 'company.create',
          objectType: 'company',
          objectId: company.id,
          after: { name: company.name, taxNo: company.taxNo, level: company.level, admin: memberId },
        });
        return company.id;
      });
      sessionsChanged();
      return view(id);
    },

    /** Sets the company's price level: its members' prices follow at their next call. */
    async setLevel(id: number, level: number, by: AuditActor): Promise<AdminCompany> {
      await db.transaction(async (tx) => {
        const changed = await repo.setLevel(tx, id, level, clock());
        if (!changed) throw notFoundError('公司不存在');
        await audit(tx, {
          by,
          action: 'company.level',
          objectType: 'company',
          objectId: id,
          before: { level: changed.before.level },
          after: { level: changed.after.level },
        });
      });
      sessionsChanged();
      return view(id);
    },
  };
}
