import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';

// Each test starts fresh databases and apps: slow on a loaded machine.
vi.setConfig({ testTimeout: 180_000 });

import { buildApp } from '../src/app';
import { writeBackupFile } from '../src/db/backup-files';
import type { DatabaseHandle } from '../src/db/client';
import { openDatabase } from '../src/db/client';
import { staff } from '../src/db/schema';
import { createSecretBox, SecretKeyMissingError, secretKeyOf } from '../src/lib/secret-box';
import { staffLogin, staffToken, totpCode } from './support/staff';
import { type TestApp, testClock, testConfig } from './support/test-app';

/** An app on `database`, which outlives it: a shop restarted with another configuration. */
async function appOn(database: DatabaseHandle, env: Record<string, string>): Promise<TestApp> {
  const config = testConfig({ SEED_DEMO: 'false', ...env });
  const clock = testClock();
  const app = await buildApp({ config, database, clock: clock.now });
  await app.ready();
  return {
    app,
    database,
    deps: { config, database, clock: clock.now, rateLimiter: app.rateLimiter },
    clock,
    close: () => app.close(),
  };
}

async function memoryDatabase(): Promise<DatabaseHandle> {
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  await database.migrate();
  return database;
}

/** Secrets at rest (#35, README 'Secrets at rest'): sealed TOTP secrets, their key rotation, private files. */

const newKey = () => randomBytes(32).toString('base64');

describe('the secret box', () => {
  it('seals with the current key, opens with it or an old one, and reads a plain secret as it is', () => {
    const [a, b] = [secretKeyOf(randomBytes(32)), secretKeyOf(randomBytes(32))];
    const sealed = createSecretBox(a).seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(new RegExp(`^enc:v1:${a.id}:`));
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    const rotated = createSecretBox(b, [a]);
    expect(rotated.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(rotated.isCurrent(sealed)).toBe(false);
    expect(rotated.isCurrent(rotated.seal('x'))).toBe(true);
    expect(rotated.open('JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => createSecretBox(b).open(sealed)).toThrow(SecretKeyMissingError);
    // A changed byte is refused (GCM's tag), not read as another secret: one bit of the ciphertext flipped.
    const parts = sealed.split(':');
    const body = Buffer.from(parts.pop() ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    const tampered = [...parts, body.toString('base64url')].join(':');
    expect(() => createSecretBox(a).open(tampered)).toThrow();
  });
});

describe('staff TOTP secrets', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('are stored sealed with SHOP_SECRET_KEY and still sign in; a plain one is sealed at the next start', async () => {
    const database = await memoryDatabase();
    const plain = await appOn(database, {});
    const s = await staffToken(plain, 'owner');
    const secret = s.totpSecret ?? '';
    const stored = async () =>
      (await database.db.select({ v: staff.totpSecret }).from(staff).where(eq(staff.username, s.username)))[0]
        ?.v;
    // Without a key (a shop before this release) the secret is as it was.
    expect(await stored()).toBe(secret);
    await plain.close();

    const key = newKey();
    const sealed = await appOn(database, { SHOP_SECRET_KEY: key });
    apps.push(sealed);
    const value = await stored();
    expect(value).toMatch(/^enc:v1:[0-9a-f]{8}:/);
    expect(value).not.toContain(secret);
    sealed.clock.advance(60_000);
    const login = await staffLogin(sealed, {
      username: s.username,
      password: s.password,
      totpCode: await totpCode(sealed, secret),
    });
    expect(login.success, login.message).toBe(true);
  });

  it('stop a production server without SHOP_SECRET_KEY only while some staff member has TOTP on', async () => {
    const database = await memoryDatabase();
    const production = { NODE_ENV: 'production', SHOP_TEST_CAPTCHA: '' };
    // No staff with TOTP: nothing to keep, the shop starts.
    const first = await appOn(database, production);
    await first.close();
    const dev = await appOn(database, {});
    // An owner has TOTP on from the first sign-in.
    expect((await staffToken(dev, 'owner')).totpSecret).toBeTruthy();
    await dev.close();
    await expect(appOn(database, production)).rejects.toThrow(/SHOP_SECRET_KEY/);
    const keyed = await appOn(database, { ...production, SHOP_SECRET_KEY: newKey() });
    await keyed.close();
    await database.close();
  });
});

describe('files at rest', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  const mode = async (path: string) => (await stat(path)).mode & 0o777;

  it('the embedded database folder is 700 and its files 600, a folder of an older release included', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'shop-private-'));
    dirs.push(parent);
    const dataDir = join(parent, 'data');
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.close();
    expect(await mode(dataDir)).toBe(0o700);
    const walk = async (dir: string): Promise<number[]> => {
      const modes: number[] = [];
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) modes.push(await mode(path), ...(await walk(path)));
        else if (entry.isFile()) modes.push(await mode(path));
      }
      return modes;
    };
    const modes = await walk(dataDir);
    expect(modes.length).toBeGreaterThan(10);
    expect(modes.filter((m) => m !== 0o600 && m !== 0o700)).toEqual([]);
  });

  it('a backup file is 600', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shop-backups-'));
    dirs.push(dir);
    const file = await writeBackupFile(
      dir,
      'shop-2026-01-01T00-00-00.000Z.tar.gz',
      new Uint8Array([1, 2, 3]),
    );
    expect(await mode(file.path)).toBe(0o600);
  });
});
