import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PaymentPaths } from '@shop/domain';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { callApi } from './api';
import { photo, photosTaken, pick } from './browser';
import { type RunningShop, runShopCommand, startShop, TEST_CAPTCHA } from './server';

/** The widths the console's screens are photographed at: a desktop and a phone. */
export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** A staff account a journey creates in 员工管理 and signs in with. */
export interface StaffAccount {
  username: string;
  name: string;
  /** The role's label in the console (仓库, 客服 …). */
  role: string;
  password: string;
}

/**
 * Photographs the whole page into `dir` once loading overlays and antd's fades are over, so the picture shows
 * the screen as the staff member sees it. Without photos (`photosTaken`) it still waits for the loading to end:
 * the journey's next step expects the screen loaded.
 */
export async function consoleShot(page: Page, dir: string, name: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await page.waitForFunction(
    () => !document.querySelector('.ant-spin-blur, .ant-spin-spinning, .ant-btn-loading, .ant-skeleton'),
  );
  if (!photosTaken) return;
  await page.waitForTimeout(350);
  await photo(page, { path: join(dir, `${name}.png`), fullPage: true });
}

/**
 * The authenticator app: the code of a secret `stepsAhead` 30-second steps from now. The server accepts a code
 * of the steps next to its clock, each step once and never an earlier one, so a second sign-in soon after the
 * setup takes the next step's code.
 */
export function authenticatorCode(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30, period: 30 });
}

/** Fills the console's login form with the test captcha and sends it. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/admin/');
  await page.waitForURL('**/admin/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('img', { name: '验证码图片' }).waitFor();
  await page.getByLabel('验证码', { exact: true }).fill(TEST_CAPTCHA);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** Passes the authenticator gate a money role meets at its first sign-in; returns the secret it set up. */
export async function setUpAuthenticator(page: Page): Promise<string> {
  await page.getByText('设置两步验证').waitFor();
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  await page.getByLabel('验证码').fill(await authenticatorCode(secret));
  await page.getByRole('button', { name: '确认开启' }).click();
  return secret;
}

/** Passes the gate of an account whose password someone else set: the staff member chooses their own. */
export async function changeFirstPassword(page: Page, current: string, next: string): Promise<void> {
  await page.getByText('请修改密码').waitFor();
  await page.getByLabel('原密码').fill(current);
  await page.getByLabel('新密码', { exact: true }).fill(next);
  await page.getByLabel('确认新密码').fill(next);
  await page.getByRole('button', { name: '修改密码' }).click();
  await page.waitForURL('**/admin/dashboard');
}

/** Creates an account in 员工管理 (the page open) and waits for it in the list. */
export async function createStaff(page: Page, account: StaffAccount): Promise<void> {
  await page.getByRole('button', { name: /新增员工/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('用户名').fill(account.username);
  await dialog.getByLabel('姓名').fill(account.name);
  await pick(
    dialog.locator('.ant-select'),
    page.locator('.ant-select-item-option', { hasText: `${account.role}（` }),
    dialog.locator('.ant-select-content-has-value', { hasText: `${account.role}（` }),
  );
  await dialog.getByLabel('初始密码').fill(account.password);
  await dialog.getByRole('button', { name: '创建' }).click();
  await page.locator('td', { hasText: account.username }).first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

export async function signOut(page: Page): Promise<void> {
  // A toast under the pointer stays while hovered: move away and let the toasts go first.
  await page.mouse.move(0, (page.viewportSize()?.height ?? 800) - 1);
  await page
    .locator('.ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.getByRole('button', { name: '账号菜单' }).click();
  await page.getByText('退出登录', { exact: true }).click();
  await page.waitForURL('**/admin/login');
}

/**
 * Stops a test shop, runs operator commands on its folder (the embedded database takes one process at a time)
 * and starts it again at the same address, so a browser keeps its logins.
 */
export async function runWhileStopped(
  shop: RunningShop & { port: number; dataDir: string },
  commands: readonly (readonly string[])[],
  env: Record<string, string> = {},
): Promise<RunningShop & { port: number; dataDir: string }> {
  await shop.stop();
  for (const command of commands) runShopCommand(shop.dataDir, command);
  return startShop(env, { dataDir: shop.dataDir, port: shop.port });
}

/**
 * A member's CNY order paid from their deposit (the operator tops it up by `deposit:cash` first, with the shop
 * stopped) and taken through the warehouse's steps to 待发货, then any further commands (`order:ship` …). Answers
 * the shop started again.
 */
export async function paidAndReady(
  shop: RunningShop & { port: number; dataDir: string },
  member: { username: string; token: string },
  order: { orderId: number; orderNo: string; totalPrice: number },
  then: readonly (readonly string[])[] = [],
): Promise<RunningShop & { port: number; dataDir: string }> {
  const amount = String(Math.ceil(order.totalPrice) + 10);
  const topped = await runWhileStopped(shop, [
    ['deposit:cash', '--member', member.username, '--currency', 'CNY', '--amount', amount],
  ]);
  await callApi(
    topped.baseURL,
    PaymentPaths.payByDeposit,
    { orderId: order.orderId, currency: 'CNY', deposit: order.totalPrice },
    member.token,
  );
  const no = order.orderNo;
  return runWhileStopped(topped, [
    ['order:push', '--order', no],
    ['order:processing', '--order', no],
    ['order:ready', '--order', no],
    ...then,
  ]);
}

/**
 * Runs operator commands on a new shop folder (`newShopDataDir`, already migrated and seeded) and then starts the
 * shop on it: the journeys whose staff accounts need nothing from the running shop skip a stop and a start.
 */
export async function startShopAfter(
  dataDir: string,
  commands: readonly (readonly string[])[],
): Promise<RunningShop & { port: number; dataDir: string }> {
  for (const command of commands) runShopCommand(dataDir, command);
  return startShop({}, { dataDir });
}

/** The command that makes the shop's first owner, `boss`, with a password of the journey's choosing. */
export function ownerCommand(password: string): string[] {
  return [
    'staff:create',
    '--username',
    'boss',
    '--role',
    'owner',
    '--name',
    '王老板',
    '--password',
    password,
  ];
}
