import { AdminServicePaths, type TicketImage } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** Uploads one image for a reply (checked and re-encoded by the server); its id goes into the reply. */
export function uploadTicketImage(file: File): Promise<TicketImage> {
  const form = new FormData();
  form.append('image', file);
  return request(AdminServicePaths.ticketUploadImage, form);
}

export const useUploadTicketImage = () => useMutation({ mutationFn: uploadTicketImage });
