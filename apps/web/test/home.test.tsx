import type { HomeBlock } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checkPreviewBlocks } from '@/features/content/api/preview-blocks';
import { goods, page, shellHandlers } from './catalogue-fixtures';
import { mockApi, ok, renderApp } from './utils';

const template = (blocks: unknown) =>
  ok({ name: 'home', updatedAt: '', templateJson: JSON.stringify(blocks) });

const blocks: HomeBlock[] = [
  {
    tmpKey: 'swiperAd',
    items: [
      { image: 'ad/1.jpg', title: '新品上市', link: { type: 'goods', id: 42 } },
      { image: 'ad/2.jpg', title: '奶粉专场', link: { type: 'cate', id: 3 } },
    ],
  },
  {
    tmpKey: 'goodsFloor',
    title: '热销奶粉',
    query: { cateId: 3, orderByType: 'Sales' },
    size: 4,
    link: { type: 'cate', id: 3 },
  },
  {
    tmpKey: 'swiperRightAd',
    items: [{ image: 'ad/r.jpg', title: '澳洲直邮', link: { type: 'warehouse', id: 1 } }],
  },
  {
    tmpKey: 'BrandAd',
    title: '精选品牌',
    items: [{ brandId: 5, name: 'A2', logo: 'b/5.png', link: { type: 'brand', id: 5 } }],
  },
  {
    tmpKey: 'imageAd',
    items: [
      { image: 'ad/x.jpg', title: '帮助中心', link: { type: 'article', id: 9 } },
      { image: 'ad/y.jpg', title: '合作伙伴', link: { type: 'url', url: 'https://example.com/partner' } },
      { image: 'ad/z.jpg', title: '坏链接', link: { type: 'url', url: 'javascript:alert(1)' } },
    ],
  },
];

describe('home page (spec §3 Home page info)', () => {
  it('fills the carousel and side slots, keeps BrandAd in the list, and links every item by its type', async () => {
    const { calls } = mockApi({
      ...shellHandlers,
      '/api/salesService/template/home': template(blocks),
      '/api/goodsService/goods/list/': ok(page([goods({ id: 11, name: '婴儿奶粉', location: 1 })])),
    });
    renderApp('/');

    const carousel = await screen.findByRole('region', { name: '首页推荐' });
    // swiperAd in the carousel: its slides lead to the product and the category.
    expect(within(carousel).getByRole('link', { name: '新品上市', hidden: true }).getAttribute('href')).toBe(
      '/product/42',
    );
    expect(within(carousel).getByRole('link', { name: '奶粉专场', hidden: true }).getAttribute('href')).toBe(
      '/products/3',
    );
    expect(within(carousel).getByRole('button', { name: '下一张' })).toBeTruthy();
    expect(within(carousel).getAllByRole('button', { name: /^第 \d 张/ })).toHaveLength(2);
    // A swipe to the left turns to the next slide, back to the right to the first; a short or vertical move
    // turns nothing.
    const current = () =>
      within(carousel)
        .getAllByRole('button', { name: /^第 \d 张/ })
        .findIndex((dot) => dot.getAttribute('aria-current') === 'true');
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent.touchStart(carousel, { touches: [{ clientX: from[0], clientY: from[1] }] });
      fireEvent.touchEnd(carousel, { changedTouches: [{ clientX: to[0], clientY: to[1] }] });
    };
    // Only the slide in sight can be reached with Tab: the others are inert and their links out of the tab order.
    const slideLink = (name: string) => within(carousel).getByRole('link', { name, hidden: true });
    expect(current()).toBe(0);
    expect(slideLink('新品上市').getAttribute('tabindex')).toBeNull();
    expect(slideLink('新品上市').closest('[aria-roledescription="slide"]')?.hasAttribute('inert')).toBe(
      false,
    );
    expect(slideLink('奶粉专场').getAttribute('tabindex')).toBe('-1');
    expect(slideLink('奶粉专场').closest('[aria-roledescription="slide"]')?.hasAttribute('inert')).toBe(true);
    swipe([300, 100], [200, 110]);
    expect(current()).toBe(1);
    expect(slideLink('新品上市').getAttribute('tabindex')).toBe('-1');
    expect(slideLink('奶粉专场').getAttribute('tabindex')).toBeNull();
    swipe([200, 100], [220, 100]);
    swipe([200, 100], [150, 300]);
    expect(current()).toBe(1);
    swipe([100, 100], [200, 100]);
    expect(current()).toBe(0);

    // swiperRightAd beside it (warehouse → /products?location=1).
    expect(screen.getByRole('link', { name: '澳洲直邮' }).getAttribute('href')).toBe('/products?location=1');

    // The rest in template order: floor, BrandAd (kept in the list), imageAd.
    const sections = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(sections).toEqual(['首页推荐', '热销奶粉', '精选品牌']);
    expect(screen.getByRole('link', { name: 'A2' }).getAttribute('href')).toBe('/brand/5');
    expect(screen.getByRole('link', { name: '帮助中心' }).getAttribute('href')).toBe('/article/9');
    const external = screen.getByRole('link', { name: '合作伙伴' });
    expect(external.getAttribute('href')).toBe('https://example.com/partner');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: '坏链接' }).getAttribute('href')).toBe('/');

    // The floor asks for its query and size, and its cards link to the product with the location prefix.
    const card = await screen.findByRole('link', { name: /【澳大利亚仓】婴儿奶粉/ });
    expect(card.getAttribute('href')).toBe('/product/11');
    expect(screen.getByRole('link', { name: '查看更多 ›' }).getAttribute('href')).toBe('/products/3');
    const listCall = calls.find((c) => c.path === '/api/goodsService/goods/list/');
    expect(listCall?.body).toEqual({ websiteId: 1, pageNo: 1, pageSize: 4, cateId: 3, orderByType: 'Sales' });
    // A template with only one swiperAd block: no copy of it among the sections below.
    expect(screen.queryAllByRole('region', { name: '首页推荐' })).toHaveLength(1);
  });

  it('shows an error with a retry, and offers shoppers no button to refresh the home content', async () => {
    let answers = 0;
    const { calls } = mockApi({
      ...shellHandlers,
      '/api/salesService/template/home': () => {
        answers += 1;
        return answers === 1
          ? { status: 500, body: { success: false, resultCode: 500, message: '服务繁忙', data: null } }
          : template([]);
      },
    });
    renderApp('/');
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    screen.getByRole('button', { name: '重新加载' }).click();
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/template/home'))).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('服务繁忙')).toBeNull());
    expect(screen.queryByRole('button', { name: /刷新/ })).toBeNull();
  });
});

describe('footer (spec §3 General state: helps)', () => {
  it('builds its groups from the basic template: the first element is the heading, the rest links', async () => {
    mockApi({
      ...shellHandlers,
      '/api/salesService/template/home': template([]),
      '/api/salesService/template/basic': ok({
        name: 'basic',
        updatedAt: '',
        templateJson: JSON.stringify({
          basicInfo: {
            siteName: '澳中批发商城',
            slogan: '正品直供',
            hotline: '400-000-0000',
            email: '',
            address: '',
            workTime: '',
          },
          helps: [
            [
              { title: '购物指南' },
              { title: '注册说明', link: { type: 'article', id: 1 } },
              { title: '全部分类', link: { type: 'cate', id: 2 } },
            ],
            [{ title: '关于我们' }, { title: '官网', link: { type: 'url', url: 'https://example.com' } }],
          ],
          allWrap: [{ image: 'ad/top.jpg', title: '年中大促', link: { type: 'warehouse', id: 2 } }],
          customerAd: [],
        }),
      }),
    });
    renderApp('/');
    const guide = await screen.findByRole('navigation', { name: '购物指南' });
    expect(within(guide).getByRole('heading', { name: '购物指南' })).toBeTruthy();
    expect(
      within(guide)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['注册说明', '/article/1'],
      ['全部分类', '/products/2'],
    ]);
    const about = screen.getByRole('navigation', { name: '关于我们' });
    expect(within(about).getByRole('link', { name: '官网' }).getAttribute('href')).toBe(
      'https://example.com',
    );
    expect(screen.getByText('客服热线：400-000-0000')).toBeTruthy();
    // The top ad of allWrap leads where its link says.
    expect(screen.getByRole('link', { name: '年中大促' }).getAttribute('href')).toBe('/products?location=2');
  });
});

describe("the console's live preview (a draft no server checked)", () => {
  it('keeps the blocks it can draw, in order, and leaves out the rest', () => {
    const [swiperAd, goodsFloor] = blocks;
    expect(
      checkPreviewBlocks([
        swiperAd,
        { tmpKey: 'countdown', endsAt: '2026-12-01' },
        { tmpKey: 'goodsFloor', title: '还没选商品' },
        goodsFloor,
        'not a block',
      ]),
    ).toEqual([swiperAd, goodsFloor]);
    expect(checkPreviewBlocks({ tmpKey: 'swiperAd', items: [] })).toEqual([]);
  });
});
