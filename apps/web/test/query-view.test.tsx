import { ResultCode } from '@shop/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { combineQueries } from '@/components/combine-queries';
import { type QueryState, QueryView } from '@/components/query-view';
import { ApiError } from '@/lib/api-client';

function state<T>(fields: Partial<QueryState<T>>): QueryState<T> {
  return { data: undefined, isPending: false, isError: false, error: null, refetch: vi.fn(), ...fields };
}

const show = (data: string[]) => <ul aria-label="内容">{data.join(',')}</ul>;

describe('QueryView: the one way a read shows its states', () => {
  it('shows the page skeleton while loading, or the placeholder it is given', () => {
    const { rerender } = render(<QueryView query={state<string[]>({ isPending: true })}>{show}</QueryView>);
    expect(screen.getByRole('status', { name: '页面加载中' })).toBeTruthy();
    rerender(
      <QueryView query={state<string[]>({ isPending: true })} loading={<p>订单加载中</p>}>
        {show}
      </QueryView>,
    );
    expect(screen.getByText('订单加载中')).toBeTruthy();
  });

  it('shows the failure with 重新加载, which asks again', () => {
    const query = state<string[]>({
      isError: true,
      error: new ApiError(ResultCode.InternalServiceError, '服务繁忙'),
    });
    render(<QueryView query={query}>{show}</QueryView>);
    expect(screen.getByRole('alert').textContent).toContain('服务繁忙');
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });

  it('says it in the page’s own words when asked, and on one line inside a section', () => {
    const query = state<string[]>({ isError: true, error: new Error('boom') });
    render(
      <QueryView query={query} compact errorMessage="商品加载失败。">
        {show}
      </QueryView>,
    );
    expect(screen.getByRole('alert').tagName).toBe('P');
    expect(screen.getByRole('alert').textContent).toBe('商品加载失败。重新加载');
  });

  it('shows the not-found state for a 404, and the error for anything else', () => {
    const notFound = <p>商品不存在</p>;
    const { rerender } = render(
      <QueryView
        query={state<string[]>({
          isError: true,
          error: new ApiError(ResultCode.BadRequest, '不存在', null, 404),
        })}
        notFound={notFound}
      >
        {show}
      </QueryView>,
    );
    expect(screen.getByText('商品不存在')).toBeTruthy();
    rerender(
      <QueryView
        query={state<string[]>({
          isError: true,
          error: new ApiError(ResultCode.InternalServiceError, '服务繁忙'),
        })}
        notFound={notFound}
      >
        {show}
      </QueryView>,
    );
    expect(screen.queryByText('商品不存在')).toBeNull();
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('shows the empty state (a title, a muted line when compact, or its own) when there is nothing', () => {
    const empty = state({ data: [] as string[] });
    const isEmpty = (data: string[]) => data.length === 0;
    const { rerender } = render(
      <QueryView query={empty} isEmpty={isEmpty} empty="暂无订单">
        {show}
      </QueryView>,
    );
    expect(screen.getByRole('heading', { name: '暂无订单' })).toBeTruthy();
    rerender(
      <QueryView query={empty} isEmpty={isEmpty} empty="暂无物流信息" compact>
        {show}
      </QueryView>,
    );
    expect(screen.getByText('暂无物流信息').className).toBe('muted');
    rerender(
      <QueryView query={empty} isEmpty={isEmpty} empty={<p>还没有地址</p>}>
        {show}
      </QueryView>,
    );
    expect(screen.getByText('还没有地址')).toBeTruthy();
  });

  it('shows the content once there is some', () => {
    render(<QueryView query={state({ data: ['a', 'b'] })}>{show}</QueryView>);
    expect(screen.getByRole('list', { name: '内容' }).textContent).toBe('a,b');
  });
});

describe('combineQueries', () => {
  it('loads while any loads, fails with the first failure and asks again only for the failed ones', () => {
    const order = state({ data: { id: 1 } });
    const member = state<{ name: string }>({ isPending: true });
    expect(combineQueries({ order, member })).toMatchObject({ isPending: true, data: undefined });

    const failure = new Error('会员信息加载失败');
    const failed = state<{ name: string }>({ isError: true, error: failure });
    const both = combineQueries({ order, member: failed });
    expect(both).toMatchObject({ isError: true, error: failure });
    void both.refetch();
    expect(failed.refetch).toHaveBeenCalledTimes(1);
    expect(order.refetch).not.toHaveBeenCalled();

    expect(combineQueries({ order, member: state({ data: { name: '张三' } }) }).data).toEqual({
      order: { id: 1 },
      member: { name: '张三' },
    });
  });
});
