import type { CreateOrderRequest, Currency, GiftChoice } from '@shop/domain';

/** What the checkout holds when the shopper presses 提交订单. */
export interface OrderDraft {
  currency: Currency;
  isPickup: boolean;
  /** The receiver and sender the order uses (null: none chosen, or the book is empty). */
  receiver: { id: number } | null;
  sender: { id: number } | null;
  /** The packs of the summary on screen, with the courier each ships with. */
  packs: readonly { index: number; options: { courierId?: number | null } }[];
  /** The gift SKU chosen per OnTheHouse promotion id. */
  gifts: Readonly<Record<number, number>>;
  memberRemark: string;
}

/** The body of createdOrder/ without the website id (the fetcher adds it). */
export type CreateOrderBody = Omit<CreateOrderRequest, 'websiteId'>;

/** The gift choices as the summary and createdOrder/ calls send them. */
export function giftChoices(gifts: Readonly<Record<number, number>>): GiftChoice[] {
  return Object.entries(gifts).map(([promotionId, skuId]) => ({ promotionId: Number(promotionId), skuId }));
}

/**
 * Why the order cannot be sent yet, in the words shown to the shopper, or null: a delivery needs a receiver
 * and a courier for every pack (pickup needs neither).
 */
export function orderDraftProblem(draft: OrderDraft): string | null {
  if (draft.isPickup) return null;
  if (!draft.receiver) return '请先添加收货地址';
  if (draft.packs.some((pack) => pack.options.courierId == null)) return '请为每个包裹选择快递';
  return null;
}

/**
 * The createdOrder/ body of a checkout attempt (spec §7): its requestId (the same on every retry, so the server
 * never creates the order twice), the currency of the summary, pickup or delivery, the address ids, each pack's
 * courier by index, the chosen gifts and the trimmed remark.
 */
export function createOrderBody(draft: OrderDraft, requestId: string): CreateOrderBody {
  return {
    requestId,
    currency: draft.currency,
    isPickup: draft.isPickup,
    receiverId: draft.receiver?.id ?? null,
    senderId: draft.sender?.id ?? null,
    packs: draft.packs.map((pack) => ({ index: pack.index, courierId: pack.options.courierId ?? null })),
    gifts: giftChoices(draft.gifts),
    memberRemark: draft.memberRemark.trim(),
  };
}
