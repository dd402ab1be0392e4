import { NOTICE_KIND_LABELS, type NoticeStatus, type SandboxMessage } from '@shop/domain';

export const CHANNEL_LABELS: Record<SandboxMessage['channel'], string> = { email: '邮件', sms: '短信' };

export const STATUS_COLORS: Record<NoticeStatus, string> = {
  waiting: 'blue',
  sending: 'processing',
  sent: 'green',
  failed: 'red',
  discarded: 'default',
};

/** A notice's kind in words; a kind newer than the labels shows as the server names it. */
export function noticeKindLabel(kind: string): string {
  return NOTICE_KIND_LABELS[kind] ?? kind;
}
