import { type FulfilAction, OrderStatus } from '@shop/domain';

/** The warehouse's next step from a status (spec §4), or 'ship' (its own form), or null when there is none. */
export function nextStep(status: number, isPickup: boolean): FulfilAction | 'ship' | null {
  switch (status) {
    case OrderStatus.Paid:
      return 'push';
    case OrderStatus.PushedToWarehouse:
      return 'processing';
    case OrderStatus.WarehouseProcessing:
      return 'ready';
    case OrderStatus.AwaitingDispatch:
      return isPickup ? 'pickupReady' : 'ship';
    case OrderStatus.Shipped:
    case OrderStatus.AwaitingPickup:
    case OrderStatus.InTransit:
      return 'finish';
    default:
      return null;
  }
}

/** Paid and not yet shipped: the order may still be cancelled with its money back. */
export const CANCELLABLE_PAID: readonly number[] = [
  OrderStatus.Paid,
  OrderStatus.PushedToWarehouse,
  OrderStatus.WarehouseProcessing,
  OrderStatus.AwaitingDispatch,
];
