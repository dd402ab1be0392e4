import { type AdminNotice, AdminNoticePaths } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useNoticeAction } from './use-notice-action';

/** Gives up on a failed notice: it stays in the outbox as 已放弃 and is never sent (audited on the server). */
export function discardNotice(body: { id: number }): Promise<AdminNotice> {
  return request(AdminNoticePaths.discard, body);
}

export const useDiscardNotice = () => useNoticeAction(discardNotice, '已放弃该通知');
