import { type AdminArticleRow, AdminContentPaths, AdminPaths } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

const row = (id: number, overrides: Partial<AdminArticleRow> = {}): AdminArticleRow => ({
  id,
  title: `文章 ${id}`,
  summary: '',
  cover: '',
  categoryId: 1,
  categoryName: '购物指南',
  sort: 0,
  published: true,
  updatedAt: '2026-11-24T03:00:00.000Z',
  ...overrides,
});

function articlesApi() {
  return mockApi({
    [AdminPaths.current]: ok(staffSession('content')),
    [AdminContentPaths.categoryList]: ok({
      items: [
        { id: 1, name: '购物指南', sort: 0, articleCount: 2 },
        { id: 2, name: '空分类', sort: 1, articleCount: 0 },
      ],
    }),
    [AdminContentPaths.categorySave]: (body) =>
      ok({ id: 3, name: String(body.name), sort: Number(body.sort), articleCount: 0 }),
    [AdminContentPaths.articleList]: (body) =>
      ok({
        items: body.keyword ? [row(2, { title: '退货说明' })] : [row(1), row(2, { title: '退货说明' })],
        totalCount: body.keyword ? 1 : 2,
        pageNo: 1,
        pageSize: 20,
      }),
    [AdminContentPaths.articleDetail]: ok({ ...row(2, { title: '退货说明' }), content: '<p>7天无理由</p>' }),
    [AdminContentPaths.articleSave]: (body) =>
      ok({ ...row(2), title: String(body.title), content: '<p>x</p>' }),
  });
}

describe('文章', () => {
  it('lists articles, filters by keyword, and saves an edited one', async () => {
    const api = articlesApi();
    signIn();
    renderConsole('/articles');
    expect(await screen.findByText('文章 1', undefined, SLOW)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('关键词'), { target: { value: '退货' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s?询/ }));
    await waitFor(() => expect(api.callsTo(AdminContentPaths.articleList).at(-1)?.body.keyword).toBe('退货'));
    await waitFor(() => expect(screen.queryByText('文章 1')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: '退货说明' }));
    const area = await screen.findByRole('textbox', { name: '正文' }, SLOW);
    await waitFor(() => expect(area.innerHTML).toBe('<p>7天无理由</p>'));
    area.innerHTML = '<p>7天无理由，<strong>包邮</strong></p>';
    fireEvent.input(area);
    fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    await waitFor(() => expect(api.callsTo(AdminContentPaths.articleSave)).toHaveLength(1));
    expect(api.callsTo(AdminContentPaths.articleSave)[0]?.body).toEqual({
      id: 2,
      title: '退货说明',
      summary: '',
      cover: '',
      content: '<p>7天无理由，<strong>包邮</strong></p>',
      categoryId: 1,
      sort: 0,
      published: true,
    });
  });

  it('adds a category, and deletes only an empty one', async () => {
    const api = articlesApi();
    signIn();
    renderConsole('/articles');
    const card = (await screen.findByText('文章分类', undefined, SLOW)).closest('.ant-card') as HTMLElement;
    const used = (await within(card).findByText('购物指南', { selector: 'td' }, SLOW)).closest(
      'tr',
    ) as HTMLElement;
    expect((within(used).getByRole('button', { name: /删\s?除/ }) as HTMLButtonElement).disabled).toBe(true);
    const empty = within(card).getByText('空分类', { selector: 'td' }).closest('tr') as HTMLElement;
    expect((within(empty).getByRole('button', { name: /删\s?除/ }) as HTMLButtonElement).disabled).toBe(
      false,
    );

    fireEvent.click(screen.getByRole('button', { name: /添加分类/ }));
    const dialog = await findDialog('添加分类');
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '售后服务' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() =>
      expect(api.callsTo(AdminContentPaths.categorySave)[0]?.body).toEqual({ name: '售后服务', sort: 0 }),
    );
  });
});
