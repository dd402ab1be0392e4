import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AddressPaths, MemberPaths } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api';
import {
  type BrowserSession,
  openBrowser,
  photo,
  pick,
  screenshotDir,
  signInEveryPage,
} from './support/browser';
import { type RunningShop, startShop, TEST_CAPTCHA } from './support/server';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Screens of the address book, to be looked at after a run. */
const SHOTS = join(screenshotDir, 'regions');

/**
 * Every address can be entered (docs/regions.md): a member picks a county-level city of Xinjiang found by
 * its pinyin initials, then a Tasmanian suburb whose postcode fills itself, saves both and sees them in the
 * address book beside an address saved under a region the tree no longer has, which asks to be picked again.
 */
describe('regions journey', () => {
  let shop: RunningShop;
  let s: BrowserSession;
  let token = '';

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    shop = await startShop();
    const captcha = await callApi(shop.baseURL, MemberPaths.captcha);
    ({ token } = await callApi(shop.baseURL, MemberPaths.register, {
      username: `regions_${Date.now().toString(36)}`,
      password: 'regions12345',
      captchaId: captcha.captchaId,
      captchaCode: TEST_CAPTCHA,
    }));
    // Saved before the region tree changed: a district the tree does not have.
    await callApi(
      shop.baseURL,
      AddressPaths.receiverSave,
      {
        name: '旧地址',
        phone: '13900139000',
        country: 'CN',
        province: '广东省',
        city: '深圳市',
        district: '旧城区',
        detail: '老街1号',
        defaultFlag: true,
      },
      token,
    );
    s = await openBrowser(shop.baseURL, DESKTOP);
    await signInEveryPage(s, token);
  });
  afterAll(async () => {
    await s?.close();
    await shop?.stop();
  });

  const dialog = () => s.page.getByRole('dialog');

  it('picks 伊犁哈萨克自治州 › 奎屯市 by typing its pinyin initials, and saves it', async () => {
    await s.page.goto('/member/receiver');
    await s.page.getByText('所在地区已调整，请点「编辑」重新选择').waitFor();
    await s.page.getByRole('button', { name: '新增收件人地址' }).click();
    await dialog().waitFor();
    await dialog().getByLabel('收件人姓名').fill('阿依努尔');
    await dialog().getByLabel('手机号').fill('13909921234');
    const region = dialog().getByRole('combobox', { name: '所在地区', disabled: false });
    await region.click();
    // Nothing typed: the provinces, to browse.
    await dialog().getByRole('option', { name: '新疆维吾尔自治区' }).waitFor();
    await photo(s.page, { path: join(SHOTS, 'picker-browse-1366.png') });
    await s.page.keyboard.type('kts');
    const place = '新疆维吾尔自治区 / 伊犁哈萨克自治州 / 奎屯市';
    const hit = dialog().getByRole('option', { name: place });
    await hit.waitFor();
    await photo(s.page, { path: join(SHOTS, 'picker-search-1366.png') });
    // Escape closes the list and leaves the dialog open.
    await s.page.keyboard.press('Escape');
    await expect.poll(() => region.getAttribute('aria-expanded')).toBe('false');
    expect(await dialog().isVisible()).toBe(true);
    await s.page.keyboard.type('kts');
    await hit.click();
    await expect.poll(() => region.inputValue()).toBe(place);
    await dialog().getByLabel('详细地址').fill('北京东路1号');
    await dialog().getByRole('button', { name: '保存' }).click();
    await s.page.getByText('新疆维吾尔自治区 伊犁哈萨克自治州 奎屯市').waitFor();
  });

  it('picks a Tasmanian suburb, its postcode filled, and saves it', async () => {
    await s.page.getByRole('button', { name: '新增收件人地址' }).click();
    await dialog().waitFor();
    await dialog().getByLabel('收件人姓名').fill('Jack Brown');
    await dialog().getByLabel('手机号').fill('0413 555 666');
    const picked = (label: string) => dialog().locator('.ant-select-content-has-value', { hasText: label });
    await pick(
      dialog().getByRole('combobox', { name: '国家' }),
      s.page.locator('.ant-select-item-option', { hasText: '澳大利亚' }),
      picked('澳大利亚'),
    );
    const state = dialog().getByRole('combobox', { name: '州' });
    await state.click();
    await dialog().getByRole('option', { name: '塔斯马尼亚州' }).click();
    await expect.poll(() => state.inputValue()).toBe('塔斯马尼亚州');
    const suburb = dialog().getByRole('combobox', { name: '城镇', disabled: false });
    await suburb.click();
    await suburb.fill('battery');
    await dialog().getByRole('option', { name: 'Battery Point 7004' }).click();
    await expect.poll(() => suburb.inputValue()).toBe('Battery Point 7004');
    await expect.poll(() => dialog().getByLabel('邮编').inputValue()).toBe('7004');
    await dialog().getByLabel('详细地址').fill('1 Battery Sq');
    await photo(s.page, { path: join(SHOTS, 'picker-suburb-1366.png') });
    await dialog().getByRole('button', { name: '保存' }).click();
    await s.page.getByText('澳大利亚 塔斯马尼亚州 Battery Point').waitFor();
    await photo(s.page, { path: join(SHOTS, 'address-book-1366.png'), fullPage: true });

    const book = await callApi(shop.baseURL, AddressPaths.receiverList, {}, token);
    expect(book.map((a) => [a.province, a.city, a.district, a.postCode])).toEqual(
      expect.arrayContaining([
        ['新疆维吾尔自治区', '伊犁哈萨克自治州', '奎屯市', ''],
        ['塔斯马尼亚州', 'Battery Point', '', '7004'],
        ['广东省', '深圳市', '旧城区', ''],
      ]),
    );
  });

  it('shows the book and the picker on a phone', async () => {
    await s.page.setViewportSize(PHONE);
    await s.page.goto('/member/receiver');
    await s.page.getByText('澳大利亚 塔斯马尼亚州 Battery Point').waitFor();
    await photo(s.page, { path: join(SHOTS, 'address-book-390.png'), fullPage: true });
    const card = s.page.locator('.address-card', { hasText: 'Battery Point' });
    await card.getByRole('button', { name: '编辑' }).click();
    await dialog().waitFor();
    await expect.poll(() => dialog().getByLabel('邮编').inputValue()).toBe('7004');
    const suburb = dialog().getByRole('combobox', { name: '城镇' });
    await expect.poll(() => suburb.inputValue()).toBe('Battery Point 7004');
    await s.page.waitForTimeout(600); // the dialog's opening animation
    await photo(s.page, { path: join(SHOTS, 'picker-suburb-390.png') });
    // The list of answers on a phone: as wide as the field, within the screen.
    await suburb.click();
    await suburb.fill('sandy');
    const list = dialog().getByRole('listbox', { name: '城镇' });
    await list.getByRole('option', { name: 'Sandy Bay 7005', exact: true }).waitFor();
    await photo(s.page, { path: join(SHOTS, 'picker-list-390.png') });
    const [field, shown] = await Promise.all([suburb.boundingBox(), list.boundingBox()]);
    expect(shown?.width).toBeGreaterThanOrEqual((field?.width ?? 0) - 10);
    expect((shown?.x ?? -1) >= 0 && (shown?.x ?? 0) + (shown?.width ?? 0) <= PHONE.width).toBe(true);
    await s.page.keyboard.press('Escape');
    await dialog().getByRole('button', { name: '取消' }).click();
    const old = s.page.locator('.address-card', { hasText: '旧城区' });
    await old.getByRole('button', { name: '编辑' }).click();
    await dialog()
      .getByText(/已不在最新的地区列表中/)
      .waitFor();
    await photo(s.page, { path: join(SHOTS, 'flagged-address-390.png') });
    // The saved region shows in the field, and searching by initials works on a phone too.
    const region = dialog().getByRole('combobox', { name: '所在地区' });
    await expect.poll(() => region.inputValue()).toBe('广东省 / 深圳市 / 旧城区');
    await region.click();
    await s.page.keyboard.type('wlmq');
    await dialog().getByRole('option', { name: '新疆维吾尔自治区 / 乌鲁木齐市 / 天山区' }).waitFor();
    await photo(s.page, { path: join(SHOTS, 'picker-search-390.png') });
    expect(s.errors).toEqual([]);
  });
});
