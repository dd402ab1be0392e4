import {
  AFTER_SALE_REASON_LABELS,
  AFTER_SALE_STATE_LABELS,
  AFTER_SALE_TYPE_LABELS,
  type AfterSaleDetail,
  type AfterSaleLine,
  AfterSaleMessages,
  imageUrl,
} from '@shop/domain';
import { Link } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ProductImage } from '@/components/product-image';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { formatDateTime } from '@/lib/date';
import { formatMajorPrice } from '@/lib/money';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import {
  afterSaleStateHint,
  EVENT_BY_LABELS,
  goodsReceived,
  mayCancel,
  mayShipBack,
  REFUND_TO_LABELS,
  timeline,
} from '../after-sale-state';
import { useCancelAfterSale } from '../api/cancel-after-sale';
import { useAfterSaleDetail } from '../api/get-after-sale-detail';
import { AfterSaleStateBadge } from './after-sale-state-badge';
import { ShipBackForm } from './ship-back-form';
import '@/components/record-list.css';
import '../aftersale.css';

function NotFound() {
  return (
    <EmptyState
      title={AfterSaleMessages.notFound}
      description="该售后单可能不属于当前账号。"
      actions={
        <Link to={paths.member.afterSales()} className="btn btn-primary">
          返回我的售后
        </Link>
      }
    />
  );
}

/**
 * 售后详情 (/member/aftersales/:id, issue #39): the state with what happens next and every step so far, the lines
 * (with what the warehouse put back in stock or wrote off once received), the member's text and photos, a rejection's
 * reason; once approved, where to send the goods and by when with 填写寄回单号; the parcels both ways; the refund and
 * where it went; 撤销申请 while it is pending or approved.
 */
export function AfterSaleDetailView({ afterSaleId }: { afterSaleId: number | undefined }) {
  const detail = useAfterSaleDetail(afterSaleId);
  if (afterSaleId === undefined) return <NotFound />;
  return (
    <QueryView query={detail} loading={<Skeleton lines={8} />} notFound={<NotFound />}>
      {(afterSale) => <AfterSale afterSale={afterSale} />}
    </QueryView>
  );
}

/** A courier's name from the shop's list when the after-sale names it by its code. */
function courierName(afterSale: AfterSaleDetail, courier: string | null): string {
  if (!courier) return '';
  return afterSale.couriers.find((c) => c.code === courier)?.name ?? courier;
}

function AfterSale({ afterSale }: { afterSale: AfterSaleDetail }) {
  const cancel = useCancelAfterSale();
  const { confirm, dialog } = useConfirm();
  const returning = afterSale.type !== 'refund';
  return (
    <div className="panel-stack aftersale-page">
      <section className="panel aftersale-head" aria-labelledby="aftersale-title">
        <div className="aftersale-head-title">
          <h2 className="panel-title" id="aftersale-title">
            售后单 {afterSale.afterSaleNo}
          </h2>
          <AfterSaleStateBadge state={afterSale.state} />
        </div>
        <p className="aftersale-hint" data-testid="aftersale-hint">
          {afterSaleStateHint(afterSale)}
        </p>
        {afterSale.state === 'rejected' && afterSale.rejectReason && (
          <p className="aftersale-reject" role="note" data-testid="aftersale-reject">
            拒绝原因：{afterSale.rejectReason}
          </p>
        )}
        <dl className="record-facts">
          <dt>售后类型</dt>
          <dd>{AFTER_SALE_TYPE_LABELS[afterSale.type]}</dd>
          <dt>售后原因</dt>
          <dd>{AFTER_SALE_REASON_LABELS[afterSale.reason]}</dd>
          <dt>订单</dt>
          <dd>
            <Link to={paths.order(afterSale.orderId)}>{afterSale.orderNo}</Link>
          </dd>
          <dt>申请时间</dt>
          <dd>{formatDateTime(afterSale.createdAt)}</dd>
          {afterSale.refundAmount !== null && afterSale.refundCurrency !== null && (
            <>
              <dt>{afterSale.state === 'refunding' ? '退款中' : '退款金额'}</dt>
              <dd data-testid="aftersale-refund">
                <span className="aftersale-amount">
                  {formatMajorPrice(afterSale.refundAmount, afterSale.refundCurrency)}
                </span>
                {afterSale.refundTo && (
                  <span className="aftersale-refund-to">{REFUND_TO_LABELS[afterSale.refundTo]}</span>
                )}
              </dd>
            </>
          )}
        </dl>
        <div className="aftersale-actions">
          <Link to={paths.member.afterSales()} className="btn">
            返回列表
          </Link>
          {mayCancel(afterSale) && (
            <button
              type="button"
              className="btn"
              disabled={cancel.isPending}
              onClick={() =>
                confirm({
                  title: '撤销申请',
                  content: '撤销后本次售后申请关闭；如仍有问题，可在售后期内重新申请。',
                  okText: '确定撤销',
                  danger: true,
                  onConfirm: () =>
                    cancel.mutateAsync(afterSale.id).then((message) => notify.success(message)),
                })
              }
            >
              撤销申请
            </button>
          )}
        </div>
      </section>

      {returning && afterSale.state === 'approved' && (
        <section className="panel aftersale-section" aria-labelledby="aftersale-return-title">
          <h2 className="panel-title" id="aftersale-return-title">
            寄回商品
          </h2>
          <dl className="record-facts">
            <dt>退货地址</dt>
            <dd className="aftersale-address" data-testid="aftersale-return-address">
              {afterSale.returnAddress || '请联系客服获取退货地址'}
            </dd>
            {afterSale.shipBackBy && (
              <>
                <dt>寄回期限</dt>
                <dd data-testid="aftersale-ship-back-by">
                  请在 {formatDateTime(afterSale.shipBackBy)} 前寄出
                </dd>
              </>
            )}
          </dl>
          {mayShipBack(afterSale) && <ShipBackForm afterSale={afterSale} />}
        </section>
      )}

      {(afterSale.returnLogisticCode || afterSale.exchangeLogisticCode) && (
        <section className="panel aftersale-section" aria-labelledby="aftersale-parcels-title">
          <h2 className="panel-title" id="aftersale-parcels-title">
            物流信息
          </h2>
          <dl className="record-facts">
            {afterSale.returnLogisticCode && (
              <>
                <dt>寄回包裹</dt>
                <dd data-testid="aftersale-return-parcel">
                  {courierName(afterSale, afterSale.returnCourier)} {afterSale.returnLogisticCode}
                </dd>
              </>
            )}
            {afterSale.exchangeLogisticCode && (
              <>
                <dt>换货包裹</dt>
                <dd data-testid="aftersale-exchange-parcel">
                  {courierName(afterSale, afterSale.exchangeCourier)} {afterSale.exchangeLogisticCode}
                </dd>
              </>
            )}
          </dl>
        </section>
      )}

      <AfterSaleLines afterSale={afterSale} />

      {(afterSale.text || afterSale.images.length > 0) && (
        <section className="panel aftersale-section" aria-labelledby="aftersale-text-title">
          <h2 className="panel-title" id="aftersale-text-title">
            问题描述
          </h2>
          {afterSale.text && <p className="aftersale-text">{afterSale.text}</p>}
          {afterSale.images.length > 0 && (
            <ul className="aftersale-photos" aria-label="售后照片">
              {afterSale.images.map((image, i) => (
                <li key={image.url}>
                  <a
                    href={imageUrl(image.url, 2000)}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={`查看大图 ${i + 1}`}
                  >
                    <img
                      src={imageUrl(image.url, 160)}
                      alt={`照片 ${i + 1}`}
                      width={80}
                      height={80}
                      loading="lazy"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <section className="panel aftersale-section" aria-labelledby="aftersale-steps-title">
        <h2 className="panel-title" id="aftersale-steps-title">
          处理进度
        </h2>
        {afterSale.events.length === 0 ? (
          <p className="muted">暂无处理记录</p>
        ) : (
          <ol className="aftersale-timeline" aria-label="处理进度">
            {timeline(afterSale.events).map((event, i) => (
              <li
                key={`${event.at}-${event.state}-${event.by}`}
                className={i === 0 ? 'is-latest' : undefined}
              >
                <div className="aftersale-step-head">
                  <strong>{AFTER_SALE_STATE_LABELS[event.state]}</strong>
                  <span className="muted">
                    {EVENT_BY_LABELS[event.by]} · {formatDateTime(event.at)}
                  </span>
                </div>
                {event.note && <p className="aftersale-step-note">{event.note}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
      {dialog}
    </div>
  );
}

/** The lines claimed: a table on a wide screen, one card per line on a phone (card-table). */
function AfterSaleLines({ afterSale }: { afterSale: AfterSaleDetail }) {
  const received = goodsReceived(afterSale);
  return (
    <section className="panel aftersale-section" aria-labelledby="aftersale-lines-title">
      <h2 className="panel-title" id="aftersale-lines-title">
        售后商品（{afterSale.lines.length} 种，共 {afterSale.pieces} 件）
      </h2>
      <div className="record-scroll">
        <table className="record-table card-table">
          <thead>
            <tr>
              <th scope="col">商品</th>
              <th scope="col" className="num">
                单价
              </th>
              <th scope="col" className="num">
                申请数量
              </th>
              {received && (
                <>
                  <th scope="col" className="num">
                    入库
                  </th>
                  <th scope="col" className="num">
                    报损
                  </th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {afterSale.lines.map((line) => (
              <LineRow key={line.itemId} line={line} afterSale={afterSale} received={received} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function LineRow({
  line,
  afterSale,
  received,
}: {
  line: AfterSaleLine;
  afterSale: AfterSaleDetail;
  received: boolean;
}) {
  return (
    <tr data-testid="aftersale-line">
      <td data-label="商品">
        <span className="aftersale-goods">
          <ProductImage path={line.image} alt={line.skuName || line.name} width={48} />
          <span>
            <span className="aftersale-goods-name">{line.name}</span>
            {line.skuName && <span className="muted aftersale-goods-count">{line.skuName}</span>}
          </span>
        </span>
      </td>
      <td data-label="单价" className="num">
        {formatMajorPrice(line.unitPrice, afterSale.currency)}
      </td>
      <td data-label="申请数量" className="num">
        {line.qty}
      </td>
      {received && (
        <>
          <td data-label="入库" className="num">
            {line.restocked}
          </td>
          <td data-label="报损" className="num">
            {line.writtenOff}
          </td>
        </>
      )}
    </tr>
  );
}
