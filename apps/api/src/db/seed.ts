import type { FastifyBaseLogger } from 'fastify';
import { demoCatalogueSeed } from '../modules/catalogue/catalogue.seed';
import { demoCheckoutSeed } from '../modules/checkout/checkout.seed';
import { demoContentSeed } from '../modules/content/content.seed';
import { demoMemberSeed } from '../modules/member/member.seed';
import type { Services } from '../services';

/**
 * Demo data as a list of steps. Each step is idempotent (it adds only what is missing), so `shop seed`
 * can run again safely; later modules append their own steps (catalogue, cart …) to `seedSteps`.
 */
export interface SeedStep {
  name: string;
  /** Adds the step's data if missing; returns a one-line summary for the operator. */
  run(services: Services): Promise<string>;
}

export const seedSteps: SeedStep[] = [demoMemberSeed, demoCatalogueSeed, demoContentSeed, demoCheckoutSeed];

type SeedLog = Pick<FastifyBaseLogger, 'info'>;

/** Runs every seed step in order. */
export async function runSeed(services: Services, log: SeedLog, steps: readonly SeedStep[] = seedSteps) {
  for (const step of steps) {
    const summary = await step.run(services);
    log.info({ step: step.name }, `seed ${step.name}: ${summary}`);
  }
}

/** Seeds only a fresh database (no member yet), so demo data never returns to a shop in use. */
export async function seedIfFresh(services: Services, log: SeedLog): Promise<boolean> {
  if ((await services.member.countMembers()) > 0) return false;
  await runSeed(services, log);
  return true;
}
