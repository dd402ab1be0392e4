import { SavedListPaths } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { withActionFailure } from '@/lib/failure-message';
import { SavedListFailure } from '../messages';
import { savedListKeys } from './keys';

/** savedList/remove/: deletes one of the member's lists; the server's message ('清单已删除'). */
export async function removeSavedList(id: number): Promise<string> {
  const envelope = await withActionFailure(
    requestEnvelope(SavedListPaths.remove, { id }),
    SavedListFailure.remove,
  );
  return envelope.message;
}

export function useRemoveSavedList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSavedList,
    onSuccess: (_message, id) => {
      queryClient.removeQueries({ queryKey: savedListKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: savedListKeys.lists() });
    },
  });
}
