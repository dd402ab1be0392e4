import { CURRENCY_LABELS, type DepositLogItem, depositLogTypeLabel } from '@shop/domain';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/date';
import { formatMajorPrice } from '@/lib/money';
import { paths } from '@/lib/paths';

/** A signed amount: '+¥100.00' for a credit, '-¥20.00' for a debit (spec §3 'Deposit log'). */
export function signedAmount(amount: number, currency: DepositLogItem['currency']): string {
  const text = formatMajorPrice(amount, currency);
  return amount > 0 ? `+${text}` : text;
}

/**
 * The deposit log (spec §3 'Deposit log'): time, type, currency, signed amount, balance after it, the order
 * it belongs to and the note. A table on a wide screen (scrolling sideways when the column is narrow); on a
 * phone each row reads as a card (payment.css).
 */
export function DepositLogTable({ items }: { items: readonly DepositLogItem[] }) {
  return (
    <div className="deposit-log-scroll">
      <table className="deposit-log card-table">
        <thead>
          <tr>
            <th scope="col">时间</th>
            <th scope="col">类型</th>
            <th scope="col">币种</th>
            <th scope="col" className="num">
              金额
            </th>
            <th scope="col" className="num">
              余额
            </th>
            <th scope="col">关联订单</th>
            <th scope="col">备注</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td data-label="时间">{formatDateTime(item.createdAt)}</td>
              <td data-label="类型" className="deposit-log-type">
                {item.typeLabel || depositLogTypeLabel(item.type)}
              </td>
              <td data-label="币种">{CURRENCY_LABELS[item.currency]}</td>
              <td
                data-label="金额"
                className={`num deposit-amount ${item.amount < 0 ? 'deposit-amount-out' : 'deposit-amount-in'}`}
              >
                {signedAmount(item.amount, item.currency)}
              </td>
              <td data-label="余额" className="num">
                {formatMajorPrice(item.balanceAfter, item.currency)}
              </td>
              <td data-label="关联订单">
                {item.orderId !== null ? (
                  <Link to={paths.order(item.orderId)} className="deposit-order-link">
                    {item.orderNo ?? item.orderId}
                  </Link>
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
              <td data-label="备注" className="deposit-note">
                {item.note || <span className="muted">—</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
