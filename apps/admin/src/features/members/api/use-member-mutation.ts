import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberKeys } from './keys';

/** A change to a member: their page and the lists are read again once the server has it. */
export function useMemberMutation<TBody, TResult>(mutationFn: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}
