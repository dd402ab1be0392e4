import { CURRENCY_LABELS, formatPrice, type QuoteDetail, type QuoteLine, QuoteMessages } from '@shop/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ProductImage } from '@/components/product-image';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { formatDateTime } from '@/lib/date';
import { formatMajorPrice, majorToMinor } from '@/lib/money';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useQuoteDetail } from '../api/get-quote-detail';
import { useWithdrawQuote } from '../api/withdraw-quote';
import { quoteIsOpen, quoteValidityText } from '../quote-state';
import { QuoteStateBadge } from './quote-state-badge';
import { QuoteThread } from './quote-thread';
import '@/components/record-list.css';
import '../quote.css';

export interface QuoteDetailViewProps {
  quoteId: number | undefined;
  /**
   * The 按报价下单 section of an answered quote the member asked (the route gives it the address books it needs,
   * so a quote that cannot be accepted asks for none).
   */
  accept: (quote: QuoteDetail) => ReactNode;
}

function NotFound() {
  return (
    <EmptyState
      title={QuoteMessages.notFound}
      description="该询价可能不属于当前账号或您的公司。"
      actions={
        <Link to={paths.member.quotes()} className="btn btn-primary">
          返回我的询价
        </Link>
      }
    />
  );
}

/**
 * 询价详情 (/member/quotes/:id, issue #38): the lines with the member's price when asked (参考价) and the quoted one,
 * goods, freight and total, how long the answer holds, the note, the messages with a reply box, and for the member
 * who asked 撤回 while it is open and 按报价下单 while it is answered. Another member of the company only reads it.
 */
export function QuoteDetailView({ quoteId, accept }: QuoteDetailViewProps) {
  const detail = useQuoteDetail(quoteId);
  if (quoteId === undefined) return <NotFound />;
  return (
    <QueryView query={detail} loading={<Skeleton lines={8} />} notFound={<NotFound />}>
      {(quote) => <Quote quote={quote} accept={accept} />}
    </QueryView>
  );
}

function Quote({ quote, accept }: { quote: QuoteDetail; accept: QuoteDetailViewProps['accept'] }) {
  const withdraw = useWithdrawQuote();
  const { confirm, dialog } = useConfirm();
  const validity = quoteValidityText(quote, quote.today);
  const canReply = quote.mine && (quoteIsOpen(quote.state) || quote.state === 'expired');
  return (
    <div className="panel-stack quote-page">
      <section className="panel quote-head" aria-labelledby="quote-title">
        <div className="quote-head-title">
          <h2 className="panel-title" id="quote-title">
            询价单 {quote.quoteNo}
          </h2>
          <QuoteStateBadge state={quote.state} />
        </div>
        <dl className="record-facts">
          <dt>币种</dt>
          <dd>{CURRENCY_LABELS[quote.currency]}</dd>
          <dt>提交时间</dt>
          <dd>{formatDateTime(quote.createdAt)}</dd>
          {!quote.mine && (
            <>
              <dt>询价人</dt>
              <dd>{quote.requester}</dd>
            </>
          )}
          {quote.answeredAt && (
            <>
              <dt>报价时间</dt>
              <dd>{formatDateTime(quote.answeredAt)}</dd>
            </>
          )}
          <dt>有效期至</dt>
          <dd data-testid="quote-valid-until">
            {quote.validUntil ?? '待报价'}
            {validity && (
              <span className={`quote-validity${quote.state === 'expired' ? ' is-expired' : ''}`}>
                {validity}
              </span>
            )}
          </dd>
          {quote.orderId !== null && (
            <>
              <dt>订单</dt>
              <dd>
                <Link to={paths.order(quote.orderId)}>{quote.orderNo ?? quote.orderId}</Link>
              </dd>
            </>
          )}
        </dl>
        <div className="quote-actions">
          <Link to={paths.member.quotes()} className="btn">
            返回列表
          </Link>
          {quote.mine && quoteIsOpen(quote.state) && (
            <button
              type="button"
              className="btn"
              onClick={() =>
                confirm({
                  title: '撤回询价',
                  content: '撤回后客服不再报价，也不能按此询价下单；如仍需要，可以重新询价。',
                  okText: '确定撤回',
                  danger: true,
                  onConfirm: () => withdraw.mutateAsync(quote.id).then(() => notify.success('询价已撤回')),
                })
              }
            >
              撤回询价
            </button>
          )}
        </div>
      </section>

      <QuoteLines quote={quote} />

      {quote.note && (
        <section className="panel quote-section" aria-labelledby="quote-note-title">
          <h2 className="panel-title" id="quote-note-title">
            询价备注
          </h2>
          <p className="quote-note">{quote.note}</p>
        </section>
      )}

      {quote.mine && quote.state === 'answered' && accept(quote)}
      {quote.mine && quote.state === 'expired' && (
        <p className="panel quote-expired-note" role="note">
          {QuoteMessages.expired}。如有疑问，可以留言给客服。
        </p>
      )}

      <QuoteThread quoteId={quote.id} messages={quote.messages} canReply={canReply} />
      {dialog}
    </div>
  );
}

/** A line's amount at a unit price (major units) in minor units, or null without a price. */
function lineAmount(price: number | null, qty: number): number | null {
  const minor = majorToMinor(price);
  return minor === null ? null : minor * qty;
}

/**
 * The lines: a table on a wide screen, one card per line on a phone (quote.css); 参考价 is the member's price when
 * asked, 报价 the quoted unit price, 金额 the line at the quoted price. Under it goods, freight and the total.
 */
function QuoteLines({ quote }: { quote: QuoteDetail }) {
  const { currency } = quote;
  const money = (amount: number | null, none = '—') =>
    amount === null ? <span className="muted">{none}</span> : formatMajorPrice(amount, currency);
  const answered = quote.goods !== null;
  return (
    <section className="panel quote-section" aria-labelledby="quote-lines-title">
      <h2 className="panel-title" id="quote-lines-title">
        询价商品（{quote.lines.length} 种）
      </h2>
      <div className="record-scroll">
        <table className="record-table quote-table quote-lines card-table">
          <thead>
            <tr>
              <th scope="col">商品</th>
              <th scope="col" className="num">
                数量
              </th>
              <th scope="col" className="num">
                参考价
              </th>
              <th scope="col" className="num">
                报价
              </th>
              <th scope="col" className="num">
                金额
              </th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((line) => (
              <LineRow key={line.id} line={line} currency={currency} money={money} />
            ))}
          </tbody>
        </table>
      </div>
      {answered ? (
        <dl className="quote-totals" data-testid="quote-totals">
          <dt>商品金额</dt>
          <dd>{money(quote.goods)}</dd>
          <dt>运费</dt>
          <dd>{money(quote.freight)}</dd>
          <dt>报价合计</dt>
          <dd className="quote-total">{money(quote.total)}</dd>
        </dl>
      ) : (
        <p className="muted quote-waiting">待报价：客服报价后，这里会显示每个商品的报价、运费和合计。</p>
      )}
    </section>
  );
}

function LineRow({
  line,
  currency,
  money,
}: {
  line: QuoteLine;
  currency: QuoteDetail['currency'];
  money: (amount: number | null, none?: string) => ReactNode;
}) {
  const amount = lineAmount(line.price, line.qty);
  return (
    <tr data-testid="quote-line">
      <td data-label="商品">
        <Link to={paths.product(line.goodsId)} className="quote-line-goods">
          <ProductImage path={line.image} alt={line.skuName || line.name} width={48} />
          <span>
            <span className="quote-line-name">{line.name}</span>
            {line.skuName && <span className="muted quote-line-sku">{line.skuName}</span>}
          </span>
        </Link>
      </td>
      <td data-label="数量" className="num">
        {line.qty}
      </td>
      <td data-label="参考价" className="num">
        {money(line.listPrice)}
      </td>
      <td data-label="报价" className="num quote-price">
        {money(line.price, '待报价')}
      </td>
      <td data-label="金额" className="num">
        {amount === null ? <span className="muted">—</span> : formatPrice(amount, currency)}
      </td>
    </tr>
  );
}
