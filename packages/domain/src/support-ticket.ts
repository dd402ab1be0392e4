import { lookupLabel } from './labels';

/** Support ticket type (spec §4 'Support tickets'). */
export const SupportTicketType = {
  NormalEnquiry: 0,
  OrderEnquiry: 1,
  PackageEnquiry: 2,
  PackageOutOfStock: 3,
  WebsiteMessage: 4,
} as const;
export type SupportTicketType = (typeof SupportTicketType)[keyof typeof SupportTicketType];

export const SUPPORT_TICKET_TYPE_LABELS: Readonly<Record<SupportTicketType, string>> = {
  [SupportTicketType.NormalEnquiry]: '普通咨询',
  [SupportTicketType.OrderEnquiry]: '订单咨询',
  [SupportTicketType.PackageEnquiry]: '包裹咨询',
  [SupportTicketType.PackageOutOfStock]: '包裹缺货',
  [SupportTicketType.WebsiteMessage]: '网站留言',
};

/** Chinese label of a ticket type, '暂无' when unknown (spec §4). */
export function supportTicketTypeLabel(type: number | string | null | undefined): string {
  return lookupLabel(SUPPORT_TICKET_TYPE_LABELS, type);
}

/** Support ticket priority (spec §4 'Support tickets'). */
export const SupportTicketPriority = { Low: 0, Normal: 1, High: 2 } as const;
export type SupportTicketPriority = (typeof SupportTicketPriority)[keyof typeof SupportTicketPriority];

export const SUPPORT_TICKET_PRIORITY_LABELS: Readonly<Record<SupportTicketPriority, string>> = {
  [SupportTicketPriority.Low]: '低',
  [SupportTicketPriority.Normal]: '普通',
  [SupportTicketPriority.High]: '高',
};

/** Chinese label of a ticket priority, '暂无' when unknown (spec §4). */
export function supportTicketPriorityLabel(priority: number | string | null | undefined): string {
  return lookupLabel(SUPPORT_TICKET_PRIORITY_LABELS, priority);
}

/** Who a ticket or reply belongs to (spec §4, §6: labels only, never permissions). */
export const TicketOwnerGroup = {
  User: 'user',
  Service: 'service',
  Accounting: 'accounting',
  It: 'it',
} as const;
export type TicketOwnerGroup = (typeof TicketOwnerGroup)[keyof typeof TicketOwnerGroup];

export const TICKET_OWNER_GROUP_LABELS: Readonly<Record<TicketOwnerGroup, string>> = {
  [TicketOwnerGroup.User]: '用户',
  [TicketOwnerGroup.Service]: '客服',
  [TicketOwnerGroup.Accounting]: '财务',
  [TicketOwnerGroup.It]: '技术',
};

/** Chinese label of a ticket owner group, '暂无' when unknown (spec §4 'Support tickets'). */
export function ticketOwnerGroupLabel(group: string | null | undefined): string {
  return lookupLabel(TICKET_OWNER_GROUP_LABELS, group);
}
