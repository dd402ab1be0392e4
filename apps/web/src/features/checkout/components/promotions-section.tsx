import { lazy, Suspense, useState } from 'react';
import { ProductImage } from '@/components/product-image';
import type { PromotionView } from '../checkout-view-model';

const GiftPicker = lazy(() => import('./gift-picker'));

interface PromotionsSectionProps {
  promotions: PromotionView[];
  /** What applies and why another does not (ADR 031). */
  hints: readonly string[];
  disabled: boolean;
  onGift: (promotionId: number, skuId: number) => void;
}

/**
 * The promotions of the order (spec §3 'Promotion', §4 'Promotion methods'): the amount each applied one takes
 * off, why each other one does not apply (another 满减 is better, the threshold is not reached; ADR 031), and
 * for a free gift (OnTheHouse) the gift product, whose SKU the shopper picks.
 */
export function PromotionsSection({ promotions, hints, disabled, onGift }: PromotionsSectionProps) {
  const [picking, setPicking] = useState<PromotionView | null>(null);
  if (promotions.length === 0) return null;
  return (
    <section className="panel checkout-section" aria-labelledby="checkout-promotions">
      <header className="checkout-section-head">
        <h2 id="checkout-promotions">优惠活动</h2>
      </header>
      {hints.length > 0 && (
        <ul className="checkout-promotion-hints" data-testid="promotion-hints">
          {hints.map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ul>
      )}
      <ul className="checkout-promotions">
        {promotions.map((promotion) => (
          <li key={promotion.key} className="checkout-promotion">
            <span className="checkout-tag">{promotion.methodLabel}</span>
            <span className="checkout-promotion-name">{promotion.name}</span>
            {promotion.gift ? (
              promotion.applies ? (
                <span className="checkout-gift">
                  <ProductImage path={promotion.gift.image} alt={promotion.gift.name} width={40} />
                  <span>{promotion.gift.name}</span>
                  <button
                    type="button"
                    className="btn checkout-gift-button"
                    disabled={disabled}
                    onClick={() => setPicking(promotion)}
                  >
                    {promotion.gift.chosenSkuId === null ? '选择赠品' : '更换赠品'}
                  </button>
                </span>
              ) : (
                <span className="muted">{promotion.note || '未满足赠送条件'}</span>
              )
            ) : promotion.amountText ? (
              <span className="price">{promotion.amountText}</span>
            ) : (
              <span className="muted checkout-promotion-note">{promotion.note || '未满足优惠条件'}</span>
            )}
          </li>
        ))}
      </ul>
      {picking?.gift && (
        <Suspense fallback={<div className="modal-loading" role="status" aria-label="加载中" />}>
          <GiftPicker
            promotionId={picking.id}
            goodsId={picking.gift.goodsId}
            chosenSkuId={picking.gift.chosenSkuId}
            onClose={() => setPicking(null)}
            onChosen={(skuId) => {
              setPicking(null);
              onGift(picking.id, skuId);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
