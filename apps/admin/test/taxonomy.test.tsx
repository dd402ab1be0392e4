import { type AdminBrand, type AdminCategoryNode, AdminPaths, AdminTaxonomyPaths } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

const APTAMIL: AdminBrand = {
  id: 1,
  name: '爱他美',
  nameEn: 'Aptamil',
  initial: 'A',
  logo: 'brand/logo/aptamil.png',
  banner: '',
  country: 'EU',
  description: '',
  sort: 0,
  goodsCount: 3,
};
const ZETA: AdminBrand = {
  ...APTAMIL,
  id: 2,
  name: 'Zeta',
  nameEn: 'Zeta',
  initial: 'Z',
  logo: '',
  goodsCount: 0,
};

const node = (
  over: Partial<AdminCategoryNode> & Pick<AdminCategoryNode, 'id' | 'name'>,
): AdminCategoryNode => ({
  parentId: null,
  image: '',
  sort: 0,
  depth: 1,
  goodsCount: 0,
  children: [],
  ...over,
});
const INFANT = node({ id: 3, name: '婴儿奶粉', parentId: 2, depth: 3, goodsCount: 2 });
const MILK = node({ id: 2, name: '奶粉', parentId: 1, depth: 2, children: [INFANT] });
const FOOD = node({ id: 4, name: '辅食', parentId: 1, depth: 2, sort: 1, goodsCount: 1 });
const BABY = node({ id: 1, name: '母婴', children: [MILK, FOOD] });
const HEALTH = node({ id: 5, name: '保健品', sort: 1 });
const TREE = [BABY, HEALTH];

describe('品牌', () => {
  it('lists brands by their A–Z group, shows the group a new name will go under, and saves it', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('content')),
      [AdminTaxonomyPaths.brandList]: ok({ items: [APTAMIL, ZETA], totalCount: 2 }),
      [AdminTaxonomyPaths.brandInitial]: (body) =>
        ok({ initial: String(body.name).startsWith('可') ? 'K' : '#' }),
      [AdminTaxonomyPaths.brandSave]: (body) => ok({ ...ZETA, id: 9, name: String(body.name), initial: 'K' }),
    });
    signIn();
    renderConsole('/brands');
    expect(await screen.findByText('爱他美', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('共 2 个品牌')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /新建品牌/ }));
    const dialog = await findDialog('新建品牌');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await within(dialog).findByText(/请输入品牌名称/, {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminTaxonomyPaths.brandSave)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('品牌名称'), { target: { value: '可瑞康' } });
    // The group is the server's answer (pinyin of 可 → K), asked once typing stops.
    await waitFor(() => expect(within(dialog).getByText('K')).toBeTruthy(), SLOW);
    fireEvent.change(within(dialog).getByLabelText('英文名称'), { target: { value: ' Karicare ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() =>
      expect(api.callsTo(AdminTaxonomyPaths.brandSave)[0]?.body).toEqual({
        name: '可瑞康',
        nameEn: 'Karicare',
        country: 'OTHER',
        logo: '',
        banner: '',
        description: '',
        sort: 0,
      }),
    );
    expect(await screen.findByText('品牌已创建', {}, SLOW)).toBeTruthy();
  });

  it('keeps the keyword in the address bar and will not offer to delete a brand with goods', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('owner')),
      [AdminTaxonomyPaths.brandList]: (body) =>
        ok(
          body.keyword === 'apt'
            ? { items: [APTAMIL], totalCount: 1 }
            : { items: [APTAMIL, ZETA], totalCount: 2 },
        ),
    });
    signIn();
    const { router } = renderConsole('/brands');
    await screen.findAllByText('Zeta', {}, SLOW);
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: 'apt' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s?询/ }));
    await waitFor(() => expect(router.state.location.search).toContain('keyword=apt'));
    await waitFor(() => expect(screen.queryAllByText('Zeta')).toHaveLength(0), SLOW);
    expect(api.callsTo(AdminTaxonomyPaths.brandList).at(-1)?.body).toMatchObject({ keyword: 'apt' });
    fireEvent.click(screen.getAllByRole('button', { name: /删\s?除/ })[0] as HTMLElement);
    expect(await screen.findByText('还有 3 个商品，不能删除', {}, SLOW)).toBeTruthy();
  });
});

describe('分类', () => {
  it('shows the tree with its goods, adds a child, and moves a category up', async () => {
    // The server's tree as it changes.
    let tree = TREE;
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('content')),
      [AdminTaxonomyPaths.categoryTree]: () => ok({ items: tree }),
      [AdminTaxonomyPaths.categorySave]: (body) => {
        tree = [
          tree[0] as AdminCategoryNode,
          { ...HEALTH, children: [node({ id: 7, name: String(body.name), parentId: 5, depth: 2 })] },
        ];
        return ok({ id: 7, tree });
      },
      [AdminTaxonomyPaths.categoryMove]: () => {
        tree = [{ ...BABY, children: [FOOD, MILK] }, HEALTH];
        return ok({ id: 4, tree });
      },
    });
    signIn();
    renderConsole('/categories');
    expect(await screen.findByText('婴儿奶粉', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('2 个商品')).toBeTruthy();
    // A third-level category takes no children.
    expect(screen.getAllByRole('button', { name: '添加下级' })).toHaveLength(4);

    fireEvent.click(screen.getByRole('button', { name: '上移 辅食' }));
    await waitFor(() =>
      expect(api.callsTo(AdminTaxonomyPaths.categoryMove)[0]?.body).toEqual({ id: 4, parentId: 1, index: 0 }),
    );
    expect(await screen.findByText('分类已移动', {}, SLOW)).toBeTruthy();

    const addButtons = screen.getAllByRole('button', { name: '添加下级' });
    fireEvent.click(addButtons[addButtons.length - 1] as HTMLElement);
    const dialog = await findDialog('在「保健品」下添加分类');
    fireEvent.change(within(dialog).getByLabelText('分类名称'), { target: { value: ' 维生素 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() =>
      expect(api.callsTo(AdminTaxonomyPaths.categorySave)[0]?.body).toEqual({
        parentId: 5,
        name: '维生素',
        image: '',
      }),
    );
    expect(await screen.findByText('维生素', {}, SLOW)).toBeTruthy();
  });

  it('moves a branch to another parent from the 移动 dialog, offering only parents within three levels', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('content')),
      [AdminTaxonomyPaths.categoryTree]: ok({ items: TREE }),
      [AdminTaxonomyPaths.categoryMove]: ok({
        id: 2,
        tree: [
          { ...BABY, children: [FOOD] },
          { ...HEALTH, children: [MILK] },
        ],
      }),
    });
    signIn();
    renderConsole('/categories');
    await screen.findByText('奶粉', {}, SLOW);
    fireEvent.click(screen.getAllByRole('button', { name: '移动' })[1] as HTMLElement);
    const dialog = await findDialog('移动分类：奶粉');
    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[0] as HTMLElement);
    const health = await waitFor(() => {
      const option = document.querySelector('.ant-select-dropdown [title="保健品"]');
      if (!option) throw new Error('no 保健品 choice yet');
      return option;
    }, SLOW);
    // 婴儿奶粉 is on the third level: a branch of two levels cannot go below 母婴's children.
    expect(document.querySelector('.ant-select-dropdown [title="婴儿奶粉"]')).toBeNull();
    fireEvent.click(health);
    fireEvent.click(within(dialog).getByRole('button', { name: /移\s?动/ }));
    await waitFor(() =>
      expect(api.callsTo(AdminTaxonomyPaths.categoryMove)[0]?.body).toMatchObject({ id: 2, parentId: 5 }),
    );
  });
});
