import { useUnreadCount } from '../api/messages';

/**
 * The member's unread messages beside 站内消息 in the header and the member menus, kept current by the live
 * channel (or by polling while it is down). Plain markup: it is part of the shell.
 */
export function UnreadBadge({ className = 'unread-badge' }: { className?: string }) {
  const { data } = useUnreadCount();
  const count = data?.total ?? 0;
  if (count === 0) return null;
  return (
    <span className={className} data-testid="unread-badge">
      {count > 99 ? '99+' : count}
      <span className="visually-hidden">条未读消息</span>
    </span>
  );
}
