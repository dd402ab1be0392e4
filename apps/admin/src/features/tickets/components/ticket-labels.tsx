import {
  SUPPORT_TICKET_PRIORITY_LABELS,
  supportTicketPriorityLabel,
  TICKET_OWNER_GROUP_LABELS,
  TICKET_STATUS_LABELS,
  type TicketStatus,
} from '@shop/domain';
import { Tag } from 'antd';

/** The desk's words for a status: the member's page says 待您回复 to the member, staff read it the other way. */
export const DESK_STATUS_LABELS: Readonly<Record<TicketStatus, string>> = {
  open: '待处理',
  waiting_shop: '待客服回复',
  waiting_member: '待会员回复',
  closed: TICKET_STATUS_LABELS.closed,
};

const STATUS_COLORS: Readonly<Record<TicketStatus, string>> = {
  open: 'orange',
  waiting_shop: 'red',
  waiting_member: 'blue',
  closed: 'default',
};

/** The order the queue's status tabs come in: what needs the shop first. */
export const DESK_STATUSES: readonly TicketStatus[] = ['waiting_shop', 'open', 'waiting_member', 'closed'];

export function TicketStatusTag({ status }: { status: TicketStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{DESK_STATUS_LABELS[status]}</Tag>;
}

export function PriorityTag({ priority }: { priority: number }) {
  const label = supportTicketPriorityLabel(priority);
  return <Tag color={priority === 2 ? 'red' : priority === 0 ? 'default' : 'blue'}>{label}</Tag>;
}

export const GROUP_OPTIONS = Object.entries(TICKET_OWNER_GROUP_LABELS).map(([value, label]) => ({
  value,
  label,
}));
export const PRIORITY_OPTIONS = Object.entries(SUPPORT_TICKET_PRIORITY_LABELS).map(([value, label]) => ({
  value: Number(value),
  label,
}));
