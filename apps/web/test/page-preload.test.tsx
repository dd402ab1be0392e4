import {
  CataloguePaths,
  firstListPageBody,
  PAGE_PRELOAD_ELEMENT_ID,
  type PagePreload,
  preloadKey,
  WEBSITE_ID,
} from '@shop/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { goodsListPayload } from '@/features/catalogue/api/get-goods-list';
import { listRequest, readListFilters } from '@/features/catalogue/list-filters';
import { request } from '@/lib/api-client';
import {
  isStandIn,
  PRELOAD_MAX_AGE_MS,
  resetPagePreload,
  standInFor,
  takePreloaded,
} from '@/lib/page-preload';
import { saveToken } from '@/lib/storage';
import { goods, page, shellHandlers } from './catalogue-fixtures';
import { mockApi, ok, renderApp } from './utils';

/** Writes the data block the server puts into the page (ADR 016). */
function carry(preload: PagePreload) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PAGE_PRELOAD_ELEMENT_ID;
  block.textContent = JSON.stringify(preload);
  document.body.append(block);
  resetPagePreload();
}

// The page's age (performance.now) counted from each test's start: on a busy machine the file's own setup may take
// longer than PRELOAD_MAX_AGE_MS, after which a real page no longer takes its answers.
beforeEach(() => {
  const realNow = performance.now.bind(performance);
  const start = realNow();
  vi.spyOn(performance, 'now').mockImplementation(() => realNow() - start);
});
afterEach(() => {
  vi.restoreAllMocks();
  document.getElementById(PAGE_PRELOAD_ELEMENT_ID)?.remove();
  resetPagePreload();
});

const homePath = `${CataloguePaths.template}home` as const;
const detailKey = (id: number) =>
  preloadKey('POST', CataloguePaths.goodsDetail, { id, websiteId: WEBSITE_ID });
const envelope = (data: unknown) => ({ success: true, resultCode: 1, message: '', data });
const homeTemplate = (templateJson: string) => ({ name: 'home', updatedAt: '', templateJson });

describe('answers the page carries (lib/page-preload.ts)', () => {
  it('stand in for a call once; the next call with the same body goes to the network', async () => {
    carry({
      [preloadKey('GET', homePath)]: {
        status: 200,
        payload: envelope(homeTemplate('[1]')),
        memberScoped: false,
      },
    });
    const { calls } = mockApi({ [homePath]: ok(homeTemplate('[2]')) });
    expect(await request(homePath, undefined, { method: 'GET' })).toEqual(homeTemplate('[1]'));
    expect(calls).toHaveLength(0);
    expect(await request(homePath, undefined, { method: 'GET' })).toEqual(homeTemplate('[2]'));
    expect(calls).toHaveLength(1);
  });

  it('a refusal the page carries is thrown like the network one', async () => {
    carry({
      [detailKey(9)]: {
        status: 404,
        payload: { success: false, resultCode: 400, message: '商品不存在', data: null },
        memberScoped: true,
      },
    });
    mockApi({});
    await expect(request(CataloguePaths.goodsDetail, { websiteId: WEBSITE_ID, id: 9 })).rejects.toMatchObject(
      {
        status: 404,
        message: '商品不存在',
      },
    );
  });

  it("a member never takes an answer made for a visitor's prices; answers older than the page's first moments are not taken", () => {
    carry({
      [detailKey(1)]: { status: 200, payload: envelope({}), memberScoped: true },
      [detailKey(2)]: { status: 200, payload: envelope({}), memberScoped: false },
    });
    expect(
      takePreloaded('POST', CataloguePaths.goodsDetail, { id: 1, websiteId: WEBSITE_ID }, true),
    ).toBeUndefined();
    // Taken (and dropped) even though refused: a later visitor call fetches.
    expect(
      takePreloaded('POST', CataloguePaths.goodsDetail, { id: 1, websiteId: WEBSITE_ID }, false),
    ).toBeUndefined();
    vi.spyOn(performance, 'now').mockReturnValue(PRELOAD_MAX_AGE_MS + 1);
    expect(
      takePreloaded('POST', CataloguePaths.goodsDetail, { id: 2, websiteId: WEBSITE_ID }, false),
    ).toBeUndefined();
  });

  it('a damaged block costs only the calls it would have saved', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = PAGE_PRELOAD_ELEMENT_ID;
    block.textContent = '{not json';
    document.body.append(block);
    resetPagePreload();
    const { calls } = mockApi({ [homePath]: ok(homeTemplate('[2]')) });
    expect(await request(homePath, undefined, { method: 'GET' })).toEqual(homeTemplate('[2]'));
    expect(calls).toHaveLength(1);
  });
});

describe('the home page drawn from the answers its HTML carries', () => {
  it('draws the carousel without asking for the home template; a member session still fetches a product', async () => {
    const blocks = [
      {
        tmpKey: 'swiperAd',
        items: [{ image: 'ad/1.jpg', title: '新品上市', link: { type: 'goods', id: 42 } }],
      },
    ];
    carry({
      [preloadKey('GET', homePath)]: {
        status: 200,
        payload: envelope({ name: 'home', updatedAt: '', templateJson: JSON.stringify(blocks) }),
        memberScoped: false,
      },
    });
    const { calls } = mockApi({
      ...shellHandlers,
      [homePath]: ok({ name: 'home', updatedAt: '', templateJson: '[]' }),
    });
    renderApp('/');
    expect(await screen.findByRole('region', { name: '首页推荐' })).toBeTruthy();
    expect(calls.some((c) => c.path === homePath)).toBe(false);
  });

  it('a member does not take the visitor-priced product the page carries', async () => {
    saveToken('member-token');
    carry({ [detailKey(5)]: { status: 200, payload: envelope({}), memberScoped: true } });
    expect(
      takePreloaded('POST', CataloguePaths.goodsDetail, { id: 5, websiteId: WEBSITE_ID }, true),
    ).toBeUndefined();
  });
});

describe('the product list drawn from the first page its HTML carries', () => {
  it('asks for the same body the server preloads, with and without a category', () => {
    const body = (cateId: string | undefined, query = '') =>
      goodsListPayload({
        ...listRequest(readListFilters(cateId, new URLSearchParams(query))),
        currency: 'CNY',
      });
    expect(body(undefined)).toEqual(firstListPageBody());
    expect(body('12')).toEqual(firstListPageBody(12));
    // Another sort or page is another body: the page fetches it.
    expect(body(undefined, 'orderByType=Sales')).not.toEqual(firstListPageBody());
  });

  it('draws the goods without a loading state or a call; a member fetches the list at their prices', async () => {
    const carried = page([goods({ name: '页面带来的商品' })], 1);
    const answer = { status: 200, payload: envelope(carried), memberScoped: true };
    carry({ [preloadKey('POST', CataloguePaths.goodsList, firstListPageBody())]: answer });
    const { calls } = mockApi({
      ...shellHandlers,
      [CataloguePaths.goodsList]: ok(page([goods({ name: '会员价商品' })], 1)),
    });
    renderApp('/products');
    expect(await screen.findByText('页面带来的商品')).toBeTruthy();
    expect(calls.some((c) => c.path === CataloguePaths.goodsList)).toBe(false);

    document.getElementById(PAGE_PRELOAD_ELEMENT_ID)?.remove();
    saveToken('member-token');
    carry({ [preloadKey('POST', CataloguePaths.goodsList, firstListPageBody())]: answer });
    renderApp('/products');
    expect(await screen.findByText('会员价商品')).toBeTruthy();
  });
});

describe('a member on a list page the server drew for a visitor', () => {
  it('keeps the visitor rows in place, prices hidden, until the member’s own answer replaces them', async () => {
    const carried = page([goods({ name: '页面带来的商品' })], 1);
    saveToken('member-token');
    carry({
      [preloadKey('POST', CataloguePaths.goodsList, firstListPageBody())]: {
        status: 200,
        payload: envelope(carried),
        memberScoped: true,
      },
    });
    const reply = ok(page([goods({ name: '会员价商品' })], 1));
    let answer: (value: typeof reply) => void = () => {};
    const { calls } = mockApi({
      ...shellHandlers,
      [CataloguePaths.goodsList]: () =>
        new Promise<typeof reply>((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/products');
    await waitFor(() => expect(calls.some((c) => c.path === CataloguePaths.goodsList)).toBe(true));
    const standIn = await screen.findByText('页面带来的商品');
    const row = standIn.closest('.goods-item') as HTMLElement;
    expect(row.querySelector('.price-pending')).not.toBeNull();
    expect(screen.queryByRole('status', { name: '商品加载中' })).toBeNull();
    answer(reply);
    const own = await screen.findByText('会员价商品');
    expect((own.closest('.goods-item') as HTMLElement).querySelector('.price-pending')).toBeNull();
    expect(screen.queryByText('页面带来的商品')).toBeNull();
  });
});

describe('the visitor’s rows standing in for a member’s', () => {
  it('are the same rows on every render until the member’s answer comes, and none once the page is old', () => {
    const key = preloadKey('POST', CataloguePaths.goodsList, firstListPageBody());
    carry({
      [key]: {
        status: 200,
        payload: envelope(page([goods({ name: '页面带来的商品' })], 1)),
        memberScoped: true,
      },
    });
    expect(takePreloaded('POST', CataloguePaths.goodsList, firstListPageBody(), true)).toBeUndefined();
    const first = standInFor('POST', CataloguePaths.goodsList, firstListPageBody());
    expect(first).toBeTruthy();
    // A query asks for its placeholder again on each render: the rows must not give way to a loading state.
    expect(standInFor('POST', CataloguePaths.goodsList, firstListPageBody())).toBe(first);
    expect(isStandIn(first)).toBe(true);
    vi.spyOn(performance, 'now').mockReturnValue(PRELOAD_MAX_AGE_MS + 1);
    expect(standInFor('POST', CataloguePaths.goodsList, firstListPageBody())).toBeUndefined();
  });
});

describe('home product floors further down load when the shopper scrolls near them', () => {
  it('asks for a floor only once it comes near the screen', async () => {
    const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly entry: { callback: IntersectionObserverCallback; target?: Element };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback };
          observers.push(this.entry);
        }
        observe(target: Element) {
          this.entry.target = target;
        }
        disconnect() {}
        unobserve() {}
        takeRecords() {
          return [];
        }
      },
    );
    const blocks = [{ tmpKey: 'goodsFloor', title: '热销奶粉', query: { cateId: 3 }, size: 4 }];
    const { calls } = mockApi({
      ...shellHandlers,
      [homePath]: ok({ name: 'home', updatedAt: '', templateJson: JSON.stringify(blocks) }),
      '/api/goodsService/goods/list/': ok(page([goods({ id: 11, name: '婴儿奶粉', location: 1 })])),
    });
    renderApp('/');
    await screen.findByRole('region', { name: '热销奶粉' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.path === '/api/goodsService/goods/list/')).toBe(false);
    const floor = observers.find((o) => o.target?.getAttribute('aria-label') === '热销奶粉');
    expect(floor).toBeDefined();
    floor?.callback(
      [{ target: floor.target, isIntersecting: true } as IntersectionObserverEntry],
      {} as IntersectionObserver,
    );
    await screen.findByRole('link', { name: /婴儿奶粉/ });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/goodsService/goods/list/')).toBe(true));
  });
});
