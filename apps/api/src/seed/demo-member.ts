import { type Currency, DepositLogType, formatPrice } from '@shop/domain';
import { cliActor } from '../lib/audit';
import type { SeedStep } from './seed';

/** The demo login printed at start and used by the README, the end-to-end tests and the benchmarks. */
export const DEMO_MEMBER = { username: 'demo', password: 'demo1234', name: '演示会员' } as const;

/** The demo member's starting deposit, minor units: ¥5,000.00 and A$1,000.00, logged as system gifts. */
export const DEMO_DEPOSITS: readonly { currency: Currency; amount: number }[] = [
  { currency: 'CNY', amount: 500_000 },
  { currency: 'AUD', amount: 100_000 },
];

export const demoMemberSeed: SeedStep = {
  name: 'demo-member',
  publishedLogin: true,
  async run(services) {
    const created = await services.member.ensureMember(DEMO_MEMBER);
    if (!created) return `member ${DEMO_MEMBER.username} exists`;
    // Only a member made just now gets the gift, so repeating the seed never credits it twice. It goes
    // through the deposit service (spec §3 'Deposit log' type 6), so the log adds up to the balance.
    const memberId = (await services.member.idsByUsernames([DEMO_MEMBER.username])).get(DEMO_MEMBER.username);
    for (const { currency, amount } of DEMO_DEPOSITS)
      await services.depositAdmin.credit(cliActor('seed'), {
        memberId,
        type: DepositLogType.SystemGift,
        currency,
        amount,
        note: '演示账户初始余额',
      });
    const gifts = DEMO_DEPOSITS.map((d) => formatPrice(d.amount, d.currency)).join(' + ');
    return `created member ${DEMO_MEMBER.username} with a deposit of ${gifts}`;
  },
};
