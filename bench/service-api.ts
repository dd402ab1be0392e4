/**
 * Throughput and tail latency of the member's service desk with a long history: message/list/ (first page, one
 * type, unread only), unreadCount/ and supportticket/list/ for a member holding 10,000 messages (plus 200
 * announcements, part of them read) and 1,000 tickets.
 * Usage: BENCH_DATABASE_URL=postgres://… npm run bench:service   (PostgreSQL: the history is written with SQL
 *        beside the running shop, which the embedded database's single process does not allow)
 * Each call runs for BENCH_SECONDS (default 10) with BENCH_CONNECTIONS (default 10) connections.
 */
import { MemberPaths, MessagePaths, SupportTicketPaths } from '@shop/domain';
import pg from 'pg';
import { callApi, loginToken } from '../e2e/support/api';
import { load, report, resultRow, settings, startBenchShop } from './support';

if (!settings.databaseUrl) {
  console.error('bench:service needs PostgreSQL: set BENCH_DATABASE_URL=postgres://… (an empty database)');
  process.exit(2);
}

const shop = await startBenchShop();
const rows: Record<string, unknown>[] = [];
const sql = new pg.Client({ connectionString: settings.databaseUrl });
try {
  const token = await loginToken(shop.baseURL);
  const me = await callApi(shop.baseURL, MemberPaths.current, {}, token);
  const memberId = me.id;
  await sql.connect();
  const started = performance.now();
  await sql.query(
    `insert into messages (member_id, type, title, content, link, created_at)
     select $1, 1 + (i % 3), '订单 SO' || i || ' 已发货', '顺丰速运 SF' || i, '/order/' || i, now() - (10000 - i) * interval '1 minute'
     from generate_series(1, 10000) i`,
    [memberId],
  );
  await sql.query(
    `insert into messages (member_id, type, title, content, created_at)
     select null, 4 + (i % 2), '公告 ' || i, '内容', now() - (200 - i) * interval '1 minute'
     from generate_series(1, 200) i`,
  );
  await sql.query(
    `insert into message_reads (member_id, message_id)
     select $1, id from messages where member_id = $1 and id % 7 = 0`,
    [memberId],
  );
  await sql.query(
    `insert into support_tickets (member_id, type, priority, title, status, reply_count, updated_at)
     select $1, i % 5, i % 3, '工单 ' || i, (array['open','waiting_member','waiting_shop','closed'])[1 + i % 4], 1,
            now() - (1000 - i) * interval '1 hour'
     from generate_series(1, 1000) i`,
    [memberId],
  );
  await sql.query(
    `insert into support_ticket_replies (ticket_id, author, author_name, content)
     select id, 'member', 'demo', '问题描述' from support_tickets where member_id = $1`,
    [memberId],
  );
  await sql.query('analyze');
  rows.push({
    call: 'setup',
    database: settings.database,
    seconds: ((performance.now() - started) / 1000).toFixed(1),
  });

  const calls: [string, string, unknown][] = [
    ['message/list/ first page', MessagePaths.list, { pageNo: 1, pageSize: 10 }],
    ['message/list/ type 2, page 50', MessagePaths.list, { pageNo: 50, pageSize: 10, type: 2 }],
    ['message/list/ unread only', MessagePaths.list, { pageNo: 1, pageSize: 10, unreadOnly: true }],
    ['message/unreadCount/', MessagePaths.unreadCount, {}],
    ['supportticket/list/ first page', SupportTicketPaths.list, { pageNo: 1, pageSize: 10 }],
    [
      'supportticket/list/ waiting_member',
      SupportTicketPaths.list,
      { pageNo: 1, pageSize: 10, status: 'waiting_member' },
    ],
  ];
  for (const [title, path, body] of calls)
    rows.push(resultRow(title, await load(shop, { title, path, body, token })));
} finally {
  await sql.end().catch(() => {});
  await shop.stop();
}
await report('service-api', rows);
