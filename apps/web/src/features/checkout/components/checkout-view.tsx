import type { CreatedOrder } from '@shop/domain';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { paths } from '@/lib/paths';
import {
  chooseCourier,
  chooseGift,
  choosePickup,
  chooseReceiver,
  chooseSender,
  setMemberRemark,
} from '../checkout-store';
import type { CheckoutViewModel } from '../checkout-view-model';
import { type CheckoutResume, useCheckoutAttempt } from '../use-checkout-attempt';
import { type AddressBookState, useCheckoutSummary } from '../use-checkout-summary';
import { usePlaceOrder } from '../use-place-order';
import { AddressSection } from './address-section';
import { CheckoutTotals, PayInCnyButton } from './checkout-totals';
import { DeliverySection } from './delivery-section';
import { PackSection } from './pack-section';
import { PromotionsSection } from './promotions-section';
import '../checkout.css';

export interface CheckoutViewProps {
  receivers: AddressBookState;
  senders: AddressBookState;
  resume?: CheckoutResume;
  /** The order exists: the route refreshes the order list and the cart, then goes on to payment. */
  onOrderCreated: (order: CreatedOrder) => void;
}

/** Spec §3 'Order' remark limit, as createdOrder/ checks it. */
const REMARK_MAX = 500;

function CheckoutSkeleton() {
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

/**
 * The checkout (spec §2 /checkout, §3 'Checkout info', §4 'Checkout summary loading'): receiver, sender,
 * delivery or pickup, the packs per warehouse with a courier each, promotions and gifts, the remark and the
 * totals of the server's summary, and 提交订单.
 */
export function CheckoutView({ receivers, senders, resume, onOrderCreated }: CheckoutViewProps) {
  const started = useCheckoutAttempt(resume);
  const order = usePlaceOrder(onOrderCreated);
  const checkout = useCheckoutSummary({ receivers, senders, started, paused: order.placed });

  if (order.placed) {
    return (
      <div className="panel" role="status">
        订单已提交，正在前往支付…
      </div>
    );
  }
  return (
    <QueryView
      query={checkout.query}
      loading={<CheckoutSkeleton />}
      errorMessage="订单信息加载失败，请稍后重试"
      isEmpty={(view) => view === null}
      empty={
        <EmptyState
          title="没有可结算的商品"
          // Every selected line was left out (none can be paid in AUD): say why, once, and the ways on.
          description={checkout.notice?.message ?? '请先在购物车中选择要购买的商品。'}
          actions={
            <>
              {(checkout.notice?.notPayableInAud.length ?? 0) > 0 && <PayInCnyButton primary />}
              <Link to={paths.cart()} className={checkout.notice ? 'btn' : 'btn btn-primary'}>
                返回购物车
              </Link>
            </>
          }
        />
      }
    >
      {(view) =>
        view && (
          <CheckoutForm
            view={view}
            checkout={checkout}
            receivers={receivers}
            senders={senders}
            order={order}
          />
        )
      }
    </QueryView>
  );
}

interface CheckoutFormProps {
  view: CheckoutViewModel;
  checkout: ReturnType<typeof useCheckoutSummary>;
  receivers: AddressBookState;
  senders: AddressBookState;
  order: ReturnType<typeof usePlaceOrder>;
}

/** The choices of the attempt beside the totals; every change asks for a new summary. */
function CheckoutForm({ view, checkout, receivers, senders, order }: CheckoutFormProps) {
  const { store, receiver, sender } = checkout;
  const info = store.checkout.info;
  const isPickup = store.checkout.isPickup;
  const busy = checkout.loading || order.isPending;
  const submit = () =>
    order.place({
      currency: view.currency,
      isPickup,
      receiver,
      sender,
      packs: info.packs,
      gifts: store.gifts,
      memberRemark: store.memberRemark,
    });

  return (
    <div className="checkout-page checkout-columns" aria-busy={busy}>
      <div className="checkout-main">
        <DeliverySection
          currencyNote={`结算币种 ${view.currency}（可在页头切换）`}
          pickup={view.pickup}
          isPickup={isPickup}
          disabled={busy}
          onPickup={choosePickup}
        />

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

        <PromotionsSection
          promotions={view.promotions}
          hints={view.promotionHints}
          disabled={busy}
          onGift={chooseGift}
        />

        <section className="panel checkout-section" aria-labelledby="checkout-remark">
          <header className="checkout-section-head">
            <h2 id="checkout-remark">订单备注</h2>
          </header>
          <textarea
            className="text-box"
            aria-labelledby="checkout-remark"
            aria-describedby="checkout-remark-count"
            value={store.memberRemark}
            maxLength={REMARK_MAX}
            rows={3}
            placeholder="选填，如包装或发货要求"
            onChange={(event) => setMemberRemark(event.target.value)}
          />
          <span id="checkout-remark-count" className="muted checkout-remark-count">
            {store.memberRemark.length} / {REMARK_MAX}
          </span>
        </section>
      </div>
      <aside className="checkout-side">
        <CheckoutTotals
          totals={view.totals}
          // The latest answer decides: an empty not-valid one keeps the info on screen (isUnResetInfo) but
          // its reason is still said, and the order cannot be submitted.
          valid={info.valid && checkout.notice === null}
          notForSaleMsg={checkout.notice?.message ?? info.notForSaleMsg}
          notPayableInAud={checkout.notice?.notPayableInAud ?? []}
          giftsToChoose={view.giftsToChoose}
          busy={busy}
          submitting={order.isPending}
          onSubmit={submit}
        />
      </aside>
    </div>
  );
}
