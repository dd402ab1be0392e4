import {
  type Address,
  chosenAddress,
  locationCodeFor,
  NavigationType,
  shouldReloadSummary,
} from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Input, Radio } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigationType } from 'react-router';
import { EmptyState, ErrorState } from '@/components/empty-state';
import { Skeleton } from '@/components/skeleton';
import { notify } from '@/lib/notify';
import { usePageCurrency } from '@/lib/page-currency';
import { paths } from '@/lib/paths';
import { type CreatedOrder, useCreateOrder } from '../api/create-order';
import {
  attemptRequestId,
  chooseCourier,
  chooseGift,
  choosePickup,
  chooseReceiver,
  chooseSender,
  loadSummary,
  type SummaryInputs,
  setMemberRemark,
  startCheckoutAttempt,
  summaryKey,
  useCheckoutStore,
} from '../checkout-store';
import { checkoutViewModel } from '../checkout-view-model';
import { AddressSection, resolveAddress } from './address-section';
import { PackSection } from './pack-section';
import { PromotionsSection } from './promotions-section';
import '../checkout.css';

/** An address book as the route hands it over. */
export interface AddressBookState {
  data: Address[] | undefined;
  isPending: boolean;
}

/** The shopper comes back from an address book: this attempt goes on, with the address saved there chosen. */
export interface CheckoutResume {
  savedAddress?: { book: 'receiver' | 'sender'; id: number };
}

export interface CheckoutViewProps {
  receivers: AddressBookState;
  senders: AddressBookState;
  resume?: CheckoutResume;
  /** The order exists: the route refreshes the order list and the cart, then goes on to payment. */
  onOrderCreated: (order: CreatedOrder) => void;
}

/** Spec §3 'Order' remark limit, as createdOrder/ checks it. */
const REMARK_MAX = 500;

/**
 * The checkout (spec §2 /checkout, §3 'Checkout info', §4 'Checkout summary loading'): receiver, sender,
 * delivery or pickup, the packs per warehouse with a courier each, promotions and gifts, the remark and the
 * totals of the server's summary, and 提交订单.
 */
export function CheckoutView({ receivers, senders, resume, onOrderCreated }: CheckoutViewProps) {
  const navigationType = useNavigationType();
  // Arriving from the cart (not by the browser's back button) starts a new attempt: fresh choices and a
  // fresh requestId. Coming back from adding an address keeps the attempt's choices and takes that address.
  // Done before the first read of the store so the first summary already has them.
  useState(() => {
    if (navigationType === NavigationType.Pop) return null;
    const saved = resume?.savedAddress;
    if (!resume) startCheckoutAttempt();
    else if (saved?.book === 'receiver') chooseReceiver(saved.id);
    else if (saved?.book === 'sender') chooseSender(saved.id);
    return null;
  });
  const store = useCheckoutStore();
  const currency = usePageCurrency((s) => s.currency);
  const queryClient = useQueryClient();
  const create = useCreateOrder();
  const submitting = useRef(false);
  const [placed, setPlaced] = useState(false);

  const { checkout, summary } = store;
  const isPickup = checkout.isPickup;
  const receiver = resolveAddress(receivers.data, store.receiver, chosenAddress);
  const sender = resolveAddress(senders.data, store.sender, chosenAddress);
  const locationCode = locationCodeFor({ isPickup, receiverPostCode: receiver?.postCode });
  const inputs = useMemo<SummaryInputs>(
    () => ({ locationCode, currency, courierChoices: store.courierChoices, gifts: store.gifts }),
    [locationCode, currency, store.courierChoices, store.gifts],
  );
  const key = summaryKey(inputs);
  // The receiver decides the locationCode: wait for the book rather than ask twice.
  const ready = !receivers.isPending;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the inputs; the navigation type is read as of the visit
  useEffect(() => {
    if (!ready || placed) return;
    const current = useCheckoutStore.getState();
    // Spec §4: no reload when the info has items and the visit is a browser back (POP).
    if (current.requestedKey === key && !shouldReloadSummary(current.checkout.info, navigationType)) return;
    void loadSummary(queryClient, inputs);
  }, [ready, key, placed]);

  const view = useMemo(
    () => (summary && checkout.info.items.length > 0 ? checkoutViewModel(checkout.info, summary) : null),
    [checkout.info, summary],
  );

  if (placed) {
    return (
      <div className="panel" role="status">
        订单已提交，正在前往支付…
      </div>
    );
  }
  if (!view) {
    if (store.loading || store.requestedKey === null) {
      return (
        <div className="checkout-page" role="status" aria-busy="true" aria-label="订单信息加载中">
          <div className="panel">
            <Skeleton lines={3} />
          </div>
          <div className="panel">
            <Skeleton lines={4} />
          </div>
        </div>
      );
    }
    if (store.failed) {
      return (
        <ErrorState
          message="订单信息加载失败，请稍后重试"
          onRetry={() => void loadSummary(queryClient, inputs)}
        />
      );
    }
    return (
      <EmptyState
        title="没有可结算的商品"
        description="请先在购物车中选择要购买的商品。"
        actions={
          <Link to={paths.cart()} className="btn btn-primary">
            返回购物车
          </Link>
        }
      />
    );
  }

  const busy = store.loading || create.isPending;
  const info = checkout.info;
  const submit = () => {
    if (submitting.current || create.isPending) return;
    if (!isPickup && !receiver) {
      notify.warn('请先添加收货地址');
      return;
    }
    if (!isPickup && info.packs.some((pack) => pack.options.courierId == null)) {
      notify.warn('请为每个包裹选择快递');
      return;
    }
    submitting.current = true;
    create.mutate(
      {
        requestId: attemptRequestId(),
        currency: view.currency,
        isPickup,
        receiverId: receiver?.id ?? null,
        senderId: sender?.id ?? null,
        packs: info.packs.map((pack) => ({ index: pack.index, courierId: pack.options.courierId ?? null })),
        gifts: Object.entries(store.gifts).map(([promotionId, skuId]) => ({
          promotionId: Number(promotionId),
          skuId,
        })),
        memberRemark: store.memberRemark.trim(),
      },
      {
        onSuccess: (order) => {
          setPlaced(true);
          // The next visit is a new attempt; coming back here must not offer the ordered goods again.
          startCheckoutAttempt();
          onOrderCreated(order);
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  };

  return (
    <div className="checkout-page checkout-columns" aria-busy={busy}>
      <div className="checkout-main">
        <section className="panel checkout-section" aria-labelledby="checkout-delivery">
          <header className="checkout-section-head">
            <h2 id="checkout-delivery">配送方式</h2>
            <span className="muted">结算币种 {view.currency}（可在页头切换）</span>
          </header>
          <Radio.Group
            value={isPickup ? 'pickup' : 'delivery'}
            disabled={busy}
            onChange={(event) => choosePickup(event.target.value === 'pickup')}
            optionType="button"
            options={[
              { value: 'delivery', label: '快递配送' },
              { value: 'pickup', label: '到仓自提' },
            ]}
          />
        </section>

        {!isPickup && (
          <AddressSection
            title="收货人"
            book={receivers.data}
            current={receiver}
            emptyText="还没有收货地址，请先添加"
            manageTo={paths.member.receiver({ from: paths.checkout() })}
            manageText="新增收货地址"
            onChoose={chooseReceiver}
          />
        )}
        <AddressSection
          title="发件人"
          book={senders.data}
          current={sender}
          optional
          emptyText="未设置发件人（选填）"
          manageTo={paths.member.sender({ from: paths.checkout() })}
          manageText="管理发件地址"
          onChoose={chooseSender}
        />

        {view.packs.map((pack, i) => (
          <PackSection
            key={pack.packId}
            pack={pack}
            position={i + 1}
            count={view.packs.length}
            isPickup={isPickup}
            disabled={busy}
            onCourier={chooseCourier}
          />
        ))}

        <PromotionsSection promotions={view.promotions} disabled={busy} onGift={chooseGift} />

        <section className="panel checkout-section" aria-labelledby="checkout-remark">
          <header className="checkout-section-head">
            <h2 id="checkout-remark">订单备注</h2>
          </header>
          <Input.TextArea
            aria-labelledby="checkout-remark"
            value={store.memberRemark}
            maxLength={REMARK_MAX}
            showCount
            rows={3}
            placeholder="选填，如包装或发货要求"
            onChange={(event) => setMemberRemark(event.target.value)}
          />
        </section>
      </div>
      <aside className="checkout-side">
        <section className="panel checkout-section checkout-totals" aria-label="订单金额">
          <dl className="checkout-amounts">
            <dt>商品金额</dt>
            <dd data-testid="checkout-goods">{view.totals.goods}</dd>
            <dt>优惠</dt>
            <dd data-testid="checkout-promotions">{view.totals.promotions}</dd>
            <dt>运费</dt>
            <dd data-testid="checkout-shipping">{view.totals.shipping}</dd>
            <dt>税费</dt>
            <dd data-testid="checkout-tax">{view.totals.tax}</dd>
            <dt>其他费用合计</dt>
            <dd data-testid="checkout-other">{view.totals.allOther}</dd>
          </dl>
          {!info.valid && (
            <p className="checkout-invalid" role="alert">
              {info.notForSaleMsg || '部分商品暂不可购买，请返回购物车修改'}
            </p>
          )}
          {view.giftsToChoose > 0 && <p className="checkout-hint">您有 {view.giftsToChoose} 件赠品待选择</p>}
          <div className="checkout-submit-bar">
            <span className="checkout-total">
              应付总额
              <strong className="price price-strong" data-testid="checkout-total">
                {view.totals.total}
              </strong>
            </span>
            <button
              type="button"
              className="btn btn-primary checkout-submit"
              disabled={busy || !info.valid}
              onClick={submit}
            >
              {create.isPending ? '提交中…' : '提交订单'}
            </button>
          </div>
        </section>
      </aside>
    </div>
  );
}
