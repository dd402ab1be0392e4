import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CataloguePaths,
  MemberPaths,
  ResultCode,
  type SupplierApplicationRequest,
  SupplierPaths,
  supplierTemplateSchema,
  TemplateName,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPLIER_APPLICATION_LIMIT } from '../src/modules/supplier/supplier.service';
import { SUPPLIER_CONTENT_EN, SUPPLIER_CONTENT_ZH } from '../src/seed/data/supplier';
import { ensureShopContent } from '../src/seed/seed';
import { shopOn, useOperatorCli } from './support/cli';
import {
  createLimitsTestApp,
  createTestApp,
  envelope,
  post,
  TEST_CAPTCHA,
  type TestApp,
} from './support/test-app';

/** The supplier area: its content templates and the application form of 成为供应商 / Become a supplier. */

let t: TestApp;
beforeAll(async () => {
  t = await createLimitsTestApp();
});
afterAll(async () => {
  await t?.close();
});

let addressNo = 0;
/** A client address of its own for each test, so the per-address limit of one does not reach another. */
const freshAddress = () => `10.77.0.${++addressNo}`;

async function captchaId(address: string): Promise<string> {
  const res = await post(t.app, MemberPaths.captcha, {}, undefined, address);
  expect(res.statusCode).toBe(200);
  return envelope<{ captchaId: string }>(res).data.captchaId;
}

const form = (captcha: string, extra: Partial<SupplierApplicationRequest> = {}) => ({
  company: '悉尼优品贸易有限公司',
  contact: '王小明',
  phone: '+61 412 345 678',
  email: 'trade@example.com',
  country: 'AU',
  categories: '保健品、母婴用品',
  brands: 'Swisse, Bellamy’s',
  warehouseCountries: ['AU', 'CN'],
  message: '希望通过悉尼仓供货。\n可提供品牌授权书。',
  captchaId: captcha,
  captchaCode: TEST_CAPTCHA,
  ...extra,
});

const submit = (body: unknown, address: string) =>
  post(t.app, SupplierPaths.submitApplication, body, undefined, address);

describe('supplier templates', () => {
  it('are seeded in both languages with the real copy and served by template/', async () => {
    for (const [name, copy] of [
      [TemplateName.supplier, SUPPLIER_CONTENT_ZH],
      [TemplateName.supplierEn, SUPPLIER_CONTENT_EN],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `${CataloguePaths.template}${name}` });
      expect(res.statusCode, name).toBe(200);
      const stored = supplierTemplateSchema.parse(
        JSON.parse(envelope<{ templateJson: string }>(res).data.templateJson),
      );
      expect(stored).toEqual(copy);
    }
    expect(SUPPLIER_CONTENT_ZH.Feature0.items.map((i) => i.title)).toEqual(
      expect.arrayContaining(['九个仓库', '两种币种', '两地会员']),
    );
    expect(SUPPLIER_CONTENT_EN.Banner1.title).toBe('Sell to wholesale buyers in Australia and China');
  });

  it('are in every shop, demo data or not, and an operator’s edit outlives the next start', async () => {
    const bare = await createTestApp({ env: { SEED_DEMO: 'false' } });
    try {
      const stored = await bare.app.services.content.template(TemplateName.supplierEn);
      expect(JSON.parse(stored.templateJson)).toEqual(SUPPLIER_CONTENT_EN);
      const edited = {
        ...SUPPLIER_CONTENT_EN,
        apply: { title: 'Work with us', intro: 'Tell us about you.' },
      };
      await bare.app.services.contentAdmin.putTemplate(TemplateName.supplierEn, edited, { replace: true });
      // What the next start runs: nothing is missing, nothing is written.
      expect(await ensureShopContent(bare.app.services)).toEqual([]);
      const after = await bare.app.services.content.template(TemplateName.supplierEn);
      expect(JSON.parse(after.templateJson)).toEqual(edited);
    } finally {
      await bare.close();
    }
  });

  it('refuse unknown content on save, and keep what was stored', async () => {
    const extra = { ...SUPPLIER_CONTENT_EN, Footer9: { title: 'x' } };
    await expect(
      t.app.services.contentAdmin.putTemplate(TemplateName.supplierEn, extra, { replace: true }),
    ).rejects.toMatchObject({ code: ResultCode.ParamsError, message: expect.stringContaining('supplierEn') });
    const nested = {
      ...SUPPLIER_CONTENT_EN,
      Banner1: { ...SUPPLIER_CONTENT_EN.Banner1, video: 'https://example.com/a.mp4' },
    };
    await expect(
      t.app.services.contentAdmin.putTemplate(TemplateName.supplierEn, nested, { replace: true }),
    ).rejects.toMatchObject({ code: ResultCode.ParamsError });
    const badAnchor = {
      ...SUPPLIER_CONTENT_ZH,
      Nav0: { ...SUPPLIER_CONTENT_ZH.Nav0, links: [{ label: '外链', anchor: 'https://evil.example' }] },
    };
    await expect(
      t.app.services.contentAdmin.putTemplate(TemplateName.supplier, badAnchor, { replace: true }),
    ).rejects.toMatchObject({
      code: ResultCode.ParamsError,
      message: expect.stringContaining('Nav0.links.0.anchor'),
    });
    const stored = await t.app.services.content.template(TemplateName.supplierEn);
    expect(JSON.parse(stored.templateJson)).toEqual(SUPPLIER_CONTENT_EN);
  });
});

describe('supplierApplication/submit/', () => {
  it('stores an application with status new and confirms in the page’s language', async () => {
    const address = freshAddress();
    const zh = await submit(form(await captchaId(address)), address);
    expect(zh.statusCode).toBe(200);
    const body = envelope<{ id: number; status: string; confirmation: string }>(zh);
    expect(body.success).toBe(true);
    expect(body.data.status).toBe('new');
    expect(body.data.confirmation).toBe('申请已提交，我们会在 3 个工作日内与您联系。');
    expect(body.message).toBe(body.data.confirmation);

    const en = await submit(
      form(await captchaId(address), { lang: 'en', company: 'Harbour Foods Pty Ltd', brands: undefined }),
      address,
    );
    expect(envelope<{ confirmation: string }>(en).data.confirmation).toMatch(/^Thank you\./);

    const stored = await t.app.services.supplier.show(body.data.id);
    expect(stored).toMatchObject({
      company: '悉尼优品贸易有限公司',
      contact: '王小明',
      phone: '+61 412 345 678',
      country: 'AU',
      warehouseCountries: ['AU', 'CN'],
      message: '希望通过悉尼仓供货。\n可提供品牌授权书。',
      lang: 'zh',
      status: 'new',
      clientAddress: address,
    });
    const list = await t.app.services.supplier.list({ status: 'new' });
    expect(list.items.map((a) => a.company)).toEqual(
      expect.arrayContaining(['Harbour Foods Pty Ltd', '悉尼优品贸易有限公司']),
    );
  });

  it.each([
    ['a missing company', { company: '  ' }, '公司名称：请填写公司名称 / Please enter the company name'],
    ['a bad phone', { phone: 'call me' }, '手机号：电话格式不正确 / The phone number is not valid'],
    ['a bad e-mail', { email: 'trade@' }, '邮箱：邮箱格式不正确 / The e-mail address is not valid'],
    ['an unknown country', { country: 'XX' }, '国家：请选择所在国家 / Please choose a country'],
    [
      'no warehouse country',
      { warehouseCountries: [] },
      '发货仓国家：请至少选择一个发货仓国家 / Please choose at least one warehouse country',
    ],
    [
      'OTHER as a warehouse',
      { warehouseCountries: ['OTHER'] },
      '发货仓国家：请选择发货仓所在国家 / Please choose warehouse countries',
    ],
    ['an unknown field', { website: 'x' }, '不支持的字段：website'],
    [
      'a too long message',
      { message: 'x'.repeat(2001) },
      '留言：留言最多2000个字符 / The message is too long',
    ],
  ])('refuses %s with a message in both languages', async (_name, change, message) => {
    const address = freshAddress();
    const res = await submit(form('never-checked', change as Partial<SupplierApplicationRequest>), address);
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toEqual({
      success: false,
      resultCode: ResultCode.ParamsError,
      message,
      data: null,
    });
  });

  it('refuses a wrong captcha with ImageVerifyFailed 404, in the page’s language, and stores nothing', async () => {
    const address = freshAddress();
    const before = (await t.app.services.supplier.list()).totalCount;
    const wrong = await submit(form(await captchaId(address), { captchaCode: 'zzzz' }), address);
    // The envelope's 404 is ImageVerifyFailed (spec §8); HTTP says 400, as for every refused captcha.
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(envelope(wrong)).toEqual({
      success: false,
      resultCode: ResultCode.ImageVerifyFailed,
      message: '验证码错误或已过期，请重新输入',
      data: null,
    });
    const en = await submit(form('no-such-captcha', { lang: 'en' }), address);
    expect(envelope(en)).toMatchObject({
      resultCode: ResultCode.ImageVerifyFailed,
      message: 'The picture code is wrong or has expired. Please try again.',
    });
    // A captcha is used up by its first check, right or wrong.
    const id = await captchaId(address);
    expect((await submit(form(id), address)).statusCode).toBe(200);
    expect(envelope(await submit(form(id), address)).resultCode).toBe(ResultCode.ImageVerifyFailed);
    expect((await t.app.services.supplier.list()).totalCount).toBe(before + 1);
  });

  it(`holds ${SUPPLIER_APPLICATION_LIMIT.perAddress} an hour per address under parallel requests`, async () => {
    const address = freshAddress();
    const before = (await t.app.services.supplier.list()).totalCount;
    const ids = await Promise.all(Array.from({ length: 12 }, () => captchaId(address)));
    const answers = await Promise.all(ids.map((id) => submit(form(id, { lang: 'en' }), address)));
    const stored = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(stored).toHaveLength(SUPPLIER_APPLICATION_LIMIT.perAddress);
    expect(refused).toHaveLength(12 - SUPPLIER_APPLICATION_LIMIT.perAddress);
    for (const res of refused)
      expect(envelope(res)).toEqual({
        success: false,
        resultCode: ResultCode.TooManyRequests,
        message: 'Too many applications from your network. Please try again in an hour.',
        data: null,
      });
    expect((await t.app.services.supplier.list()).totalCount - before).toBe(
      SUPPLIER_APPLICATION_LIMIT.perAddress,
    );
    // Another address (an IPv6 /64 counts as one) keeps its own allowance; the window ends after an hour.
    const other = freshAddress();
    expect((await submit(form(await captchaId(other)), other)).statusCode).toBe(200);
    // The window's end follows the shop's clock on the memory and database limiters; Redis counts its own time
    // (a key's expiry), which a test cannot move on.
    if (process.env.TEST_REDIS_URL) return;
    t.clock.advance(SUPPLIER_APPLICATION_LIMIT.windowMs + 1000);
    expect((await submit(form(await captchaId(address)), address)).statusCode).toBe(200);
  });
});

describe('supplier commands', () => {
  const { shop, state } = useOperatorCli('shop-supplier-cli-');

  it('list applications, show one and change its status; templates put and show', async () => {
    expect((await shop('migrate')).status).toBe(0);
    // The command line shares the services of the API: an application sent through it is what the staff see.
    const empty = await shop('supplier:list');
    expect(empty.stdout).toContain('暂无供应商申请');

    const file = join(state.dataDir, 'supplier-en.json');
    await writeFile(file, JSON.stringify(SUPPLIER_CONTENT_EN));
    const put = await shop('template:put', '--name', 'supplierEn', '--file', file);
    expect(put.status, put.stderr).toBe(0);
    expect(JSON.parse((await shop('template:show', '--name', 'supplierEn')).stdout)).toEqual(
      SUPPLIER_CONTENT_EN,
    );
    await writeFile(file, JSON.stringify({ ...SUPPLIER_CONTENT_EN, lorem: 'ipsum' }));
    const refused = await shop('template:put', '--name', 'supplierEn', '--file', file);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('模板 supplierEn 格式不正确');

    const badStatus = await shop('supplier:list', '--status', 'maybe');
    expect(badStatus.status).toBe(2);
    expect(badStatus.stderr).toContain('--status: 应为 new、contacted、accepted、declined 之一');
    const missing = await shop('supplier:status', '--id', '999', '--status', 'contacted');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('供应商申请不存在');
  });

  it('follow an application sent through the API', async () => {
    const address = freshAddress();
    const res = await submit(form(await captchaId(address), { company: '墨尔本乳业出口' }), address);
    const { id } = envelope<{ id: number }>(res).data;
    // The commands on the API's own database, as an operator runs them against the shop's.
    const run = (...args: string[]) => shopOn(t, ...args);
    const listed = await run('supplier:list', '--status', 'new');
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^#${id}\tnew（新申请）\t.*\t墨尔本乳业出口\t王小明\t`, 'm'));
    const shown = await run('supplier:show', '--id', String(id));
    expect(shown.stdout).toContain('主营品类 / categories: 保健品、母婴用品');
    expect(shown.stdout).toContain('  可提供品牌授权书。');

    const changed = await run(
      'supplier:status',
      '--id',
      String(id),
      '--status',
      'contacted',
      '--note',
      '已电话联系',
    );
    expect(changed.stdout).toBe(`申请 #${id}：new（新申请） → contacted（已联系）`);
    expect(await t.app.services.supplier.show(id)).toMatchObject({
      status: 'contacted',
      notes: [{ note: '已电话联系', status: 'contacted', by: 'cli' }],
    });
    expect((await run('supplier:status', '--id', String(id), '--status', 'contacted')).stdout).toContain(
      'unchanged',
    );
    expect((await run('supplier:list', '--status', 'contacted')).stdout.split('\n')).toHaveLength(1);
    expect((await run('supplier:list', '--status', 'new')).stdout).not.toContain('墨尔本乳业出口');
  });
});
