import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { StorageKey } from '@shop/domain';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { repoRoot } from './server';

/** Where end-to-end screenshots go, to be looked at after a run. */
export const screenshotDir = join(repoRoot, '.test-output', 'screenshots');

/**
 * Whether the journeys photograph their pages: yes by default, for a person to look at after a run; no in CI (`CI`
 * set), which keeps no output, and where drawing and encoding the pictures took a fifth of the journeys' time
 * (docs/scaling.md 'The test run'). `SHOP_E2E_PHOTOS=1` takes them in CI too, `SHOP_E2E_PHOTOS=0` skips them here.
 */
export const photosTaken =
  process.env.SHOP_E2E_PHOTOS === '1' || (!process.env.CI && process.env.SHOP_E2E_PHOTOS !== '0');

/** Photographs a page (or a part of one) into `path` when the run takes photos (`photosTaken`). */
export async function photo(
  target: Page | Locator,
  options: { path: string; fullPage?: boolean },
): Promise<void> {
  if (!photosTaken) return;
  if ('goto' in target) await target.screenshot(options);
  else await target.screenshot({ path: options.path });
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far; a journey expects none. */
  errors: string[];
  /**
   * Every console error, the HTTP 4xx answers Chromium logs ('Failed to load resource: … status of 400') too:
   * a journey whose every answer is expected (payment, a cancelled trade) expects none at all.
   */
  consoleErrors: string[];
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The one Chromium of this process: each session is a fresh context of it (its own cookies, storage and cache, as a
 * new profile would have), which opens in milliseconds where a browser of its own took 2–3 s to start and stop. It
 * closes a second after its last session closes (a journey's next session usually opens sooner), so a benchmark's
 * process can end.
 */
let browser: Promise<Browser> | undefined;
let sessions = 0;
let idleClose: NodeJS.Timeout | undefined;

function sharedBrowser(): Promise<Browser> {
  clearTimeout(idleClose);
  browser ??= chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return browser;
}

function sessionClosed(): void {
  sessions -= 1;
  if (sessions > 0) return;
  idleClose = setTimeout(() => {
    const closing = browser;
    browser = undefined;
    void closing?.then((b) => b.close());
  }, 1000);
}

/**
 * Opens a session in Debian's Chromium (never a downloaded browser) that shares nothing with another session;
 * `deviceScaleFactor` 2 or 3 is a phone's dense screen, where the browser picks images' 2× variants.
 */
export async function openBrowser(
  baseURL: string,
  viewport = { width: 1280, height: 800 },
  { deviceScaleFactor = 1 }: { deviceScaleFactor?: number } = {},
): Promise<BrowserSession> {
  await mkdir(screenshotDir, { recursive: true });
  sessions += 1;
  const context = await (await sharedBrowser()).newContext({
    baseURL,
    viewport,
    deviceScaleFactor,
    locale: 'zh-CN',
    // The shop turns antd's entrance motion off for such a reader (antd-provider.tsx, the console's app.tsx): a click
    // cannot land on a dialog or menu still zooming in, however busy the machine.
    reducedMotion: 'reduce',
  });
  // On a busy machine a wait for the page may take many times its quiet time: the limit catches a page that never
  // gets there, not a slow one.
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const errors: string[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    consoleErrors.push(`${msg.text()} ${msg.location().url}`);
    // A 401 answered by the API is an expected outcome of some steps, not a page error.
    if (!/status of 40[0-9]/.test(msg.text())) errors.push(msg.text());
  });
  return {
    context,
    page,
    errors,
    consoleErrors,
    async screenshot(name) {
      await photo(page, { path: join(screenshotDir, `${name}.png`), fullPage: true });
    },
    async close() {
      await context.close();
      sessionClosed();
    },
  };
}

/** Every page the session opens from now on is signed in as the member of `token` (the storefront keeps it in localStorage). */
export async function signInEveryPage(session: BrowserSession, token: string): Promise<void> {
  await session.context.addInitScript(
    ([key, value]) => window.localStorage.setItem(key as string, value as string),
    [StorageKey.token, token],
  );
}

/**
 * Picks `option` in the popup of an antd select or cascader that `open` opens, and waits until `shown` proves
 * the pick. A click that lands while the popup is still opening or scrolling its list is lost to antd, so a
 * pick that does not show is made again, up to `tries` times.
 */
export async function pick(open: Locator, option: Locator, shown: Locator, tries = 4): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    if (!(await option.isVisible())) await open.click();
    await option.click();
    try {
      await shown.waitFor({ timeout: 5_000 });
      return;
    } catch (err) {
      if (attempt >= tries) throw err;
    }
  }
}

/**
 * The names of the cookies the session's browser holds for the shop, read from the browser rather than from the
 * page, so a page reloading meanwhile (a login or logout does) cannot lose the answer.
 */
export async function cookieNames(session: BrowserSession): Promise<string[]> {
  return (await session.context.cookies()).map((cookie) => cookie.name);
}
