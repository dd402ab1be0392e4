/**
 * What the browser's main thread does while a storefront page opens on a phone: Chromium with its CPU slowed 4×
 * (Lighthouse's mobile preset), a 412×823 screen at 1.75 device pixels, the shop started as in production with the
 * demo data. For each page, RUNS times (default 3, median): the main thread's task, script, layout and style time
 * up to the moment the page has been quiet for 2 s, its long tasks (> 50 ms) and their blocking time past 50 ms,
 * and, with --profile, the functions and files that took the most time (a CPU profile of the last run).
 * The member pages a phone opens most (order list, an order, checkout) are opened signed in as the demo member.
 * Usage: npm run bench:main-thread [-- --no-build] [-- --profile]; MAIN_THREAD_PAGES=home,cart runs only those.
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

const RUNS = Number(process.env.RUNS ?? 3);
const PROFILE = process.argv.includes('--profile');

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
      await tab.goto(`${shop.baseURL}${page.path}`, { waitUntil: 'networkidle' });
      await tab.waitForTimeout(2000);
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
