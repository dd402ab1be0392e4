import { AFTER_SALE_TYPE_LABELS, type AfterSaleSummary } from '@shop/domain';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Pager } from '@/components/pager';
import { ProductImage } from '@/components/product-image';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { StateTabs } from '@/components/state-tabs';
import { formatDateTime } from '@/lib/date';
import { formatMajorPrice } from '@/lib/money';
import { listQuery, positiveIntParam } from '@/lib/params';
import { paths } from '@/lib/paths';
import { AFTER_SALE_TABS, type AfterSaleListState, afterSaleStateParam } from '../after-sale-state';
import { useAfterSaleList } from '../api/get-after-sale-list';
import { AfterSaleStateBadge } from './after-sale-state-badge';
import '../aftersale.css';

const PAGE_SIZE = 20;

/**
 * 我的售后 (/member/aftersales, issue #39): the member's after-sales by state, newest first, one page at a time (the
 * tab and page live in the address). Each opens its page; a request is made from its order's page (申请售后).
 */
export function AfterSaleListView() {
  const [params, setParams] = useSearchParams();
  const state = afterSaleStateParam(params.get('state'));
  const pageNo = positiveIntParam(params.get('pageNo')) ?? 1;
  const list = useAfterSaleList({ pageNo, pageSize: PAGE_SIZE, state });

  const go = (next: AfterSaleListState, page?: number) =>
    setParams(listQuery({ state: next === 'all' ? undefined : next }, page));

  return (
    <section className="panel aftersale-list" aria-label="售后列表">
      <StateTabs label="售后状态" tabs={AFTER_SALE_TABS} value={state} onChange={(tab) => go(tab)} />
      <QueryView
        query={list}
        loading={<Skeleton lines={6} title={false} />}
        isEmpty={(answer) => answer.items.length === 0}
        empty={
          <EmptyState
            title="暂无售后"
            description={
              state === 'all'
                ? '已发货或已完成的订单，可以在订单详情中点击“申请售后”。'
                : '没有符合筛选条件的售后单。'
            }
            actions={
              state === 'all' && (
                <Link to={paths.member.order()} className="btn btn-primary">
                  查看我的订单
                </Link>
              )
            }
          />
        }
      >
        {(answer) => (
          <>
            <div aria-busy={list.isFetching}>
              <AfterSaleTable items={answer.items} />
            </div>
            <Pager
              pageNo={pageNo}
              pageSize={PAGE_SIZE}
              totalCount={answer.totalCount}
              onChange={(page) => go(state, page)}
              compact
            />
          </>
        )}
      </QueryView>
    </section>
  );
}

/** The after-sales: a table on a wide screen; on a phone each row reads as a card (card-table). */
function AfterSaleTable({ items }: { items: readonly AfterSaleSummary[] }) {
  return (
    <div className="record-scroll">
      <table className="record-table card-table">
        <thead>
          <tr>
            <th scope="col">售后单号</th>
            <th scope="col">商品</th>
            <th scope="col">订单号</th>
            <th scope="col">类型</th>
            <th scope="col">状态</th>
            <th scope="col" className="num">
              退款金额
            </th>
            <th scope="col">申请时间</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} data-testid="aftersale-row">
              <td data-label="售后单号">
                <Link to={paths.member.afterSale(item.id)}>{item.afterSaleNo}</Link>
              </td>
              <td data-label="商品">
                <span className="aftersale-goods">
                  <ProductImage path={item.image} alt={item.title} width={40} />
                  <span>
                    <span className="aftersale-goods-name">{item.title}</span>
                    <span className="muted aftersale-goods-count">
                      {item.lineCount > 1 ? `等 ${item.lineCount} 种，` : ''}共 {item.pieces} 件
                    </span>
                  </span>
                </span>
              </td>
              <td data-label="订单号">
                <Link to={paths.order(item.orderId)}>{item.orderNo}</Link>
              </td>
              <td data-label="类型">{AFTER_SALE_TYPE_LABELS[item.type]}</td>
              <td data-label="状态">
                <AfterSaleStateBadge state={item.state} />
              </td>
              <td data-label="退款金额" className="num">
                {item.refundAmount !== null && item.refundCurrency !== null ? (
                  <span className="aftersale-amount">
                    {formatMajorPrice(item.refundAmount, item.refundCurrency)}
                  </span>
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
              <td data-label="申请时间">{formatDateTime(item.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
