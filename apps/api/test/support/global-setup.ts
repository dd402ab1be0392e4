import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApi } from '../../build.mjs';
import { buildApp } from '../../src/app';
import { createPglite, type DatabaseHandle, pgliteHandle, postgresHandle } from '../../src/db/client';
import { onServer, withDatabase } from './server-database';
import { testConfig } from './test-app';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder (tar) each test file loads; empty when TEST_DATABASE_URL is set. */
    pgliteSnapshot: string;
    /** The same, with the demo data the test configuration seeds (createTestApp's default). */
    pgliteSeededSnapshot: string;
    /** The same migrated PGlite data folder as a folder: an operator command line's starting point (cli.ts). */
    pgliteFolder: string;
    /** A migrated PostgreSQL database each test file's database is created from; empty without TEST_DATABASE_URL. */
    postgresTemplate: string;
    /** The same, with the demo data the test configuration seeds. */
    postgresSeededTemplate: string;
  }
}

/** Seeds the demo data as an app of the test configuration does on its first start (and analyzes, as it does). */
async function seedDemo(database: DatabaseHandle): Promise<void> {
  const app = await buildApp({ config: testConfig(), database });
  await app.close();
}

/**
 * A fresh PGlite costs about 3 s (initdb, then the migrations); loading a migrated snapshot costs ~0.5 s and
 * copying a migrated folder about as much, so the migration runs once here and every test file starts from a
 * copy (docs/conventions.md 'Tests'). On PostgreSQL, a database made from a migrated template is a file copy (50 ms)
 * where migrating a new one takes 250 ms. Seeding the demo data takes 2 s more on either, so the test
 * configuration's seed is made once too, for the apps that ask for it (test-app.ts createTestApp). Tests of a
 * first start (migrations, seed-resume, upgrade) still begin from nothing.
 */
export async function setup(project: TestProject) {
  // The tests that start a server or a command line as a process run the bundle `npm start` runs (support/bundle.ts).
  await buildApi();
  const dir = await mkdtemp(join(tmpdir(), 'shop-api-test-'));
  const folder = join(dir, 'migrated');
  await mkdir(folder);
  const client = await createPglite(folder);
  const handle = pgliteHandle(client);
  await handle.migrate();
  const serverUrl = process.env.TEST_DATABASE_URL;
  let file = '';
  let seededFile = '';
  if (!serverUrl) {
    file = join(dir, 'migrated.tar');
    await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  }
  await handle.close();
  if (!serverUrl) {
    // Seeded in memory, from the migrated copy: the folder stays as a first start leaves it.
    const seeding = await createPglite(undefined, { loadDataDir: new Blob([await readFile(file)]) });
    const seedingHandle = pgliteHandle(seeding);
    await seedDemo(seedingHandle);
    seededFile = join(dir, 'seeded.tar');
    await writeFile(seededFile, Buffer.from(await (await seeding.dumpDataDir('none')).arrayBuffer()));
    await seedingHandle.close();
  }
  project.provide('pgliteSnapshot', file);
  project.provide('pgliteSeededSnapshot', seededFile);
  project.provide('pgliteFolder', folder);

  const templates: string[] = [];
  if (serverUrl) {
    const suffix = randomBytes(6).toString('hex');
    const migrated = `shop_tpl_${suffix}`;
    await onServer(serverUrl, `create database ${migrated}`);
    templates.push(migrated);
    const migratedHandle = postgresHandle(withDatabase(serverUrl, migrated));
    await migratedHandle.migrate();
    await migratedHandle.close();
    const seeded = `shop_tpl_seeded_${suffix}`;
    await onServer(serverUrl, `create database ${seeded} template ${migrated}`);
    templates.push(seeded);
    const seededHandle = postgresHandle(withDatabase(serverUrl, seeded));
    await seedDemo(seededHandle);
    await seededHandle.close();
  }
  project.provide('postgresTemplate', templates[0] ?? '');
  project.provide('postgresSeededTemplate', templates[1] ?? '');

  return async () => {
    if (serverUrl)
      for (const name of templates)
        await onServer(serverUrl, `drop database if exists ${name} with (force)`).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
}
