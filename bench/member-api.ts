/**
 * Throughput and tail latency of the member calls current/ and login/ against a started shop.
 * Usage: npm run bench:member            (embedded PGlite)
 *        BENCH_DATABASE_URL=postgres://… npm run bench:member   (PostgreSQL)
 * Each call runs for BENCH_SECONDS (default 10) with BENCH_CONNECTIONS (default 10) connections.
 */
import { MemberPaths } from '@shop/domain';
import { loginToken } from '../e2e/support/api';
import { load, report, resultRow, startBenchShop } from './support';

const shop = await startBenchShop();
const rows: Record<string, unknown>[] = [];
try {
  const token = await loginToken(shop.baseURL);
  const calls = [
    { title: 'current/', path: MemberPaths.current, token },
    // Successful logins only: failures are rate-limited by design.
    { title: 'login/', path: MemberPaths.login, body: { username: 'demo', password: 'demo1234' } },
  ];
  for (const call of calls) rows.push(resultRow(call.title, await load(shop, call)));
} finally {
  await shop.stop();
}
await report('member-api', rows);
