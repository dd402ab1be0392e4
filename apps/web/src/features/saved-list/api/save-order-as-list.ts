import { type SavedListDetail, SavedListPaths } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { withActionFailure } from '@/lib/failure-message';
import { SavedListFailure } from '../messages';
import { savedListKeys } from './keys';

/** savedList/fromOrder/: a new list of one of the member's orders; the server's message says what was fitted. */
export async function saveOrderAsList(input: {
  orderId: number;
  listName: string;
}): Promise<{ list: SavedListDetail; message: string }> {
  const envelope = await withActionFailure(
    requestEnvelope(SavedListPaths.fromOrder, input),
    SavedListFailure.save,
  );
  return { list: envelope.data, message: envelope.message };
}

export function useSaveOrderAsList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrderAsList,
    onSuccess: ({ list }) => {
      queryClient.setQueryData(savedListKeys.detail(list.id), list);
      return queryClient.invalidateQueries({ queryKey: savedListKeys.lists() });
    },
  });
}
