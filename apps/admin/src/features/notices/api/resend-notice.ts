import { type AdminNotice, AdminNoticePaths } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useNoticeAction } from './use-notice-action';

/** Queues a failed notice to be sent again (audited on the server). */
export function resendNotice(body: { id: number }): Promise<AdminNotice> {
  return request(AdminNoticePaths.resend, body);
}

export const useResendNotice = () => useNoticeAction(resendNotice, '已重新排队发送');
