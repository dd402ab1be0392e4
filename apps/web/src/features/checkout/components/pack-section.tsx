import { ProductImage } from '@/components/product-image';
import type { PackView } from '../checkout-view-model';

interface PackSectionProps {
  pack: PackView;
  position: number;
  count: number;
  isPickup: boolean;
  disabled: boolean;
  onCourier: (index: number, courierId: number) => void;
}

/**
 * One shipping pack (spec §3 'Pack'): the goods of one warehouse and the courier for it, by the pack's index.
 * Only the public couriers are offered; one that cannot take the pack is shown disabled with the reason.
 */
export function PackSection({ pack, position, count, isPickup, disabled, onCourier }: PackSectionProps) {
  const headingId = `checkout-pack-${pack.packId}`;
  return (
    <section className="panel checkout-section checkout-pack" aria-labelledby={headingId}>
      <header className="checkout-section-head">
        <h2 id={headingId}>
          {pack.warehouseName}
          <span className="muted checkout-pack-meta">
            包裹 {position}/{count} · {pack.weightText}
          </span>
        </h2>
      </header>
      <ul className="checkout-items">
        {pack.items.map((item) => (
          <li key={item.key} className="checkout-item">
            <ProductImage path={item.image} alt={item.displayName} width={56} />
            <div className="checkout-item-name">
              <span>{item.displayName}</span>
              {item.isGift && <span className="checkout-tag">赠品</span>}
              {item.propertyText && item.propertyText !== item.displayName && (
                <span className="muted checkout-item-property">{item.propertyText}</span>
              )}
            </div>
            <span className="checkout-item-amount">
              <span>{item.priceText}</span>
              <span className="muted">×{item.qty}</span>
            </span>
          </li>
        ))}
      </ul>
      {isPickup ? (
        <p className="muted checkout-pickup-note">
          {pack.pickup ? `到仓自提：${pack.pickup.address}` : '到仓自提'}，无需快递
        </p>
      ) : (
        <fieldset className="checkout-couriers" disabled={disabled} aria-label={`${pack.warehouseName}快递`}>
          <legend className="checkout-couriers-title">选择快递</legend>
          {pack.couriers.length === 0 ? (
            <p className="muted">该仓库暂无可用快递</p>
          ) : (
            <div className="checkout-courier-options">
              {pack.couriers.map((courier) => (
                <label key={courier.id} className="checkout-courier-option">
                  <input
                    type="radio"
                    name={`checkout-courier-${pack.packId}`}
                    value={courier.id}
                    checked={pack.courierId === courier.id}
                    disabled={!courier.available}
                    onChange={() => onCourier(pack.index, courier.id)}
                  />
                  <span className="checkout-courier">
                    <span>{courier.name}</span>
                    {courier.available ? (
                      <>
                        <span className="price">{courier.feeText}</span>
                        {courier.estimatedDays && <span className="muted">预计 {courier.estimatedDays}</span>}
                      </>
                    ) : (
                      <span className="muted">{courier.unavailableReason || '不可用'}</span>
                    )}
                  </span>
                </label>
              ))}
            </div>
          )}
          <div className="checkout-pack-fee">
            运费 <span className="price">{pack.shippingFeeText}</span>
          </div>
        </fieldset>
      )}
    </section>
  );
}
