import { formatWeight, orderStatusLabel, type PackingPack, warehouseName } from '@shop/domain';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '@/components/pager';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { notify } from '@/lib/notify';
import { positiveIntParam } from '@/lib/params';
import { paths } from '@/lib/paths';
import { useExportPackingList } from '../api/export-packing-list';
import { usePackingList } from '../api/get-packing-list';
import { formatDateTime } from '../order-format';
import '../user-pages.css';

const PACKING_PAGE_SIZE = 20;

const skuText = (item: PackingPack['items'][number]) =>
  Object.values(item.property).join(' ') || item.skuName;

/**
 * 装箱单 (/user/packing, ADR 018): the packing lists of the member's packs that are ready or shipped — per
 * pack its items, quantities and weights, courier and tracking number. 打印 prints the page through its print
 * stylesheet (one pack per sheet of paper, no shop chrome); 导出 Excel downloads the packs shown.
 */
export function PackingListView() {
  const [params, setParams] = useSearchParams();
  const pageNo = positiveIntParam(params.get('pageNo')) ?? 1;
  const list = usePackingList({ pageNo, pageSize: PACKING_PAGE_SIZE });
  const exporter = useExportPackingList();

  return (
    <QueryView
      query={list}
      loading={<Skeleton lines={6} />}
      isEmpty={(data) => data.items.length === 0}
      empty="暂无装箱单：包裹备货完成（待发货）后会在这里列出"
    >
      {(data) => (
        <div className="packing-page">
          <div className="user-page-bar no-print">
            <span className="muted">共 {data.totalCount} 个包裹</span>
            <div className="user-page-actions">
              <button type="button" className="btn" onClick={() => window.print()}>
                打印
              </button>
              <button
                type="button"
                className="btn btn-primary"
                disabled={exporter.isPending}
                onClick={() =>
                  exporter.mutate(
                    data.items.map((p) => p.id),
                    { onSuccess: (name) => notify.success(`已导出：${name}`) },
                  )
                }
              >
                {exporter.isPending ? '正在导出…' : '导出 Excel'}
              </button>
            </div>
          </div>
          <ol className="packing-list" aria-busy={list.isFetching}>
            {data.items.map((pack) => (
              <li key={pack.id} className="packing-sheet panel">
                <header className="packing-head">
                  <h2>
                    装箱单 · 订单 <Link to={paths.order(pack.orderId)}>{pack.orderNo}</Link> · 包裹{' '}
                    {pack.packNo}/{pack.packCount}
                  </h2>
                  <span className="order-status">{orderStatusLabel(pack.status)}</span>
                </header>
                <dl className="packing-facts">
                  <div>
                    <dt>发货仓库</dt>
                    <dd>{warehouseName(pack.location)}</dd>
                  </div>
                  <div>
                    <dt>快递公司</dt>
                    <dd>{pack.isPickup ? '到仓自提' : pack.courierName || '待定'}</dd>
                  </div>
                  <div>
                    <dt>运单号</dt>
                    <dd className="packing-code">{pack.logisticCode || '待发货'}</dd>
                  </div>
                  <div>
                    <dt>包裹重量</dt>
                    <dd>{formatWeight(pack.weight)}</dd>
                  </div>
                  <div>
                    <dt>件数</dt>
                    <dd>{pack.pieces} 件</dd>
                  </div>
                  <div>
                    <dt>收货人</dt>
                    <dd>{pack.receiverName || '—'}</dd>
                  </div>
                  <div>
                    <dt>下单时间</dt>
                    <dd>{formatDateTime(pack.orderedAt)}</dd>
                  </div>
                  {pack.shippedAt && (
                    <div>
                      <dt>发货时间</dt>
                      <dd>{formatDateTime(pack.shippedAt)}</dd>
                    </div>
                  )}
                </dl>
                <table className="user-table packing-items">
                  <thead>
                    <tr>
                      <th scope="col">商品</th>
                      <th scope="col">规格</th>
                      <th scope="col">数量</th>
                      <th scope="col">单件重量</th>
                      <th scope="col">重量小计</th>
                    </tr>
                  </thead>
                  <tbody>
                    {pack.items.map((item) => (
                      <tr key={`${item.skuId}-${item.isGift}`}>
                        <td>
                          {item.isGift && <span className="packing-gift">赠品</span>}
                          {item.name}
                        </td>
                        <td>{skuText(item)}</td>
                        <td>{item.qty}</td>
                        <td>{formatWeight(item.weight)}</td>
                        <td>{formatWeight(item.weight * item.qty)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </li>
            ))}
          </ol>
          <Pager
            className="order-pager no-print"
            pageNo={pageNo}
            pageSize={PACKING_PAGE_SIZE}
            totalCount={data.totalCount}
            onChange={(next) => setParams({ pageNo: String(next) })}
          />
        </div>
      )}
    </QueryView>
  );
}
