import type { PickupPoint } from '@shop/domain';

/** A warehouse's pickup desk: where and when the goods are handed over (checkout, order detail). */
export function PickupPointText({ point }: { point: PickupPoint }) {
  return (
    <div className="pickup-point">
      <strong>{point.warehouseName}自提点</strong>
      <span>{point.address}</span>
      <span className="muted">营业时间：{point.hours}</span>
      {point.phone && <span className="muted">电话：{point.phone}</span>}
    </div>
  );
}
