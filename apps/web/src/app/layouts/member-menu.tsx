import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useCurrentMember } from '@/features/member/api/get-current-member';
import { useLogout } from '@/features/member/api/logout';
import { UnreadBadge } from '@/features/service/components/unread-badge';
import { paths } from '@/lib/paths';

/** The logged-in member's menu in the header: name, account links and 退出登录 (spec §4 'Logout'). */
export function MemberMenu() {
  const { data: member } = useCurrentMember();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the page changes
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const label = member ? member.name || member.username : '我的账户';

  return (
    <div className="member-menu" ref={rootRef}>
      <button
        type="button"
        className="link-button member-menu-trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="member-menu-name">{label}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="member-menu-list" role="menu">
          <Link role="menuitem" to={paths.member.home()}>
            会员中心
          </Link>
          <Link role="menuitem" to={paths.member.message()} className="member-menu-messages">
            站内消息
            <UnreadBadge />
          </Link>
          <Link role="menuitem" to={paths.member.supportTicket()}>
            服务工单
          </Link>
          <Link role="menuitem" to={paths.member.settings()}>
            个人资料
          </Link>
          <Link role="menuitem" to={paths.member.security()}>
            账户安全
          </Link>
          <button
            type="button"
            role="menuitem"
            disabled={logout.isPending}
            onClick={() => logout.mutate(undefined, { onSettled: () => setOpen(false) })}
          >
            退出登录
          </button>
        </div>
      )}
    </div>
  );
}
