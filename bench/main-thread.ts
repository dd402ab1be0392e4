/**
 * What the browser's main thread does while a storefront page opens on a phone: Chromium with its CPU slowed 4×
 * (Lighthouse's mobile preset), a 412×823 screen at 1.75 device pixels, the shop started as in production with the
 * demo data. For each page, RUNS times (default 3, median): the main thread's task, script, layout and style time
 * up to the moment the page has been quiet for 2 s, its long tasks (> 50 ms) and their blocking time past 50 ms,
 * with --profile, the functions and files that took the most time (a CPU profile of the last run), and with
 * --trace, each long task of the last run broken down by the trace events that took its time.
 * The member pages a phone opens most (order list, an order, checkout, an order's payment) are opened signed in
 * as the demo member.
 * Usage: npm run bench:main-thread [-- --no-build] [-- --profile] [-- --trace]; MAIN_THREAD_PAGES=home,cart runs
 * only those.
 * Not part of `npm test`: a tool to compare changes back to back on the same machine.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { StorageKey } from '@shop/domain';
import { chromium } from 'playwright-core';
import { repoRoot } from '../e2e/support/server';
import { median, memberSample, shelfSample, startDemoShop } from './storefront-pages';
import type { TraceEvent } from './support';

const RUNS = Number(process.env.RUNS ?? 3);
const PROFILE = process.argv.includes('--profile');
const TRACE = process.argv.includes('--trace');

/**
 * The long tasks (> 50 ms at the slowed CPU) of a Chromium trace of the page's main thread, each with the events
 * that took its time, by name (a script's file for script events), largest first.
 */
function longTasks(events: TraceEvent[]): string[] {
  const renderers = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  // The page's renderer is the busiest one.
  const threads = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (renderers.has(key)) threads.set(key, (threads.get(key) ?? 0) + 1);
  }
  const thread = [...threads].sort((a, b) => b[1] - a[1])[0]?.[0];
  const mine = events
    .filter((e) => `${e.pid}:${e.tid}` === thread && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const tasks = mine.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && (e.dur ?? 0) > 50_000);
  const start = mine[0]?.ts ?? 0;
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const by = new Map<string, number>();
    for (const e of mine) {
      if (e === task || e.ts < task.ts || e.ts + (e.dur ?? 0) > end) continue;
      const url = e.args?.data?.url?.replace(/^.*\/assets\//, '');
      const label =
        url && /FunctionCall|EvaluateScript|v8\.compile/.test(e.name) ? `${e.name} ${url}` : e.name;
      by.set(label, (by.get(label) ?? 0) + (e.dur ?? 0));
    }
    const parts = [...by]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([name, us]) => `${name} ${Math.round(us / 1000)}`);
    return `  task at ${Math.round((task.ts - start) / 1000)} ms, ${Math.round((task.dur ?? 0) / 1000)} ms: ${parts.join(' · ')}`;
  });
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) by function and by file of a CPU profile. */
function summarise(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const [id, ms] of self) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const file = frame.url
      ? frame.url.replace(/^https?:\/\/[^/]+/, '')
      : `(${frame.functionName || 'native'})`;
    const fn = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${v.toFixed(0).padStart(6)} ms  ${k}`);
  return { functions: top(byFunction, 25), files: top(byFile, 15) };
}

if (!process.argv.includes('--no-build')) {
  execFileSync('npm', ['run', 'build', '-w', '@shop/web'], { cwd: repoRoot, stdio: 'inherit' });
}
const shop = await startDemoShop();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const { firstProduct: first, cartLines } = await shelfSample(shop.baseURL);
  const guestCart = { [StorageKey.cartInfo]: JSON.stringify({ data: cartLines, deleteList: [] }) };
  const { storage: member, orderId } = await memberSample(shop.baseURL);
  const allPages: { name: string; path: string; storage?: Record<string, string> }[] = [
    { name: 'home', path: '/' },
    { name: 'list', path: '/products' },
    { name: 'product', path: `/product/${first.id}` },
    { name: 'cart', path: '/cart', storage: guestCart },
    { name: 'orders', path: '/member/order', storage: member },
    { name: 'order', path: `/order/${orderId}`, storage: member },
    { name: 'checkout', path: '/checkout', storage: member },
    { name: 'payment', path: `/payment?orderId=${orderId}`, storage: member },
  ];
  const only = process.env.MAIN_THREAD_PAGES?.split(',');
  const pages = only ? allPages.filter((p) => only.includes(p.name)) : allPages;
  const report: Record<string, unknown>[] = [];
  for (const page of pages) {
    const runs: {
      task: number;
      script: number;
      layout: number;
      style: number;
      long: number[];
      tbt: number;
    }[] = [];
    let profileSummary: ReturnType<typeof summarise> | undefined;
    let traced: string[] = [];
    // A first visit warms the server's caches and the picture sizes; it is not counted.
    for (let run = -1; run < RUNS; run += 1) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      await context.addInitScript((storage) => {
        if (storage && !sessionStorage.getItem('bench-storage')) {
          sessionStorage.setItem('bench-storage', '1');
          for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
        }
        const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
        w.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      }, page.storage);
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Performance.enable');
      const last = PROFILE && run === RUNS - 1;
      if (last) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      if (TRACE && run === RUNS - 1) {
        await browser.startTracing(tab, {
          categories: ['devtools.timeline', 'v8', 'v8.execute', 'toplevel'],
        });
      }
      await tab.goto(`${shop.baseURL}${page.path}`, { waitUntil: 'networkidle' });
      await tab.waitForTimeout(2000);
      if (TRACE && run === RUNS - 1) {
        const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
        traced = longTasks(trace.traceEvents);
      }
      const metrics = Object.fromEntries(
        ((await cdp.send('Performance.getMetrics')).metrics as { name: string; value: number }[]).map((m) => [
          m.name,
          m.value,
        ]),
      );
      const long = await tab.evaluate(
        () => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks,
      );
      if (last) {
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
        profileSummary = summarise(profile);
        await mkdir(join(repoRoot, 'bench/results'), { recursive: true });
        await writeFile(
          join(repoRoot, `bench/results/main-thread-${page.name}.cpuprofile`),
          JSON.stringify(profile),
        );
      }
      await context.close();
      if (run < 0) continue;
      const ms = (s: number | undefined) => Math.round((s ?? 0) * 1000);
      runs.push({
        task: ms(metrics.TaskDuration),
        script: ms(metrics.ScriptDuration),
        layout: ms(metrics.LayoutDuration),
        style: ms(metrics.RecalcStyleDuration),
        long: long.map((t) => Math.round(t.duration)),
        tbt: Math.round(long.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0)),
      });
    }
    const row = {
      page: page.name,
      taskMs: median(runs.map((r) => r.task)),
      scriptMs: median(runs.map((r) => r.script)),
      layoutMs: median(runs.map((r) => r.layout)),
      styleMs: median(runs.map((r) => r.style)),
      blockingMs: median(runs.map((r) => r.tbt)),
      runs: runs.map((r) => `${r.task}/${r.script}/${r.tbt}`).join(' '),
      longTasks: runs.at(-1)?.long.join(' ') ?? '',
      load: loadavg()[0]?.toFixed(2),
    };
    report.push({ ...row, profile: profileSummary });
    // biome-ignore lint/suspicious/noConsole: a benchmark's result.
    console.log(JSON.stringify(row));
    // biome-ignore lint/suspicious/noConsole: a benchmark's result.
    if (traced.length > 0) console.log(traced.join('\n'));
    if (profileSummary) {
      // biome-ignore lint/suspicious/noConsole: a benchmark's result.
      console.log(
        ['  files:', ...profileSummary.files, '  functions:', ...profileSummary.functions].join('\n'),
      );
    }
  }
  await mkdir(join(repoRoot, 'bench/results'), { recursive: true });
  await writeFile(join(repoRoot, 'bench/results/main-thread.json'), JSON.stringify(report, null, 2));
} finally {
  await browser.close();
  await shop.stop();
}
