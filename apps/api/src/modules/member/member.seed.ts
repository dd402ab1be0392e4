import type { SeedStep } from '../../db/seed';

/** The demo login printed at start and used by the README, the end-to-end tests and the benchmarks. */
export const DEMO_MEMBER = { username: 'demo', password: 'demo1234', name: '演示会员' } as const;

export const demoMemberSeed: SeedStep = {
  name: 'demo-member',
  async run(services) {
    const created = await services.member.ensureMember(DEMO_MEMBER);
    return created ? `created member ${DEMO_MEMBER.username}` : `member ${DEMO_MEMBER.username} exists`;
  },
};
