import { type SavedListDetail, SavedListPaths, type SavedListUpdateRequest } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { withActionFailure } from '@/lib/failure-message';
import { SavedListFailure } from '../messages';
import { savedListKeys } from './keys';

/** savedList/update/: rename, the lines as they are to be, SKUs added by code; the list as saved. */
export async function updateSavedList(
  input: SavedListUpdateRequest,
): Promise<{ list: SavedListDetail; message: string }> {
  const envelope = await withActionFailure(
    requestEnvelope(SavedListPaths.update, input),
    SavedListFailure.update,
  );
  return { list: envelope.data, message: envelope.message };
}

export function useUpdateSavedList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSavedList,
    onSuccess: ({ list }) => {
      queryClient.setQueryData(savedListKeys.detail(list.id), list);
      return queryClient.invalidateQueries({ queryKey: savedListKeys.lists() });
    },
  });
}
