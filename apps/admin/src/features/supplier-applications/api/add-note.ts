import {
  type AdminSupplierNoteRequest,
  type AdminSupplierNoteResponse,
  AdminSupplierPaths,
} from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { supplierKeys } from './keys';

/** A contact note and/or a new status; each is a new history entry, never an edit. */
export function addNote(body: AdminSupplierNoteRequest): Promise<AdminSupplierNoteResponse> {
  return request(AdminSupplierPaths.note, body);
}

/** The application and the lists (their status tags and counts) are read again once the server has it. */
export function useAddNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}
