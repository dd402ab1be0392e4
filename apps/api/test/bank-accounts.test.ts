import { rm } from 'node:fs/promises';
import {
  AdminBankAccountPaths,
  type AdminBankAccountsResponse,
  AdminContentPaths,
  AdminPaths,
  type AuditListResponse,
  type BankAccount,
  type BankAccountsSaveResponse,
  basicTemplateSchema,
  CataloguePaths,
  ResultCode,
  TemplateName,
  type TemplateResponse,
} from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite, pgliteHandle } from '../src/db/client';
import * as schema from '../src/db/schema';
import { notices } from '../src/db/schema';
import { cliActor } from '../src/lib/audit';
import { migrationsThrough } from './support/migrations';
import { type StaffLogin, staffToken } from './support/staff';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

/**
 * The accounts members transfer money to (issue #35 item 8): money-receiving details, changed only by the owner or
 * finance with their second factor, each change audited and told to the other money role; members read them in
 * the basic template as before.
 */

let t: TestApp;
const staff = {} as Record<'owner' | 'finance' | 'content', StaffLogin>;
const emails = { owner: 'owner@shop.example', finance: 'finance@shop.example' } as const;

beforeAll(async () => {
  t = await createTestApp();
  staff.owner = await staffToken(t, 'owner');
  staff.finance = await staffToken(t, 'finance');
  staff.content = await staffToken(t, 'content');
  for (const role of ['owner', 'finance'] as const)
    await t.app.services.staff.update(cliActor('test'), { id: staff[role].staffId, email: emails[role] });
});
afterAll(async () => {
  await t?.close();
});

const CBA: BankAccount = {
  currency: 'AUD',
  bankName: 'Commonwealth Bank',
  accountName: 'Shop Pty Ltd',
  accountNo: '1111 2222',
  branch: 'BSB 062-000',
};
const ICBC: BankAccount = {
  currency: 'CNY',
  bankName: '工商银行',
  accountName: '上海商贸有限公司',
  accountNo: '6222 0000 1111',
};

/** The accounts the recharge page reads: the storefront's basic template, as a guest fetches it. */
async function memberSees(): Promise<BankAccount[] | undefined> {
  const res = await t.app.inject({ method: 'GET', url: `${CataloguePaths.template}${TemplateName.basic}` });
  expect(res.statusCode).toBe(200);
  const body = envelope<TemplateResponse>(res);
  return basicTemplateSchema.parse(JSON.parse(body.data.templateJson)).basicInfo.bankAccounts;
}

const save = (who: StaffLogin, items: unknown) =>
  post(t.app, AdminBankAccountPaths.save, { items }, who.token);

const noticesTo = (kind: string, recipient: string) =>
  t.database.db
    .select()
    .from(notices)
    .where(and(eq(notices.kind, kind), eq(notices.recipient, recipient)));

describe('the receiving bank accounts', () => {
  it('are refused to the content role (403), in their own call and through the basic template', async () => {
    const before = await memberSees();
    expect(before?.length).toBeGreaterThan(0);

    const refused = await save(staff.content, [ICBC]);
    expect(refused.statusCode).toBe(403);
    expect(envelope(refused).resultCode).toBe(ResultCode.PermissionDenied);
    const read = await post(t.app, AdminBankAccountPaths.get, {}, staff.content.token);
    expect(read.statusCode).toBe(403);

    // The basic template the content role edits no longer carries them: a draft with accounts is refused.
    const template = envelope<{ published: { basicInfo: Record<string, unknown> } }>(
      await post(t.app, AdminContentPaths.template, { name: TemplateName.basic }, staff.content.token),
    ).data.published;
    expect(template.basicInfo).not.toHaveProperty('bankAccounts');
    const draft = envelope(
      await post(
        t.app,
        AdminContentPaths.draftSave,
        {
          name: TemplateName.basic,
          template: { ...template, basicInfo: { ...template.basicInfo, bankAccounts: [ICBC] } },
        },
        staff.content.token,
      ),
    );
    expect(draft.resultCode).toBe(ResultCode.ParamsError);
    expect(draft.message).toMatch(/转账收款账户不在基础设置中修改/);
    expect(await memberSees()).toEqual(before);

    // The contact details are still the content role's.
    const contact = envelope(
      await post(
        t.app,
        AdminContentPaths.draftSave,
        {
          name: TemplateName.basic,
          template: { ...template, basicInfo: { ...template.basicInfo, hotline: '123' } },
        },
        staff.content.token,
      ),
    );
    expect(contact.success, contact.message).toBe(true);
  }, 60_000);

  it('are refused to a money role until its second factor is set up', async () => {
    const noTotp = await staffToken(t, 'finance', { withTotp: false });
    const refused = await save(noTotp, [ICBC]);
    expect(refused.statusCode).toBe(403);
    expect(envelope(refused).resultCode).toBe(ResultCode.TwoFactorSetupRequired);
  }, 60_000);

  it('are changed by the owner, audited before and after, told to finance, and shown to members', async () => {
    const before = await memberSees();
    const saved = envelope<BankAccountsSaveResponse>(await save(staff.owner, [CBA, ICBC]));
    expect(saved.success, saved.message).toBe(true);
    expect(saved.data).toMatchObject({ items: [CBA, ICBC], updatedBy: staff.owner.username, changed: true });

    expect(await memberSees()).toEqual([CBA, ICBC]);

    const audit = envelope<AuditListResponse>(
      await post(t.app, AdminPaths.auditList, { action: 'bankAccounts.update' }, staff.owner.token),
    ).data.items[0];
    expect(audit).toMatchObject({ actor: staff.owner.username, before, after: [CBA, ICBC] });

    // Finance reads who changed what on its settings page, and is told by e-mail; the owner who did it is not.
    const page = envelope<AdminBankAccountsResponse>(
      await post(t.app, AdminBankAccountPaths.get, {}, staff.finance.token),
    ).data;
    expect(page.items).toEqual([CBA, ICBC]);
    expect(page.history[0]).toMatchObject({ actor: staff.owner.username, before, after: [CBA, ICBC] });
    const told = await noticesTo('staffBankAccounts', emails.finance);
    expect(told).toHaveLength(1);
    expect(told[0]?.params).toMatchObject({ actor: staff.owner.username });
    expect(told[0]?.params.after).toContain('1111 2222');
    expect(await noticesTo('staffBankAccounts', emails.owner)).toHaveLength(0);

    // The same accounts again change nothing and tell nobody.
    const again = envelope<BankAccountsSaveResponse>(await save(staff.owner, [CBA, ICBC]));
    expect(again.data.changed).toBe(false);
    expect(await noticesTo('staffBankAccounts', emails.finance)).toHaveLength(1);
  }, 60_000);

  it('are changed by finance, and the owner is told', async () => {
    const saved = envelope<BankAccountsSaveResponse>(await save(staff.finance, [ICBC]));
    expect(saved.success, saved.message).toBe(true);
    expect(await memberSees()).toEqual([ICBC]);
    const told = await noticesTo('staffBankAccounts', emails.owner);
    expect(told).toHaveLength(1);
    expect(told[0]?.params).toMatchObject({ actor: staff.finance.username });
  }, 60_000);

  it('refuses a bad account with a Chinese message and keeps the stored ones', async () => {
    const bad = envelope(await save(staff.finance, [{ ...ICBC, accountNo: '' }]));
    expect(bad.resultCode).toBe(ResultCode.ParamsError);
    expect(bad.message).toMatch(/请输入账号/);
    expect(await memberSees()).toEqual([ICBC]);
  }, 60_000);
});

describe('upgrading a shop whose basic template held the bank accounts (migration 0039)', () => {
  it('carries the published accounts over and takes them out of the template and its draft', async () => {
    const client = await createPglite();
    const old = await migrationsThrough(38);
    try {
      await migrate(drizzle({ client, schema }), { migrationsFolder: old });
      const basic = (accounts: BankAccount[]) =>
        JSON.stringify({
          basicInfo: {
            siteName: '商城',
            slogan: '',
            hotline: '',
            email: '',
            address: '',
            workTime: '',
            bankAccounts: accounts,
          },
          helps: [],
          allWrap: [],
          customerAd: [],
        });
      await client.query('insert into templates (name, template_json) values ($1, $2)', [
        TemplateName.basic,
        basic([CBA, ICBC]),
      ]);
      await client.query(
        'insert into template_drafts (name, template_json, updated_by) values ($1, $2, $3)',
        [TemplateName.basic, basic([ICBC]), 'content1'],
      );

      await pgliteHandle(client).migrate();

      const settings = await client.query<{ bank_accounts: unknown }>(
        'select bank_accounts from deposit_settings',
      );
      expect(settings.rows).toEqual([{ bank_accounts: [CBA, ICBC] }]);
      for (const table of ['templates', 'template_drafts']) {
        const rows = await client.query<{ template_json: string }>(`select template_json from ${table}`);
        const stored = JSON.parse(rows.rows[0]?.template_json ?? '{}');
        expect(stored.basicInfo, table).not.toHaveProperty('bankAccounts');
        expect(stored.basicInfo.siteName, table).toBe('商城');
      }
    } finally {
      await client.close();
      await rm(old, { recursive: true, force: true });
    }
  }, 120_000);
});
