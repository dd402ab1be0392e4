import { OrderStatus } from '@shop/domain';
import { Tag } from 'antd';

const COLORS: Partial<Record<number, string>> = {
  [OrderStatus.Cancelled]: 'default',
  [OrderStatus.NotConfirmed]: 'orange',
  [OrderStatus.NotPaid]: 'orange',
  [OrderStatus.Paid]: 'blue',
  [OrderStatus.PushedToWarehouse]: 'cyan',
  [OrderStatus.WarehouseProcessing]: 'cyan',
  [OrderStatus.AwaitingDispatch]: 'purple',
  [OrderStatus.Shipped]: 'geekblue',
  [OrderStatus.AwaitingPickup]: 'geekblue',
  [OrderStatus.InTransit]: 'geekblue',
  [OrderStatus.Finished]: 'green',
};

/** An order's or a pack's status (spec §4) with its Chinese label. */
export function StatusTag({ status, label }: { status: number; label: string }) {
  return <Tag color={COLORS[status] ?? 'default'}>{label}</Tag>;
}
