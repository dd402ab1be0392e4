import { type SavedListDetail, type SavedListItem, SavedListPaths } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { withActionFailure } from '@/lib/failure-message';
import { SavedListFailure } from '../messages';
import { savedListKeys } from './keys';

export interface SaveListInput {
  listName: string;
  items: SavedListItem[];
}

/** savedList/save/: a new list of the given lines; the list and the server's message ('清单已保存'). */
export async function saveList(input: SaveListInput): Promise<{ list: SavedListDetail; message: string }> {
  const envelope = await withActionFailure(
    requestEnvelope(SavedListPaths.save, input),
    SavedListFailure.save,
  );
  return { list: envelope.data, message: envelope.message };
}

export function useSaveList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveList,
    onSuccess: ({ list }) => {
      queryClient.setQueryData(savedListKeys.detail(list.id), list);
      return queryClient.invalidateQueries({ queryKey: savedListKeys.lists() });
    },
  });
}
