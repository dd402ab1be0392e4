import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser } from './support/browser';
import { newShopDataDir, type RunningShop, repoRoot, startShop, TEST_CAPTCHA } from './support/server';

const run = promisify(execFile);

/** Every supplier path of the route table (spec §2), with what each shows first. */
const SUPPLIER_PAGES: [path: string, heading: string][] = [
  ['/supplier', '把您的商品卖给澳洲与中国的批发买家'],
  ['/supplier/en', 'Sell to wholesale buyers in Australia and China'],
  ['/supplier/Nav0', '区块预览 · Nav0'],
  ['/supplier/Banner1', '把您的商品卖给澳洲与中国的批发买家'],
  ['/supplier/Feature0', '为什么通过我们销售'],
  ['/supplier/Feature5', '合作流程'],
  ['/supplier/data.source', '内容源 · supplier'],
  ['/supplier/en/data.source', 'Content source · supplierEn'],
];

/**
 * The supplier area: every supplier path of the route table in its own wrapper (none under construction, none
 * with the shop's header), the language switch, an application sent with the picture captcha (a wrong code
 * first), and the operator's `supplier:list` showing it. The command line is a second process on the shop's
 * database: this journey runs a shop of its own on a PGlite folder and lists after stopping it (PGlite admits one
 * process at a time). Screenshots at 1366×900 and 390×844.
 */
describe('supplier area journey', () => {
  const company = `Harbour Foods ${Date.now().toString(36)}`;
  let dataDir = '';
  let shop: RunningShop | undefined;
  let s: BrowserSession;

  beforeAll(async () => {
    dataDir = await newShopDataDir();
    shop = await startShop({}, { dataDir });
    s = await openBrowser(shop.baseURL, { width: 1366, height: 900 });
  }, 180_000);

  afterAll(async () => {
    await s?.close();
    await shop?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('opens every supplier path in its own wrapper, each with its own heading', async () => {
    for (const [path, heading] of SUPPLIER_PAGES) {
      await s.page.goto(path);
      await s.page.getByText(heading, { exact: true }).first().waitFor();
      // The area's wrapper, not the shop's header with its search box.
      expect(await s.page.locator('.supplier-wrapper').count(), path).toBe(1);
      expect(await s.page.getByRole('search').count(), path).toBe(0);
      const name = path.replaceAll('/', '-').replace(/^-/, '').replaceAll('.', '-');
      await s.screenshot(`70-${name}-1366`);
    }
    // On a desktop the reasons and the steps stand side by side, four in a row each.
    await s.page.goto('/supplier');
    await s.page.locator('.supplier-step').nth(3).waitFor();
    for (const item of ['.supplier-feature', '.supplier-step']) {
      const tops = await s.page
        .locator(item)
        .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
      expect(tops, item).toHaveLength(4);
      expect(new Set(tops).size, item).toBe(1);
    }
    // A preview shows its block alone; the content source is the stored JSON, read-only.
    await s.page.goto('/supplier/Feature5');
    await s.page.getByRole('heading', { name: '合作流程' }).waitFor();
    expect(await s.page.locator('#Nav0, #Banner1, #Feature0, #apply').count()).toBe(0);
    await s.page.goto('/supplier/en/data.source');
    const source = await s.page.locator('pre code').textContent();
    expect(JSON.parse(source ?? '')).toMatchObject({ Banner1: { cta: 'Apply now' } });
    expect(await s.page.locator('input, textarea').count()).toBe(0);
  });

  it('switches between Chinese and English', async () => {
    await s.page.goto('/supplier');
    const nav = s.page.locator('#Nav0');
    await nav.getByRole('link', { name: 'English' }).click();
    await s.page.waitForURL('**/supplier/en');
    await s.page
      .getByRole('heading', { level: 1, name: 'Sell to wholesale buyers in Australia and China' })
      .waitFor();
    expect(await s.page.evaluate(() => document.documentElement.lang)).toBe('en');
    await s.page.locator('#Nav0').getByRole('link', { name: '中文' }).click();
    await s.page.waitForURL(/\/supplier$/);
    await s.page.getByRole('heading', { level: 1, name: '把您的商品卖给澳洲与中国的批发买家' }).waitFor();
    expect(await s.page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
  });

  it('sends an application in English with the picture captcha and confirms it in English', async () => {
    await s.page.goto('/supplier/en');
    const form = s.page.locator('form.supplier-form');
    await form.getByLabel('Company').fill(company);
    await form.getByLabel('Contact person').fill('Amy Lee');
    await form.getByLabel('Phone').fill('+61 412 345 678');
    await form.getByLabel('E-mail').fill('amy@example.com');
    await form.getByLabel('Country or region').selectOption('AU');
    await form.getByLabel('Product categories').fill('Dairy, infant formula');
    await form.getByLabel('Brands').fill('Harbour Dairy');
    await form.getByRole('checkbox', { name: 'Australia' }).check();
    await form.getByRole('checkbox', { name: 'New Zealand' }).check();
    await form.getByLabel('Message').fill('We ship from Sydney and Auckland.');
    await form.getByRole('img', { name: 'Picture code' }).waitFor();
    // A wrong code is refused at its field, in English, and a new picture replaces the used one.
    const first = await form.getByRole('img', { name: 'Picture code' }).getAttribute('src');
    await form.getByRole('textbox', { name: /^Picture code/ }).fill('zzzz');
    await form.getByRole('button', { name: 'Send application' }).click();
    await form.getByText('The picture code is wrong or has expired. Please try again.').waitFor();
    await expect
      .poll(() => form.getByRole('img', { name: 'Picture code' }).getAttribute('src'))
      .not.toBe(first);
    // The sticky Nav0 would be drawn where the page is scrolled to: the full-page picture starts at the top.
    await s.page.evaluate(() => window.scrollTo(0, 0));
    await s.screenshot('71-supplier-en-captcha-refused-1366');
    await form.getByRole('textbox', { name: /^Picture code/ }).fill(TEST_CAPTCHA);
    await form.getByRole('button', { name: 'Send application' }).click();
    const sent = s.page.getByRole('status');
    await sent.getByText('Application sent').waitFor();
    await sent.getByText(/^Thank you\. Your application has been received/).waitFor();
    await s.page.evaluate(() => window.scrollTo(0, 0));
    await s.screenshot('72-supplier-en-sent-1366');
    expect(s.errors).toEqual([]);
  });

  it('fits a 390 px phone', async () => {
    const phone = await openBrowser(
      shop?.baseURL ?? '',
      { width: 390, height: 844 },
      { deviceScaleFactor: 2 },
    );
    try {
      for (const [path, heading] of SUPPLIER_PAGES.filter(([p]) => !/Feature|Banner1|Nav0/.test(p))) {
        await phone.page.goto(path);
        await phone.page.getByText(heading, { exact: true }).first().waitFor();
        expect(await phone.page.evaluate(() => document.documentElement.scrollWidth), path).toBe(390);
        const name = path.replaceAll('/', '-').replace(/^-/, '').replaceAll('.', '-');
        await phone.screenshot(`73-${name}-390`);
      }
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('is listed by the operator command supplier:list', async () => {
    // The embedded database admits one process: the shop stops, then the operator's command opens its folder.
    await shop?.stop();
    shop = undefined;
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL;
    const { stdout } = await run(
      'npm',
      ['run', '--silent', 'shop', '--', 'supplier:list', '--status', 'new'],
      {
        cwd: repoRoot,
        env,
      },
    );
    const line = stdout.split('\n').find((l) => l.includes(company));
    expect(line).toMatch(/^#\d+\tnew（新申请）\t/);
    expect(line).toContain(
      '\tAmy Lee\t+61 412 345 678\tamy@example.com\tAU 澳大利亚\t仓 AU,NZ\tDairy, infant formula',
    );
  });
});
