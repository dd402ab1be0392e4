import type { RechargeReviewResponse } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/notify';
import { rechargeKeys } from './keys';

/**
 * An approval or rejection: the list is read again once the server has it. A repeat (another reviewer was
 * quicker) is said plainly, since nothing changed.
 */
export function useRechargeReview<TBody>(
  mutationFn: (body: TBody) => Promise<RechargeReviewResponse>,
  done: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      notify.success(result.changed ? done : `充值单 ${result.recharge.rechargeNo} 已处理过，未改变`);
      return queryClient.invalidateQueries({ queryKey: rechargeKeys.all });
    },
  });
}
