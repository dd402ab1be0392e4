import { rm } from 'node:fs/promises';
import {
  AdminPaths,
  type AdminSupplierDetail,
  type AdminSupplierListResponse,
  type AdminSupplierNoteResponse,
  AdminSupplierPaths,
  type AuditListResponse,
  ResultCode,
  SUPPLIER_NOTE_MAX,
} from '@shop/domain';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite, pgliteHandle } from '../src/db/client';
import * as schema from '../src/db/schema';
import { supplierApplications } from '../src/db/schema';
import { expectConsoleGuard } from './support/admin-access';
import { shopOn } from './support/cli';
import { migrationsThrough } from './support/migrations';
import { type StaffLogin, staffToken } from './support/staff';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

/** The console's 供应商申请: the list, one application with its contact history, notes and status. */

let t: TestApp;
let service: StaffLogin;
let content: StaffLogin;
let owner: StaffLogin;

beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  service = await staffToken(t, 'service');
  content = await staffToken(t, 'content');
  owner = await staffToken(t, 'owner');
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
/** An application as the storefront's form stores it, a minute after the one before. */
async function application(fields: Partial<typeof supplierApplications.$inferInsert> = {}): Promise<number> {
  seq += 1;
  const at = new Date(Date.UTC(2026, 10, 1, 0, seq));
  const [row] = await t.database.db
    .insert(supplierApplications)
    .values({
      company: `测试贸易${seq}`,
      contact: '张三',
      phone: `+61 400 000 ${String(seq).padStart(3, '0')}`,
      email: `sales${seq}@example.com`,
      country: 'AU',
      categories: '保健品',
      warehouseCountries: ['AU'],
      message: '希望合作。',
      lang: 'zh',
      clientAddress: '10.0.0.1',
      createdAt: at,
      updatedAt: at,
      ...fields,
    })
    .returning({ id: supplierApplications.id });
  if (!row) throw new Error('not inserted');
  return row.id;
}

const call = async <T>(path: string, body: unknown, token = service.token) =>
  envelope<T>(await post(t.app, path, body, token));
const note = (body: Record<string, unknown>, token = service.token) =>
  call<AdminSupplierNoteResponse>(AdminSupplierPaths.note, body, token);
const detail = async (id: number) => {
  const res = await call<AdminSupplierDetail>(AdminSupplierPaths.detail, { id });
  expect(res.success, res.message).toBe(true);
  return res.data;
};
const auditOf = async (id: number) =>
  (
    await call<AuditListResponse>(
      AdminPaths.auditList,
      { objectType: 'supplier', objectId: String(id) },
      owner.token,
    )
  ).data.items;

describe('console: supplier applications', () => {
  it('guards every call by supplier.manage (warehouse and finance are refused; service and content may)', async () => {
    const id = await application();
    await expectConsoleGuard(t, AdminSupplierPaths.list, {
      body: {},
      denied: 'warehouse',
      allowed: 'service',
      badBody: { status: 'maybe' },
      badMessage: /状态须为 new、contacted、accepted 或 declined/,
    });
    await expectConsoleGuard(t, AdminSupplierPaths.detail, {
      body: { id },
      denied: 'finance',
      allowed: 'content',
      badBody: { id: 'x' },
      badMessage: /申请编号须为整数|请指定供应商申请/,
    });
    await expectConsoleGuard(t, AdminSupplierPaths.note, {
      body: { id, note: '已电话联系' },
      denied: 'warehouse',
      allowed: 'content',
      badBody: { id },
      badMessage: /请填写联系记录或选择新状态/,
    });
    // Nothing refused reached the application.
    expect((await detail(id)).notes).toEqual([]);
  });

  it('are in the API document under admin (as staff read it), with the staff token and a Chinese summary', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { authorization: `Bearer ${content.token}` },
    });
    const doc = res.json() as { paths: Record<string, { post?: Record<string, unknown> }> };
    for (const path of Object.values(AdminSupplierPaths))
      expect(doc.paths[path]?.post, path).toMatchObject({
        tags: ['admin'],
        security: [{ staffBearer: [] }],
        summary: expect.stringMatching(/[\u4e00-\u9fa5]/),
      });
  });

  it('refuses bad input with a Chinese message and writes nothing', async () => {
    const id = await application();
    const refusals: [Record<string, unknown>, string | RegExp][] = [
      [{ id }, '请填写联系记录或选择新状态'],
      [{ id, note: '   ' }, '请填写联系记录或选择新状态'],
      [{ id, note: 'x'.repeat(SUPPLIER_NOTE_MAX + 1) }, /联系记录最多500个字符/],
      [{ id, status: 'maybe' }, /状态须为 new、contacted、accepted 或 declined/],
      [{ id, note: '好', by: 'someone' }, /by/],
    ];
    for (const [body, message] of refusals) {
      const res = await post(t.app, AdminSupplierPaths.note, body, service.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(envelope(res)).toMatchObject({ success: false, resultCode: ResultCode.ParamsError });
      expect(envelope(res).message).toMatch(message);
    }
    const missing = await post(t.app, AdminSupplierPaths.note, { id: 999_999, note: '好' }, service.token);
    expect(missing.statusCode).toBe(404);
    expect(envelope(missing).message).toContain('供应商申请不存在');
    const noDetail = await post(t.app, AdminSupplierPaths.detail, { id: 999_999 }, service.token);
    expect(noDetail.statusCode).toBe(404);

    // Exactly 500 characters is a note.
    expect((await note({ id, note: 'x'.repeat(SUPPLIER_NOTE_MAX) })).success).toBe(true);
    const after = await detail(id);
    expect(after.notes.map((n) => n.note.length)).toEqual([SUPPLIER_NOTE_MAX]);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('lists applications newest first, by status and by part of company, contact, phone or e-mail', async () => {
    const tag = `检索${Date.now()}`;
    const a = await application({ company: `${tag}甲公司`, contact: 'Olivia Brown' });
    const b = await application({ company: `${tag}乙公司`, email: `Olivia@${tag}.example` });
    const c = await application({ company: `${tag}丙公司`, phone: '+86 139 1234 5678' });
    await note({ id: b, status: 'contacted' });
    const list = async (body: Record<string, unknown>) => {
      const res = await call<AdminSupplierListResponse>(AdminSupplierPaths.list, body);
      expect(res.success, res.message).toBe(true);
      return res.data;
    };
    const all = await list({ keyword: tag });
    expect(all.items.map((i) => i.id)).toEqual([c, b, a]);
    expect(all.totalCount).toBe(3);
    expect(all.statusCounts).toEqual({ new: 2, contacted: 1, accepted: 0, declined: 0 });
    expect(all.items[1]).toMatchObject({ company: `${tag}乙公司`, status: 'contacted', lang: 'zh' });

    expect((await list({ keyword: tag, status: 'new' })).items.map((i) => i.id)).toEqual([c, a]);
    const contacted = await list({ keyword: tag, status: 'contacted' });
    expect(contacted.items.map((i) => i.id)).toEqual([b]);
    expect(contacted.totalCount).toBe(1);
    expect((await list({ keyword: 'olivia' })).items.map((i) => i.id)).toEqual([b, a]);
    expect((await list({ keyword: '1234 5678' })).items.map((i) => i.id)).toEqual([c]);
    expect((await list({ keyword: `${tag}%` })).items).toEqual([]);

    const page2 = await list({ keyword: tag, pageNo: 2, pageSize: 2 });
    expect(page2.items.map((i) => i.id)).toEqual([a]);
    expect(page2.totalCount).toBe(3);
  });

  it('keeps every note and change of status in order, each with who and an audit row', async () => {
    const id = await application();
    const first = await note({ id, note: '已电话联系，对方下周寄样品', status: 'contacted' });
    expect(first.data).toMatchObject({
      before: 'new',
      after: 'contacted',
      entry: { note: '已电话联系，对方下周寄样品', status: 'contacted', by: service.username },
    });
    t.clock.advance(60_000);
    expect((await note({ id, note: '  样品已收到\n质量合格  ' }, content.token)).data.after).toBe(
      'contacted',
    );
    t.clock.advance(60_000);
    expect((await note({ id, status: 'accepted' })).data).toMatchObject({
      before: 'contacted',
      after: 'accepted',
    });
    // The same status again without a note changes and records nothing.
    const again = await note({ id, status: 'accepted' });
    expect(again.data).toMatchObject({ before: 'accepted', after: 'accepted', entry: null });

    const shown = await detail(id);
    expect(shown.status).toBe('accepted');
    expect(shown.statusChangeTime).not.toBeNull();
    expect(shown.notes.map(({ note, status, by }) => ({ note, status, by }))).toEqual([
      { note: '已电话联系，对方下周寄样品', status: 'contacted', by: service.username },
      { note: '样品已收到\n质量合格', status: null, by: content.username },
      { note: '', status: 'accepted', by: service.username },
    ]);
    expect(shown).toMatchObject({
      message: '希望合作。',
      clientAddress: '10.0.0.1',
      warehouseCountries: ['AU'],
    });

    const audit = await auditOf(id);
    expect(audit.map((r) => [r.action, r.actor]).reverse()).toEqual([
      ['supplier.status', service.username],
      ['supplier.note', content.username],
      ['supplier.status', service.username],
    ]);
    expect(audit[0]).toMatchObject({
      staffId: service.staffId,
      before: { status: 'contacted' },
      after: { status: 'accepted', note: '' },
    });
  });

  it('loses no note when several staff write at once', async () => {
    const id = await application();
    const statuses = ['contacted', 'accepted', 'declined', 'contacted', 'new', 'accepted'] as const;
    const answers = await Promise.all(
      statuses.map((status, i) => note({ id, note: `第${i + 1}次联系`, status })),
    );
    expect(answers.every((a) => a.success)).toBe(true);
    const shown = await detail(id);
    expect(shown.notes.map((n) => n.note).sort()).toEqual(statuses.map((_, i) => `第${i + 1}次联系`).sort());
    // Each change saw the status the one before it left: the history is one chain.
    const chain = answers.map((a) => a.data).sort((x, y) => (x.entry?.id ?? 0) - (y.entry?.id ?? 0));
    for (let i = 1; i < chain.length; i++) expect(chain[i]?.before).toBe(chain[i - 1]?.after);
    expect(shown.status).toBe(chain.at(-1)?.after);
    expect(await auditOf(id)).toHaveLength(statuses.length);
  });

  it('the command line supplier:status writes a history entry and an audit row too', async () => {
    const id = await application();
    const run = await shopOn(
      t,
      'supplier:status',
      '--id',
      String(id),
      '--status',
      'declined',
      '--note',
      '品类不符',
      '--by',
      'zhang',
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe(`申请 #${id}：new（新申请） → declined（已婉拒）`);
    expect((await detail(id)).notes).toMatchObject([
      { note: '品类不符', status: 'declined', by: 'cli:zhang' },
    ]);
    expect(await auditOf(id)).toMatchObject([
      { action: 'supplier.status', actor: 'cli:zhang', staffId: null },
    ]);
    const shown = await shopOn(t, 'supplier:show', '--id', String(id));
    expect(shown.stdout).toMatch(/cli:zhang → declined（已婉拒）：品类不符/);
  });
});

describe('upgrading to the contact history (migration 0015)', () => {
  it("moves each application's former note into its history as the first entry", async () => {
    const client = await createPglite();
    const old = await migrationsThrough(14);
    try {
      await migrate(drizzle({ client, schema }), { migrationsFolder: old });
      await client.exec(`
        insert into supplier_applications (id, company, contact, phone, email, country, categories,
          warehouse_countries, lang, status, note, client_address, created_at, updated_at, status_changed_at)
        values
          (1, '甲', '张三', '+61 400 000 001', 'a@example.com', 'AU', '保健品', '{AU}', 'zh', 'contacted',
           '已电话联系', '10.0.0.1', '2026-10-01T00:00:00Z', '2026-10-02T00:00:00Z', '2026-10-02T00:00:00Z'),
          (2, '乙', '李四', '+61 400 000 002', 'b@example.com', 'AU', '母婴', '{AU}', 'en', 'new',
           '', '10.0.0.2', '2026-10-03T00:00:00Z', '2026-10-03T00:00:00Z', null);
      `);
      await pgliteHandle(client).migrate();
      const notes = await client.query<{
        application_id: number;
        note: string;
        status: string;
        actor: string;
      }>(
        'select application_id, note, status, actor, created_at from supplier_application_notes order by id',
      );
      expect(notes.rows).toMatchObject([
        { application_id: 1, note: '已电话联系', status: 'contacted', actor: 'cli' },
      ]);
    } finally {
      await client.close();
      await rm(old, { recursive: true, force: true });
    }
    // A new embedded database and every migration, twice: about 8 s alone, several times that on a busy machine.
  }, 120_000);
});
