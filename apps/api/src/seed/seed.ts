import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type AppConfig, isProduction } from '../config/env';
import type { Database } from '../db/client';
import { seedSteps as seedStepsTable } from '../db/schema';
import type { Clock } from '../lib/clock';
import { createServices, type ServiceDeps, type Services } from '../services';
import { demoAfterSaleSeed } from './demo-aftersale';
import { demoCatalogueSeed } from './demo-catalogue';
import { demoCheckoutSeed } from './demo-checkout';
import { demoContentSeed } from './demo-content';
import { demoHistorySeed } from './demo-history';
import { demoMemberSeed } from './demo-member';
import { demoPickupSeed } from './demo-pickup';
import { supplierContentSeed } from './supplier-content';

/**
 * Demo data as a list of steps. Each step runs in its own transaction together with the row that records it in
 * `seed_steps`, so a first start stopped halfway (a crash, `kill -9`) leaves whole steps only, and the next start
 * finishes the missing ones. Steps also add only what is missing, so `shop seed` can run again safely.
 */
export interface SeedStep {
  name: string;
  /** The step creates a login whose password is published (README, start banner): never in production. */
  publishedLogin?: boolean;
  /** Adds the step's data if missing; returns a one-line summary for the operator. */
  run(services: Services, context: SeedContext): Promise<string>;
}

/** Content every shop needs (shopContentSteps): adds what is missing, on the shop's own services. */
export interface ShopContentStep {
  name: string;
  run(services: Services): Promise<string>;
}

/** What a step may need besides its services. */
export interface SeedContext {
  config: AppConfig;
  /** A line for the operator while a long step runs (its writes commit only at its end). */
  progress(line: string): void;
  /**
   * The same services on another clock, writing through the step's transaction: a step that seeds the past
   * (demo-history.ts) moves the clock to each moment it replays. Tracking at the courier's service is off there.
   */
  at(clock: Clock): Services;
}

export const seedSteps: SeedStep[] = [
  demoMemberSeed,
  demoCatalogueSeed,
  demoContentSeed,
  demoCheckoutSeed,
  demoPickupSeed,
  demoAfterSaleSeed,
  demoHistorySeed,
];

/**
 * Content every shop needs, demo data or not: run at each start (SEED_DEMO or not) and by `shop seed`, each adding
 * only what is missing, so a shop started before it existed gets it at its next start and an operator's edit stays.
 */
export const shopContentSteps: ShopContentStep[] = [supplierContentSeed];

/** Adds the shop content that is missing (shopContentSteps); returns a line for each step that wrote something. */
export async function ensureShopContent(services: Services): Promise<string[]> {
  const summaries: string[] = [];
  for (const step of shopContentSteps) {
    const summary = await step.run(services);
    if (summary) summaries.push(`${step.name}: ${summary}`);
  }
  return summaries;
}

type SeedLog = Pick<FastifyBaseLogger, 'info'>;

/** Summary recorded for a published-login step that production skipped (it is not tried again). */
export const SKIPPED_IN_PRODUCTION = 'skipped: NODE_ENV=production never gets a published login';

async function recordStep(db: Database, name: string, summary: string): Promise<void> {
  await db
    .insert(seedStepsTable)
    .values({ name, summary: summary.slice(0, 500) })
    .onConflictDoUpdate({
      target: seedStepsTable.name,
      set: { summary: summary.slice(0, 500), doneAt: sql`now()` },
    });
}

/** Names of the steps that finished in this database. */
export async function finishedSeedSteps(db: Database): Promise<Set<string>> {
  const rows = await db.select({ name: seedStepsTable.name }).from(seedStepsTable);
  return new Set(rows.map((r) => r.name));
}

/**
 * Runs the steps in order, each atomically with its record. With NODE_ENV=production a step that would create
 * a published login (the demo member and its password) is recorded as skipped instead, whatever SEED_DEMO says.
 */
export async function runSeed(deps: ServiceDeps, log: SeedLog, steps: readonly SeedStep[] = seedSteps) {
  const { db } = deps.database;
  for (const step of steps) {
    if (step.publishedLogin && isProduction(deps.config.nodeEnv)) {
      await recordStep(db, step.name, SKIPPED_IN_PRODUCTION);
      log.info({ step: step.name }, `seed ${step.name}: ${SKIPPED_IN_PRODUCTION}`);
      continue;
    }
    const summary = await db.transaction(async (tx) => {
      // Every service of the step writes through this transaction: the step and its record commit together.
      const database = { ...deps.database, db: tx };
      const services = createServices({ ...deps, database });
      const text = await step.run(services, {
        config: deps.config,
        progress: (line) => log.info({ step: step.name }, `seed ${step.name}: ${line}`),
        at: (clock) =>
          createServices({
            ...deps,
            clock,
            database,
            config: { ...deps.config, tracking: { ...deps.config.tracking, provider: 'off' } },
          }),
      });
      await recordStep(tx, step.name, text);
      return text;
    });
    log.info({ step: step.name }, `seed ${step.name}: ${summary}`);
  }
}

/**
 * Seeds a fresh database (no member and no goods yet), or finishes a seed that a stopped start left halfway.
 * A shop in use, or one seeded before steps were recorded, never gets demo data back. True when it seeded.
 */
export async function seedIfFresh(
  deps: ServiceDeps,
  log: SeedLog,
  steps: readonly SeedStep[] = seedSteps,
): Promise<boolean> {
  const { db } = deps.database;
  const finished = await finishedSeedSteps(db);
  if (finished.size === 0) {
    const services = createServices(deps);
    if ((await services.member.countMembers()) > 0 || (await services.catalogueAdmin.countGoods()) > 0)
      return false;
  }
  const missing = steps.filter((step) => !finished.has(step.name));
  if (missing.length === 0) return false;
  if (finished.size > 0)
    log.info({ missing: missing.map((s) => s.name) }, 'finishing an interrupted demo seed');
  await runSeed(deps, log, missing);
  return true;
}
