import { NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { Skeleton } from '@/components/skeleton';
import { UnreadBadge } from '@/features/service/components/unread-badge';
import { paths } from '@/lib/paths';
import { useScrollStrip } from '@/lib/use-scroll-strip';
import { useRouteTitle } from '../route-handle';

/** Every member route of spec §2, in the order a member looks for them. */
const MEMBER_LINKS = [
  { to: paths.member.home(), label: '会员中心', end: true },
  { to: paths.member.order(), label: '我的订单' },
  { to: paths.member.oldOrder(), label: '历史订单' },
  { to: paths.member.afterSales(), label: '售后' },
  { to: paths.member.quotes(), label: '我的询价' },
  { to: paths.member.deposit(), label: '余额明细' },
  { to: paths.member.recharge(), label: '余额充值' },
  { to: paths.member.message(), label: '站内消息' },
  { to: paths.member.supportTicket(), label: '服务工单' },
  { to: paths.member.receiver(), label: '收货地址' },
  { to: paths.member.sender(), label: '发件地址' },
  { to: paths.member.settings(), label: '个人资料' },
  { to: paths.member.company(), label: '我的公司' },
  { to: paths.member.security(), label: '账户安全' },
] as const;

/** The member area frame: menu beside (desktop) or above (phone) the page. */
export function Component() {
  const title = useRouteTitle();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loadingOther = navigation.state === 'loading' && navigation.location.pathname !== pathname;
  // On phones the menu is one row wider than the screen: the current page's item is scrolled into view.
  const navRef = useScrollStrip<HTMLElement>('[aria-current="page"]', pathname);
  return (
    <div className="container member-area">
      <nav className="member-nav" aria-label="会员中心菜单" ref={navRef}>
        {MEMBER_LINKS.map((link) => (
          <NavLink key={link.to} to={link.to} end={'end' in link}>
            {link.label}
            {link.to === paths.member.message() && <UnreadBadge />}
          </NavLink>
        ))}
      </nav>
      <section className="member-content">
        <h1 className="page-title">{title}</h1>
        {loadingOther ? <Skeleton lines={4} /> : <Outlet />}
      </section>
    </div>
  );
}
