import {
  type AdminArticleCategory,
  type AdminArticleDetail,
  type AdminArticleListResponse,
  AdminContentPaths,
  AdminPaths,
  type AdminTemplateResponse,
  type AuditListResponse,
  CataloguePaths,
  type ContentImage,
  type HomeBlock,
  ResultCode,
  type StaffRole,
  TemplateName,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../src/lib/audit';
import { expectConsoleGuard } from './support/admin-access';
import { type StaffLogin, staffToken } from './support/staff';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';
import { testImage, upload } from './support/upload';

let t: TestApp;
const staff = {} as Record<'owner' | 'content', StaffLogin>;

beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  staff.owner = await staffToken(t, 'owner');
  staff.content = await staffToken(t, 'content');
});
afterAll(async () => {
  await t?.close();
});

const call = async <T>(path: string, body: unknown, role: 'owner' | 'content' = 'content') =>
  envelope<T>(await post(t.app, path, body, staff[role].token));
async function okData<T>(path: string, body: unknown, role: 'owner' | 'content' = 'content'): Promise<T> {
  const res = await call<T>(path, body, role);
  expect(res.success, res.message).toBe(true);
  return res.data;
}
const storefrontHome = async () => {
  const res = await t.app.inject({ method: 'GET', url: `${CataloguePaths.template}${TemplateName.home}` });
  return envelope<{ templateJson: string; updatedAt: string }>(res);
};
const auditOf = (action: string, objectId: string | number) =>
  okData<AuditListResponse>(AdminPaths.auditList, { action, objectId: String(objectId) }, 'owner');

const floor = (title: string, goodsIds: number[] = []): HomeBlock => ({
  tmpKey: 'goodsFloor',
  title,
  query: goodsIds.length > 0 ? { goodsIds } : {},
  size: 8,
});

describe('who may use the content calls', () => {
  const calls: { path: string; body: unknown; denied: StaffRole; badBody: unknown; badMessage: RegExp }[] = [
    {
      path: AdminContentPaths.sanitize,
      body: { html: '<p>x</p>' },
      denied: 'warehouse',
      badBody: { html: 3 },
      badMessage: /html/,
    },
    {
      path: AdminContentPaths.template,
      body: { name: 'home' },
      denied: 'service',
      badBody: { name: 'nope' },
      badMessage: /未知的模板/,
    },
    {
      path: AdminContentPaths.draftSave,
      body: { name: 'home', template: [] },
      denied: 'finance',
      badBody: { name: 'home', template: [{ tmpKey: 'goodsFloor' }] },
      badMessage: /模板 home 格式不正确/,
    },
    {
      path: AdminContentPaths.publish,
      body: { name: 'home' },
      denied: 'warehouse',
      badBody: { name: 'home', extra: 1 },
      badMessage: /不支持的字段/,
    },
    {
      path: AdminContentPaths.draftDiscard,
      body: { name: 'home' },
      denied: 'service',
      badBody: {},
      badMessage: /未知的模板|name/,
    },
    {
      path: AdminContentPaths.categoryList,
      body: {},
      denied: 'warehouse',
      badBody: { a: 1 },
      badMessage: /不支持的字段/,
    },
    {
      path: AdminContentPaths.categorySave,
      body: { name: '帮助', sort: 1 },
      denied: 'finance',
      badBody: { name: '', sort: 1 },
      badMessage: /请输入分类名称/,
    },
    {
      path: AdminContentPaths.categoryDelete,
      body: { id: 1 },
      denied: 'service',
      badBody: { id: 0 },
      badMessage: /分类编号须为正整数/,
    },
    {
      path: AdminContentPaths.articleList,
      body: {},
      denied: 'warehouse',
      badBody: { pageNo: 0 },
      badMessage: /页码须大于0/,
    },
    {
      path: AdminContentPaths.articleDetail,
      body: { id: 1 },
      denied: 'finance',
      badBody: { id: 'x' },
      badMessage: /文章编号须为整数/,
    },
    {
      path: AdminContentPaths.articleSave,
      body: { title: 'x', content: '', categoryId: null, sort: 0 },
      denied: 'service',
      badBody: { title: '', content: '', categoryId: null, sort: 0 },
      badMessage: /请输入标题/,
    },
  ];
  for (const c of calls)
    it(c.path, async () => {
      await expectConsoleGuard(t, c.path, { ...c, allowed: 'content' });
      // The owner may do everything.
      const asOwner = await call(c.path, c.badBody, 'owner');
      expect(asOwner.resultCode).toBe(ResultCode.ParamsError);
    });

  it('uploads only for content and catalogue roles', async () => {
    const image = await testImage('jpeg');
    const warehouse = await staffToken(t, 'warehouse');
    const refused = await upload(t.app, AdminContentPaths.imageUpload, warehouse.token, image);
    expect(refused.statusCode).toBe(403);
    const res = envelope<ContentImage>(
      await upload(t.app, AdminContentPaths.imageUpload, staff.content.token, image),
    );
    expect(res.success, res.message).toBe(true);
    expect(res.data.path).toMatch(/^content\/[0-9a-f]{32}\.jpg$/);
    expect(res.data.url).toBe(`/res/img/${res.data.path}`);
    expect(res.data.width).toBe(64);
    const served = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(served.statusCode).toBe(200);
    const notImage = envelope(
      await upload(t.app, AdminContentPaths.imageUpload, staff.owner.token, Buffer.from('not an image')),
    );
    expect(notImage.success).toBe(false);
  });
});

describe('rich text preview', () => {
  it('returns what the storefront will show: scripts, styles and other sites dropped', async () => {
    const { html } = await okData<{ html: string }>(AdminContentPaths.sanitize, {
      html:
        '<h2 style="color:red">标题</h2><p onclick="x()">正文<script>alert(1)</script></p>' +
        '<p><a href="/product/12">站内</a> <a href="https://evil.example/">外站</a> <a href="javascript:alert(1)">脚本</a></p>' +
        '<img src="/res/img/content/a.jpg"><img src="https://evil.example/x.png">',
    });
    expect(html).toBe(
      '<h2>标题</h2><p>正文</p><p><a href="/product/12">站内</a> 外站 脚本</p><img src="/res/img/content/a.jpg" />',
    );
  });

  it('keeps tables with bounded spans and nothing else of them', async () => {
    const { html } = await okData<{ html: string }>(AdminContentPaths.sanitize, {
      html:
        '<table style="min-width: 50px" class="x"><colgroup><col style="min-width: 25px"></colgroup><tbody>' +
        '<tr><th colspan="2" onclick="x()"><p>尺码</p></th></tr>' +
        '<tr><td rowspan="500" data-colwidth="90"><p>S</p></td><td><p>M<script>x()</script></p></td></tr>' +
        '</tbody></table>',
    });
    expect(html).toBe(
      '<table><tbody><tr><th colspan="2"><p>尺码</p></th></tr><tr><td><p>S</p></td><td><p>M</p></td></tr></tbody></table>',
    );
  });

  it('is open to the owner too', async () => {
    const { html } = await okData<{ html: string }>(
      AdminContentPaths.sanitize,
      { html: '<b>粗</b>' },
      'owner',
    );
    expect(html).toBe('<b>粗</b>');
  });
});

describe('home template: draft, publish, discard', () => {
  it('keeps a draft away from the storefront until it is published, then serves it', async () => {
    await t.app.services.contentAdmin.putTemplate(TemplateName.home, [floor('旧楼层')], { replace: true });
    const before = await storefrontHome();
    const draft = [floor('新楼层', [1, 2])];

    const saved = await okData<AdminTemplateResponse>(AdminContentPaths.draftSave, {
      name: 'home',
      template: draft,
    });
    expect(saved.draft).toEqual(draft);
    expect(saved.draftBy).toBe(staff.content.username);
    expect(saved.published).toEqual([floor('旧楼层')]);
    // The storefront's call never sees a draft.
    expect((await storefrontHome()).data.templateJson).toBe(before.data.templateJson);

    const published = await okData<AdminTemplateResponse>(AdminContentPaths.publish, { name: 'home' });
    expect(published.published).toEqual(draft);
    expect(published.draft).toBeNull();
    const after = await storefrontHome();
    expect(JSON.parse(after.data.templateJson)).toEqual(draft);
    expect(Date.parse(after.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.data.updatedAt));
    expect(after.data.updatedAt).not.toBe(before.data.updatedAt);

    const audit = await auditOf('template.publish', 'home');
    expect(audit.items[0]?.actor).toBe(staff.content.username);
    expect(audit.items[0]?.before).toEqual([floor('旧楼层')]);
    expect(audit.items[0]?.after).toEqual(draft);
    expect((await auditOf('template.draft', 'home')).items.length).toBeGreaterThan(0);
  });

  it('refuses to publish or discard when there is no draft', async () => {
    const res = await call(AdminContentPaths.publish, { name: 'home' });
    expect(res.resultCode).toBe(ResultCode.ParamsError);
    expect(res.message).toBe('没有待发布的草稿');
    expect((await call(AdminContentPaths.draftDiscard, { name: 'home' })).message).toBe('没有待发布的草稿');
  });

  it('discards a draft and leaves the published template as it was', async () => {
    const published = (await storefrontHome()).data.templateJson;
    await okData(AdminContentPaths.draftSave, { name: 'home', template: [floor('不要了')] }, 'owner');
    const view = await okData<AdminTemplateResponse>(
      AdminContentPaths.draftDiscard,
      { name: 'home' },
      'owner',
    );
    expect(view.draft).toBeNull();
    expect((await storefrontHome()).data.templateJson).toBe(published);
    const audit = await auditOf('template.discard', 'home');
    expect(audit.items[0]?.before).toEqual([floor('不要了')]);
  });

  it('checks the basic and supplier templates against their schemas', async () => {
    const bad = await call(AdminContentPaths.draftSave, { name: 'supplierEn', template: { Nav0: {} } });
    expect(bad.resultCode).toBe(ResultCode.ParamsError);
    expect(bad.message).toMatch(/模板 supplierEn 格式不正确/);
    const basic = {
      basicInfo: {
        siteName: '澳货优选',
        slogan: '',
        hotline: '400',
        email: 'a@b.cn',
        address: '',
        workTime: '',
      },
      helps: [],
      allWrap: [],
      customerAd: [],
    };
    const saved = await okData<AdminTemplateResponse>(AdminContentPaths.draftSave, {
      name: 'basic',
      template: basic,
    });
    expect(saved.draft).toEqual(basic);
    await okData(AdminContentPaths.publish, { name: 'basic' });
    const res = await t.app.inject({ method: 'GET', url: `${CataloguePaths.template}basic` });
    // The storefront's copy carries the receiving bank accounts, which are the deposit's settings.
    const accounts = [{ currency: 'AUD', bankName: 'CBA', accountName: 'Shop', accountNo: '123' }] as const;
    await t.app.services.bankAccounts.save({ items: [...accounts] }, cliActor('test'));
    const served = await t.app.inject({ method: 'GET', url: `${CataloguePaths.template}basic` });
    expect(JSON.parse(envelope<{ templateJson: string }>(res).data.templateJson)).toEqual(basic);
    expect(JSON.parse(envelope<{ templateJson: string }>(served).data.templateJson)).toEqual({
      ...basic,
      basicInfo: { ...basic.basicInfo, bankAccounts: accounts },
    });
  });
});

describe('articles and their categories', () => {
  it('adds, renames and sorts categories, deleting only an empty one', async () => {
    const a = await okData<AdminArticleCategory>(AdminContentPaths.categorySave, {
      name: '购物指南',
      sort: 2,
    });
    const b = await okData<AdminArticleCategory>(AdminContentPaths.categorySave, { name: '售后', sort: 1 });
    const renamed = await okData<AdminArticleCategory>(AdminContentPaths.categorySave, {
      id: a.id,
      name: '购物须知',
      sort: 0,
    });
    expect(renamed).toEqual({ id: a.id, name: '购物须知', sort: 0, articleCount: 0 });
    const list = await okData<{ items: AdminArticleCategory[] }>(AdminContentPaths.categoryList, {});
    const names = list.items.map((c) => c.name);
    expect(names.indexOf('购物须知')).toBeLessThan(names.indexOf('售后'));

    await okData(AdminContentPaths.articleSave, {
      title: '退货',
      content: '<p>7天</p>',
      categoryId: b.id,
      sort: 0,
    });
    const refused = await call(AdminContentPaths.categoryDelete, { id: b.id });
    expect(refused.message).toBe('分类下还有文章，不能删除');
    await okData(AdminContentPaths.categoryDelete, { id: a.id });
    expect((await call(AdminContentPaths.categoryDelete, { id: a.id })).message).toBe('文章分类不存在');
    const audit = await auditOf('articleCategory.update', a.id);
    expect(audit.items[0]?.before).toEqual({ name: '购物指南', sort: 2 });
    expect((await auditOf('articleCategory.delete', a.id)).items).toHaveLength(1);
  });

  it('stores sanitized HTML, pages and filters the list, and the storefront shows the article', async () => {
    const cat = await okData<AdminArticleCategory>(AdminContentPaths.categorySave, { name: '公告', sort: 5 });
    const saved = await okData<AdminArticleDetail>(AdminContentPaths.articleSave, {
      title: '春节发货安排',
      summary: '节前最后发货日',
      cover: 'content/abc.jpg',
      content: '<p>正常发货<script>x()</script></p>',
      categoryId: cat.id,
      sort: 1,
    });
    expect(saved.content).toBe('<p>正常发货</p>');
    expect(saved.categoryName).toBe('公告');
    for (let i = 0; i < 3; i += 1)
      await okData(AdminContentPaths.articleSave, {
        title: `公告 ${i}`,
        content: '',
        categoryId: cat.id,
        sort: 9,
      });

    const page = await okData<AdminArticleListResponse>(AdminContentPaths.articleList, {
      categoryId: cat.id,
      pageSize: 2,
    });
    expect(page.totalCount).toBe(4);
    expect(page.items.map((a) => a.title)).toEqual(['春节发货安排', '公告 2']);
    const found = await okData<AdminArticleListResponse>(AdminContentPaths.articleList, {
      keyword: '最后发货',
    });
    expect(found.items.map((a) => a.id)).toEqual([saved.id]);
    const wildcard = await okData<AdminArticleListResponse>(AdminContentPaths.articleList, { keyword: '%' });
    expect(wildcard.totalCount).toBe(0);

    const edited = await okData<AdminArticleDetail>(
      AdminContentPaths.articleSave,
      { ...saved, id: saved.id, content: '<h2>改了</h2>', categoryName: undefined, updatedAt: undefined },
      'owner',
    );
    expect(edited.content).toBe('<h2>改了</h2>');
    const shown = envelope<{ content: string }>(
      await post(t.app, CataloguePaths.articleGet, { id: saved.id }),
    );
    expect(shown.data.content).toBe('<h2>改了</h2>');
    const audit = await auditOf('article.update', saved.id);
    expect(audit.items[0]?.actor).toBe(staff.owner.username);

    const missing = await call(AdminContentPaths.articleSave, {
      title: 'x',
      content: '',
      categoryId: 99999,
      sort: 0,
    });
    expect(missing.message).toBe('文章分类不存在');
    expect((await call(AdminContentPaths.articleDetail, { id: 99999 })).message).toBe('文章不存在');
  });
});
