import { type Address, type CreatedOrder, chosenAddress, countryLabel, type QuoteDetail } from '@shop/domain';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatMajorPrice } from '@/lib/money';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useAcceptQuote } from '../api/accept-quote';

/** An address book as the route hands it over (undefined while it loads). */
export interface AddressBookState {
  data: Address[] | undefined;
  isPending: boolean;
}

export interface QuoteAcceptFormProps {
  quote: QuoteDetail;
  receivers: AddressBookState;
  senders: AddressBookState;
  /** An address just saved in a book the member visited from here (its way back), chosen on return. */
  saved?: { book: 'receiver' | 'sender'; id: number };
  /** The order exists: the route goes on to payment, or to the order when it waits for approval. */
  onOrderPlaced: (order: CreatedOrder) => void;
}

/** Spec §3 'Order' remark limit, as createdOrder/ (and accept/) checks it. */
const REMARK_MAX = 500;

const DELIVERY_CHOICES = [
  { value: 'delivery', label: '快递配送' },
  { value: 'pickup', label: '到仓自提' },
] as const;

/** A receiver or sender as one option of a list: name, phone, region and street, and 默认. */
function addressOption(address: Address): string {
  const line = [
    countryLabel(address.country),
    address.province,
    address.city,
    address.district,
    address.detail,
  ]
    .filter((part) => part !== '')
    .join(' ');
  return `${address.name} ${address.phone} ${line}${address.defaultFlag ? '（默认）' : ''}`;
}

/**
 * The requestId of one attempt to accept one version of the quote: made at the first press and kept for the
 * retries (the same id answers the order already made, so a lost answer never makes two orders); a new version
 * on screen is a new attempt.
 */
function useAttemptRequestId(quoteId: number, version: number): () => string {
  const attempt = useRef<{ key: string; requestId: string } | null>(null);
  return () => {
    const key = `${quoteId}:${version}`;
    if (attempt.current?.key !== key) attempt.current = { key, requestId: crypto.randomUUID() };
    return attempt.current.requestId;
  };
}

/**
 * 按报价下单 (issue #38): for the member who asked, while the quote is answered and not expired. Delivery to one of
 * the member's receivers (the default unless another is chosen, with an optional sender), or pickup at the
 * warehouse; a remark; then the order at the quoted prices and freight, for the version on screen.
 */
export function QuoteAcceptForm({ quote, receivers, senders, saved, onOrderPlaced }: QuoteAcceptFormProps) {
  const accept = useAcceptQuote();
  const requestId = useAttemptRequestId(quote.id, quote.version);
  // Set before the mutation's own pending state, so a double press sends once.
  const submitting = useRef(false);
  const [isPickup, setPickup] = useState(false);
  const [receiverId, setReceiverId] = useState<number | null>(saved?.book === 'receiver' ? saved.id : null);
  const [senderId, setSenderId] = useState<number | 'none' | null>(
    saved?.book === 'sender' ? saved.id : null,
  );
  const [remark, setRemark] = useState('');

  const receiverBook = receivers.data ?? [];
  const senderBook = senders.data ?? [];
  const receiver = receiverBook.find((a) => a.id === receiverId) ?? chosenAddress(receiverBook);
  const sender =
    senderId === 'none' ? null : (senderBook.find((a) => a.id === senderId) ?? chosenAddress(senderBook));
  const here = paths.member.quote(quote.id);
  const busy = accept.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current || busy) return;
    if (!isPickup && !receiver) {
      notify.warn('请先添加收货地址');
      return;
    }
    submitting.current = true;
    accept.mutate(
      {
        id: quote.id,
        version: quote.version,
        requestId: requestId(),
        isPickup,
        receiverId: isPickup ? null : (receiver?.id ?? null),
        senderId: sender?.id ?? null,
        memberRemark: remark.trim(),
      },
      {
        onSuccess: onOrderPlaced,
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  };

  return (
    <form className="panel quote-section quote-accept" aria-labelledby="quote-accept-title" onSubmit={submit}>
      <h2 className="panel-title" id="quote-accept-title">
        按报价下单
      </h2>
      <p className="muted quote-accept-note">
        订单按本报价的单价和运费下单，下单时检查库存
        {quote.validUntil ? `；报价有效期至 ${quote.validUntil}` : ''}。
      </p>

      <fieldset className="quote-fieldset" disabled={busy}>
        <legend className="quote-field-label">配送方式</legend>
        <div className="segmented">
          {DELIVERY_CHOICES.map((choice) => (
            <label key={choice.value} className="segmented-option">
              <input
                type="radio"
                name={`quote-delivery-${quote.id}`}
                value={choice.value}
                checked={(choice.value === 'pickup') === isPickup}
                onChange={() => setPickup(choice.value === 'pickup')}
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>
        {isPickup && (
          <p className="muted quote-accept-note">
            订单显示“待自提”后，凭订单号和身份证件在营业时间内到仓取货；仓库不提供自提时，下单会被拒绝。
          </p>
        )}
      </fieldset>

      {!isPickup && (
        <div className="quote-field">
          <div className="quote-field-head">
            <label htmlFor={`quote-receiver-${quote.id}`} className="quote-field-label">
              收货人
            </label>
            <Link to={paths.member.receiver({ from: here })} className="quote-link">
              新增收货地址
            </Link>
          </div>
          {receivers.data === undefined ? (
            <p className="muted">地址加载中…</p>
          ) : receiverBook.length === 0 ? (
            <p className="muted">还没有收货地址，请先添加</p>
          ) : (
            <select
              id={`quote-receiver-${quote.id}`}
              className="quote-select"
              value={receiver?.id ?? ''}
              disabled={busy}
              onChange={(event) => setReceiverId(Number(event.target.value))}
            >
              {receiverBook.map((address) => (
                <option key={address.id} value={address.id}>
                  {addressOption(address)}
                </option>
              ))}
            </select>
          )}
        </div>
      )}

      <div className="quote-field">
        <div className="quote-field-head">
          <label htmlFor={`quote-sender-${quote.id}`} className="quote-field-label">
            发件人（选填）
          </label>
          <Link to={paths.member.sender({ from: here })} className="quote-link">
            管理发件地址
          </Link>
        </div>
        {senders.data === undefined ? (
          <p className="muted">地址加载中…</p>
        ) : senderBook.length === 0 ? (
          <p className="muted">未设置发件人（选填）</p>
        ) : (
          <select
            id={`quote-sender-${quote.id}`}
            className="quote-select"
            value={sender?.id ?? 'none'}
            disabled={busy}
            onChange={(event) =>
              setSenderId(event.target.value === 'none' ? 'none' : Number(event.target.value))
            }
          >
            <option value="none">不指定</option>
            {senderBook.map((address) => (
              <option key={address.id} value={address.id}>
                {addressOption(address)}
              </option>
            ))}
          </select>
        )}
      </div>

      <div className="quote-field">
        <label htmlFor={`quote-remark-${quote.id}`} className="quote-field-label">
          订单备注
        </label>
        <textarea
          id={`quote-remark-${quote.id}`}
          className="text-box"
          aria-describedby={`quote-remark-${quote.id}-count`}
          value={remark}
          maxLength={REMARK_MAX}
          rows={2}
          disabled={busy}
          placeholder="选填，如包装或发货要求"
          onChange={(event) => setRemark(event.target.value)}
        />
        <span id={`quote-remark-${quote.id}-count`} className="muted quote-count">
          {remark.length} / {REMARK_MAX}
        </span>
      </div>

      <div className="quote-accept-submit">
        {quote.total !== null && (
          <span className="quote-accept-total">
            报价合计：
            <strong className="price price-strong">{formatMajorPrice(quote.total, quote.currency)}</strong>
          </span>
        )}
        <button type="submit" className="btn btn-primary" aria-busy={busy} disabled={busy}>
          按报价下单
        </button>
      </div>
    </form>
  );
}
