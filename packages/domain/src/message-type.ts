import { lookupLabel } from './labels';

/** Member message type codes 1–5 (spec §3 'Message types', §9). */
export const MessageType = {
  System: 1,
  TradeLogistics: 2,
  MemberLevel: 3,
  SelectedActivity: 4,
  NoticeAnnouncement: 5,
} as const;
export type MessageType = (typeof MessageType)[keyof typeof MessageType];

export const MESSAGE_TYPE_LABELS: Readonly<Record<MessageType, string>> = {
  [MessageType.System]: '系统消息',
  [MessageType.TradeLogistics]: '交易物流',
  [MessageType.MemberLevel]: '会员等级消息',
  [MessageType.SelectedActivity]: '精选活动',
  [MessageType.NoticeAnnouncement]: '通知公告',
};

/** Chinese label of a message type, '暂无' when unknown (spec §3). */
export function messageTypeLabel(type: number | string | null | undefined): string {
  return lookupLabel(MESSAGE_TYPE_LABELS, type);
}
