import type { CreatedOrder } from '@shop/domain';
import { useRef, useState } from 'react';
import { notify } from '@/lib/notify';
import { useCreateOrder } from './api/create-order';
import { attemptRequestId, startCheckoutAttempt } from './checkout-store';
import { createOrderBody, type OrderDraft, orderDraftProblem } from './create-order-body';

/**
 * 提交订单: one createdOrder/ call per click burst, with the attempt's requestId (the same on a retry, spec §7).
 * A draft that cannot be sent yet (no receiver, a pack without courier) is refused with a warning. Once the
 * order exists the next visit is a new attempt, so coming back here never offers the ordered goods again.
 */
export function usePlaceOrder(onOrderCreated: (order: CreatedOrder) => void) {
  const create = useCreateOrder();
  // Set before the mutation's own pending state, so a double click sends once.
  const submitting = useRef(false);
  const [placed, setPlaced] = useState(false);

  const place = (draft: OrderDraft) => {
    if (submitting.current || create.isPending) return;
    const problem = orderDraftProblem(draft);
    if (problem) {
      notify.warn(problem);
      return;
    }
    submitting.current = true;
    create.mutate(createOrderBody(draft, attemptRequestId()), {
      onSuccess: (order) => {
        setPlaced(true);
        startCheckoutAttempt();
        onOrderCreated(order);
      },
      onSettled: () => {
        submitting.current = false;
      },
    });
  };

  return { place, placed, isPending: create.isPending };
}
