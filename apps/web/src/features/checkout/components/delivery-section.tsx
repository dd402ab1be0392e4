import { PickupPointText } from '@/components/pickup-point';
import type { PickupView } from '../checkout-view-model';

const DELIVERY_CHOICES = [
  { value: 'delivery', label: '快递配送' },
  { value: 'pickup', label: '到仓自提' },
] as const;

interface DeliverySectionProps {
  currencyNote: string;
  pickup: PickupView;
  isPickup: boolean;
  disabled: boolean;
  onPickup: (isPickup: boolean) => void;
}

/**
 * 配送方式 (spec §4 'Setting pickup stores isPickup'): 快递配送, or 到仓自提 where every pack's warehouse has a
 * pickup desk, with the address and hours once it is chosen. When some warehouse of the order only ships, pickup
 * is not offered and the page says why; a pickup choice left from before stays visible (disabled) so the shopper
 * can switch back.
 */
export function DeliverySection({
  currencyNote,
  pickup,
  isPickup,
  disabled,
  onPickup,
}: DeliverySectionProps) {
  const showChoice = pickup.offered || isPickup;
  return (
    <section className="panel checkout-section" aria-labelledby="checkout-delivery">
      <header className="checkout-section-head">
        <h2 id="checkout-delivery">配送方式</h2>
        <span className="muted">{currencyNote}</span>
      </header>
      {showChoice ? (
        <div className="segmented" role="radiogroup" aria-labelledby="checkout-delivery">
          {DELIVERY_CHOICES.map((choice) => (
            <label key={choice.value} className="segmented-option">
              <input
                type="radio"
                name="checkout-delivery"
                value={choice.value}
                checked={(choice.value === 'pickup') === isPickup}
                disabled={disabled || (choice.value === 'pickup' && !pickup.offered)}
                onChange={() => onPickup(choice.value === 'pickup')}
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>
      ) : (
        <p>快递配送</p>
      )}
      {!pickup.offered && pickup.shipOnly.length > 0 && (
        <p className="muted checkout-pickup-why">
          {pickup.shipOnly.join('、')}的商品只能快递发货，本单不能到仓自提。
        </p>
      )}
      {isPickup && pickup.offered && (
        // biome-ignore lint/a11y/useSemanticElements: a list of desks, named for screen readers
        <div className="checkout-pickup-points" role="group" aria-label="自提地点">
          {pickup.points.map((point) => (
            <PickupPointText key={point.warehouseId} point={point} />
          ))}
          <p className="muted">订单显示“待自提”后，凭订单号和身份证件在营业时间内到仓取货。</p>
        </div>
      )}
    </section>
  );
}
