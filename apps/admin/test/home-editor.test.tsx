import {
  AdminContentPaths,
  AdminGoodsPaths,
  AdminPaths,
  type AdminTemplateResponse,
  type HomeBlock,
} from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

const PUBLISHED: HomeBlock[] = [
  { tmpKey: 'swiperAd', items: [{ image: 'ads/a.jpg', title: '健康周', link: { type: 'brand', id: 3 } }] },
  { tmpKey: 'goodsFloor', title: '奶粉专区', query: { cateId: 7 }, size: 8 },
];

function view(overrides: Partial<AdminTemplateResponse> = {}): AdminTemplateResponse {
  return {
    name: 'home',
    published: PUBLISHED,
    publishedAt: '2026-11-24T03:00:00.000Z',
    draft: null,
    draftAt: null,
    draftBy: null,
    ...overrides,
  };
}

const GOODS_ROW = {
  id: 42,
  code: 'NZ-0042',
  name: '麦卢卡蜂蜜 UMF10+',
  nameEn: 'Manuka Honey',
  image: '',
  brandName: 'Comvita',
  categoryName: '蜂蜜',
  location: 3,
  warehouseName: '新西兰仓',
  onShelf: true,
  skuCount: 1,
  buyableSkuCount: 1,
  lowestStock: null,
  updateTime: '2026-11-20T03:00:00.000Z',
};

function homeApi(current: AdminTemplateResponse = view()) {
  let state = current;
  return mockApi({
    [AdminPaths.current]: ok(staffSession('content')),
    [AdminContentPaths.template]: () => ok(state),
    [AdminContentPaths.draftSave]: (body) => {
      state = view({ draft: body.template, draftAt: '2026-11-24T04:00:00.000Z', draftBy: 'content1' });
      return ok(state);
    },
    [AdminContentPaths.publish]: () => {
      state = view({ published: state.draft, publishedAt: '2026-11-24T04:01:00.000Z' });
      return ok(state);
    },
    [AdminContentPaths.draftDiscard]: () => {
      state = view();
      return ok(state);
    },
    [AdminGoodsPaths.list]: ok({ items: [GOODS_ROW], totalCount: 1 }),
  });
}

describe('首页装修', () => {
  it('lists the blocks, puts picked goods on a floor, saves a draft and publishes it', async () => {
    const api = homeApi();
    signIn();
    renderConsole('/home');
    expect(await screen.findByText(/正在编辑已发布的版本/, undefined, SLOW)).toBeTruthy();
    screen.getByText('奶粉专区（按条件展示）');
    screen.getByTitle('首页预览（电脑）');

    fireEvent.click(screen.getByRole('button', { name: /2\. 商品楼层/ }));
    const picker = screen.getByRole('combobox', { name: '楼层商品' });
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByText('麦卢卡蜂蜜 UMF10+（NZ-0042）', undefined, SLOW));

    fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(api.callsTo(AdminContentPaths.draftSave)).toHaveLength(1));
    expect(api.callsTo(AdminContentPaths.draftSave)[0]?.body).toEqual({
      name: 'home',
      template: [
        PUBLISHED[0],
        { tmpKey: 'goodsFloor', title: '奶粉专区', query: { goodsIds: [42] }, size: 8 },
      ],
    });
    expect(await screen.findByText(/草稿未发布（content1 保存于/, undefined, SLOW)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^发\s?布$/ }));
    const confirm = document.querySelector('.ant-popconfirm') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: /^发\s?布$/ }));
    await waitFor(() => expect(api.callsTo(AdminContentPaths.publish)).toHaveLength(1));
    // The draft was saved already and nothing changed since: publishing does not save it again.
    expect(api.callsTo(AdminContentPaths.draftSave)).toHaveLength(1);
    expect(await screen.findByText(/正在编辑已发布的版本/, undefined, SLOW)).toBeTruthy();
    screen.getByText('奶粉专区（1 个指定商品）');
  });

  it('opens a waiting draft and throws it away on request', async () => {
    const api = homeApi(
      view({
        draft: [{ tmpKey: 'imageAd', items: [] }],
        draftAt: '2026-11-24T04:00:00.000Z',
        draftBy: 'op_lin',
      }),
    );
    signIn();
    renderConsole('/home');
    expect(await screen.findByText(/草稿未发布（op_lin/, undefined, SLOW)).toBeTruthy();
    screen.getByText('1. 通栏广告');
    fireEvent.click(screen.getByRole('button', { name: /放弃草稿/ }));
    const confirm = document.querySelector('.ant-popconfirm') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: /放\s?弃/ }));
    await waitFor(() => expect(api.callsTo(AdminContentPaths.draftDiscard)).toHaveLength(1));
    expect(await screen.findByText('2. 商品楼层', undefined, SLOW)).toBeTruthy();
  });

  it('says so when the template cannot load', async () => {
    mockApi({
      [AdminPaths.current]: ok(staffSession('content')),
      [AdminContentPaths.template]: {
        status: 500,
        body: { success: false, resultCode: 500, message: '服务器繁忙', data: null },
      },
    });
    signIn();
    renderConsole('/home');
    expect(await screen.findByText('首页模板加载失败', undefined, SLOW)).toBeTruthy();
  });
});
