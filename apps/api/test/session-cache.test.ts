import { MemberPaths } from '@shop/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postgresHandle } from '../src/db/client';
import { ReadCache } from '../src/lib/read-cache';
import { SESSIONS_CHANNEL } from '../src/modules/member/member.sessions';
import { newMember } from './support/order-fixtures';
import { createTestApp, ownDatabaseUrl, post, type TestApp } from './support/test-app';
import { within } from './support/within';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('ReadCache keep', () => {
  it('answers a value it must not keep, and reads it again next time', async () => {
    const cache = new ReadCache<string | null>(
      1024,
      () => 1,
      (value) => value !== null,
    );
    cache.trust(true);
    let reads = 0;
    const miss = async () => {
      reads += 1;
      return null;
    };
    expect(await cache.get('unknown', miss)).toBeNull();
    expect(await cache.get('unknown', miss)).toBeNull();
    expect(reads).toBe(2);
    expect(await cache.get('known', async () => 'live')).toBe('live');
    expect(await cache.get('known', async () => 'never read')).toBe('live');
    expect(cache.stats.entries).toBe(1);
  });
});

describe('members’ sessions in memory', () => {
  let t: TestApp;
  /** The token lookups sent to the database since the last reset. */
  let lookups = 0;

  const current = (token: string) => post(t.app, MemberPaths.current, {}, token);

  beforeAll(async () => {
    t = await createTestApp();
    // Listening is under way once the app is ready; on PostgreSQL it is a connection of its own.
    await within(async () => t.app.services.sessions?.stats.trusted === true);
  });
  afterEach(() => {
    t.database.watchQueries(null);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Counts the statements that look a token up (every statement is timed while this watch is set). */
  function countLookups(): void {
    lookups = 0;
    t.database.watchQueries({
      slowMs: 0,
      context: () => undefined,
      onSlow: (text) => {
        if (text.includes('from "member_tokens"')) lookups += 1;
      },
    });
  }

  it('looks a live token up once, then answers the member’s calls from memory', async () => {
    const m = await newMember(t.app, 'sess');
    countLookups();
    for (let i = 0; i < 5; i += 1) expect((await current(m.token)).statusCode).toBe(200);
    expect(lookups).toBe(1);
  });

  it('never keeps an unknown token: each call with it reads the database and is refused', async () => {
    countLookups();
    const stranger = 'x'.repeat(43);
    for (let i = 0; i < 3; i += 1) expect((await current(stranger)).statusCode).toBe(401);
    expect(lookups).toBe(3);
  });

  it('refuses a token at once after its logout, and the other sessions after a password change', async () => {
    const m = await newMember(t.app, 'sess');
    const other = envelopeToken(
      await post(t.app, MemberPaths.login, { username: m.username, password: 'secret123' }),
    );
    expect((await current(m.token)).statusCode).toBe(200);
    expect((await current(other)).statusCode).toBe(200);
    const changed = await post(
      t.app,
      MemberPaths.updatePwd,
      { oldPassword: 'secret123', newPassword: 'secret456' },
      m.token,
    );
    expect(changed.statusCode).toBe(200);
    expect((await current(other)).statusCode).toBe(401);
    expect((await current(m.token)).statusCode).toBe(200);
    expect((await post(t.app, MemberPaths.logout, {}, m.token)).statusCode).toBe(200);
    expect((await current(m.token)).statusCode).toBe(401);
  });

  it('ends every session at once when the member sets a new password with a link staff made', async () => {
    const m = await newMember(t.app, 'sess');
    expect((await current(m.token)).statusCode).toBe(200);
    const made = await t.app.services.memberAdmin.resetPassword(
      { staffId: null, actor: 'cli', ip: null },
      m.id,
    );
    if (made.channel !== 'link') throw new Error('expected a link');
    const token = new URL(made.link).hash.slice(1);
    expect((await current(m.token)).statusCode).toBe(200);
    await t.app.services.member.resetPasswordByLink({ token, password: 'linked2026' });
    expect((await current(m.token)).statusCode).toBe(401);
  });

  it('gives the new price level at once when the level is changed here', async () => {
    const m = await newMember(t.app, 'sess');
    const level = async () => (await t.app.services.member.authenticate(m.token))?.level;
    expect(await level()).toBe(37);
    await t.app.services.member.setLevel(t.database.db, { id: m.id }, 40);
    expect(await level()).toBe(40);
  });

  it('refuses a remembered token once it has expired', async () => {
    const m = await newMember(t.app, 'sess');
    expect((await current(m.token)).statusCode).toBe(200);
    countLookups();
    t.clock.advance(31 * 24 * 3_600_000);
    try {
      expect((await current(m.token)).statusCode).toBe(401);
    } finally {
      t.clock.advance(-31 * 24 * 3_600_000);
    }
  });

  it('hears a revocation, a level and a reset made by another process or by hand, within 1 s', async () => {
    const m = await newMember(t.app, 'sess');
    expect((await current(m.token)).statusCode).toBe(200);
    // Another process: on PostgreSQL a connection of its own; PGlite has one process, its own connection.
    const other = onPostgres ? postgresHandle(await ownDatabaseUrl(t)) : null;
    const db = other?.db ?? t.database.db;
    try {
      await db.execute(sql`update members set level = 41 where id = ${m.id}`);
      expect(
        await within(async () => (await t.app.services.member.authenticate(m.token))?.level === 41),
      ).toBeLessThan(1_000);
      await db.execute(sql`update members set must_change_password = true where id = ${m.id}`);
      expect(
        await within(
          async () => (await t.app.services.member.authenticate(m.token))?.mustChangePassword === true,
        ),
      ).toBeLessThan(1_000);
      await db.execute(sql`update member_tokens set revoked_at = now() where member_id = ${m.id}`);
      expect(await within(async () => (await current(m.token)).statusCode === 401)).toBeLessThan(1_000);
    } finally {
      await other?.close();
    }
  });

  it.runIf(onPostgres)(
    'reads every token from the database while its LISTEN connection is down, and trusts memory again after',
    async () => {
      const m = await newMember(t.app, 'sess');
      expect((await current(m.token)).statusCode).toBe(200);
      const admin = new pg.Client({ connectionString: await ownDatabaseUrl(t) });
      await admin.connect();
      try {
        // Cut the listening connection, then revoke by hand while nothing can be heard.
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query = $1`,
          [`listen "${SESSIONS_CHANNEL}"`],
        );
        await within(async () => t.app.services.sessions?.stats.trusted === false);
        await admin.query('update member_tokens set revoked_at = now() where member_id = $1', [m.id]);
        expect((await current(m.token)).statusCode).toBe(401);
        // Listening again (the first retry waits 500 ms): memory is used again, starting empty.
        await within(async () => t.app.services.sessions?.stats.trusted === true);
        const again = await newMember(t.app, 'sess');
        countLookups();
        expect((await current(again.token)).statusCode).toBe(200);
        expect((await current(again.token)).statusCode).toBe(200);
        expect(lookups).toBe(1);
      } finally {
        await admin.end();
      }
    },
  );
});

function envelopeToken(res: { body: string }): string {
  const body = JSON.parse(res.body) as { success: boolean; data: { token: string } };
  expect(body.success).toBe(true);
  return body.data.token;
}
