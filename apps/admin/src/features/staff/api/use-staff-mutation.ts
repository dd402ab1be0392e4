import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffKeys } from './keys';

/** A change to staff accounts: the list is read again once the server has it. */
export function useStaffMutation<TBody>(mutationFn: (body: TBody) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
