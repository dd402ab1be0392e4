import { CataloguePaths, ResultCode } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicTemplate, type CatalogueFixture } from './support/catalogue-fixtures';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => {
  ({ t, fixture: f } = await createCatalogueTestApp());
});
afterAll(async () => {
  await t?.close();
});

const getTemplate = (name: string) =>
  t.app.inject({ method: 'GET', url: `${CataloguePaths.template}${name}` });

/** Writes a template row as it is, past the console's checks: a row damaged or left by an older release. */
async function storeTemplate(name: string, template: unknown) {
  const json = typeof template === 'string' ? template : JSON.stringify(template);
  await t.database.db.execute(sql`update templates set template_json = ${json} where name = ${name}`);
}

describe('GET template/{name}', () => {
  it('returns the stored template JSON as a string', async () => {
    const res = await getTemplate('home');
    expect(res.statusCode).toBe(200);
    const env = envelope<{ name: string; templateJson: string; updatedAt: string }>(res);
    expect(env).toMatchObject({ success: true, resultCode: ResultCode.Success });
    expect(env.data.name).toBe('home');
    expect(JSON.parse(env.data.templateJson)).toEqual([{ tmpKey: 'swiperAd', items: [] }]);
    expect(Number.isNaN(Date.parse(env.data.updatedAt))).toBe(false);
    const basic = envelope<{ templateJson: string }>(await getTemplate('basic'));
    expect(JSON.parse(basic.data.templateJson)).toEqual(basicTemplate('澳洲好物'));
  });

  it('serves home without the blocks the storefront cannot draw, the rest in their order', async () => {
    const imageAd = { tmpKey: 'imageAd', items: [{ image: '/res/a.png', link: { type: 'url', url: '/x' } }] };
    const swiperAd = { tmpKey: 'swiperAd', items: [] };
    await storeTemplate('home', [
      imageAd,
      { tmpKey: 'countdown', endsAt: '2026-12-01' },
      { tmpKey: 'goodsFloor', title: '没有查询与数量' },
      { ...swiperAd, note: '编辑器留下的字段' },
    ]);
    try {
      const served = envelope<{ templateJson: string }>(await getTemplate('home'));
      expect(JSON.parse(served.data.templateJson)).toEqual([imageAd, swiperAd]);
    } finally {
      await storeTemplate('home', [swiperAd]);
    }
  });

  it.each([
    ['basic', { basicInfo: { siteName: '缺页脚' } }, basicTemplate('澳洲好物')],
    ['basic', '{"basicInfo":', basicTemplate('澳洲好物')],
    ['home', { tmpKey: 'swiperAd', items: [] }, [{ tmpKey: 'swiperAd', items: [] }]],
  ])(
    'answers 500 页面配置有误 for a stored %s template that no longer fits its contract',
    async (name, damaged, good) => {
      await storeTemplate(name, damaged);
      try {
        const res = await getTemplate(name);
        expect(res.statusCode).toBe(500);
        expect(envelope(res)).toMatchObject({
          success: false,
          resultCode: ResultCode.InternalServiceError,
          message: '页面配置有误，请稍后再试',
        });
      } finally {
        await storeTemplate(name, good);
      }
    },
  );

  it('carries an ETag: the same one answers 304 with no body, a published change makes another', async () => {
    const first = await getTemplate('basic');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect((await getTemplate('basic')).headers.etag).toBe(etag);
    const unchanged = await t.app.inject({
      method: 'GET',
      url: `${CataloguePaths.template}basic`,
      headers: { 'if-none-match': `"other", ${etag}` },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    await storeTemplate('basic', basicTemplate('澳洲好物店'));
    const changed = await t.app.inject({
      method: 'GET',
      url: `${CataloguePaths.template}basic`,
      headers: { 'if-none-match': etag as string },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.parse(envelope<{ templateJson: string }>(changed).data.templateJson)).toEqual(
      basicTemplate('澳洲好物店'),
    );
    await storeTemplate('basic', basicTemplate('澳洲好物'));
  });

  it('answers 404 模板不存在 for an unknown name', async () => {
    const res = await getTemplate('goodsSort');
    expect(res.statusCode).toBe(404);
    expect(envelope(res)).toMatchObject({
      success: false,
      resultCode: ResultCode.BadRequest,
      message: '模板不存在',
    });
  });

  it.each(['a-b', 'x'.repeat(41), '%27%3B%20drop', '..%2Fetc'])(
    'refuses the name %s with ParamsError',
    async (name) => {
      const res = await getTemplate(name);
      expect(res.statusCode).toBe(400);
      const env = envelope(res);
      expect(env.resultCode).toBe(ResultCode.ParamsError);
      expect(env.message).toContain('模板名称');
    },
  );

  it('a POST to a template is 405', async () => {
    const res = await post(t.app, `${CataloguePaths.template}home`, {});
    expect(res.statusCode).toBe(405);
    expect(envelope(res).resultCode).toBe(ResultCode.MethodNotAllowed);
  });
});

describe('article/get/', () => {
  it('returns a published article with its category name', async () => {
    const res = await post(t.app, CataloguePaths.articleGet, { id: f.articles.howToBuy.id, websiteId: 1 });
    const env = envelope(res);
    expect(env.success).toBe(true);
    expect(env.data).toMatchObject({
      id: f.articles.howToBuy.id,
      categoryId: f.articleCategories.help.id,
      categoryName: '帮助中心',
      title: '如何下单',
      summary: '下单步骤',
      cover: '',
      content: '<p>第一步</p>',
    });
  });

  it.each([
    ['an unpublished', () => f.articles.draft.id],
    ['an unknown', () => 999_999],
  ])('answers 404 文章不存在 for %s article', async (_label, id) => {
    const res = await post(t.app, CataloguePaths.articleGet, { id: id() });
    expect(res.statusCode).toBe(404);
    expect(envelope(res)).toMatchObject({ resultCode: ResultCode.BadRequest, message: '文章不存在' });
  });

  it.each([[{}], [{ id: 'one' }], [{ id: -5 }], [{ id: 1, title: 'x' }]])(
    'refuses %j with ParamsError',
    async (body) => {
      const res = await post(t.app, CataloguePaths.articleGet, body);
      expect(res.statusCode).toBe(400);
      expect(envelope(res).resultCode).toBe(ResultCode.ParamsError);
    },
  );
});

describe('articlecategory/categoryList/', () => {
  it('lists the categories with their published articles in order', async () => {
    const res = await post(t.app, CataloguePaths.articleCategoryList, { clientId: 1 });
    expect(envelope(res).data).toEqual([
      {
        id: f.articleCategories.help.id,
        name: '帮助中心',
        articles: [
          { id: f.articles.howToBuy.id, title: '如何下单' },
          { id: f.articles.shipping.id, title: '配送说明' },
        ],
      },
      { id: f.articleCategories.notices.id, name: '公告', articles: [] },
    ]);
  });

  it('refuses unknown fields', async () => {
    const res = await post(t.app, CataloguePaths.articleCategoryList, { all: true });
    expect(envelope(res)).toMatchObject({ success: false, resultCode: ResultCode.ParamsError });
  });
});
