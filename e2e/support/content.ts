import type { Page } from 'playwright-core';
import { pick } from './browser';

/**
 * In the console (a content.edit account signed in): opens 首页装修, picks `goodsName` for the home page's first
 * goods floor, publishes, and waits until the console says the published version is the one being edited.
 */
export async function putOnFirstFloorAndPublish(page: Page, goodsName: string): Promise<void> {
  await page.getByRole('menuitem', { name: /首页装修/ }).click();
  await page.waitForURL('**/admin/home');
  const floor = page.locator('.home-block-card', { hasText: '商品楼层' }).first();
  await floor.getByRole('button', { name: /商品楼层/ }).click();
  const picker = floor.getByRole('combobox', { name: '楼层商品' });
  await picker.click();
  await picker.fill(goodsName);
  await pick(
    picker,
    page.locator('.ant-select-item-option', { hasText: goodsName }).first(),
    floor.locator('.ant-select-selection-item', { hasText: goodsName }),
  );
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^发\s?布$/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /^发\s?布$/ })
    .click();
  await page.getByText('正在编辑已发布的版本').waitFor();
}
