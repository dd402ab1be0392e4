import { type AdminOrderAttachment, AdminOrderPaths } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useOrderMutation } from './use-order-mutation';

export interface AttachPhoto {
  orderNo: string;
  /** The pack the photo shows; the whole order when absent. */
  pack?: number | undefined;
  note?: string | undefined;
  file: File;
}

/** Uploads a photo of the packed goods (checked and re-encoded by the server); the member sees it with the order. */
export function attachPhoto({ orderNo, pack, note, file }: AttachPhoto): Promise<AdminOrderAttachment> {
  const form = new FormData();
  form.append('orderNo', orderNo);
  if (pack !== undefined) form.append('pack', String(pack));
  if (note) form.append('note', note);
  form.append('image', file);
  return request(AdminOrderPaths.attach, form);
}

export const useAttachPhoto = () => useOrderMutation(attachPhoto);
