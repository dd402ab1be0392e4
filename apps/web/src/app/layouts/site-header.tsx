import { CURRENCY_LABELS } from '@shop/domain';
import { Link } from 'react-router';
import { CurrencySwitch } from '@/components/currency-switch';
import { CartBadge } from '@/features/cart/components/cart-badge';
import { CategoryMenu } from '@/features/catalogue/components/category-menu';
import { useBasicTemplate } from '@/features/content/api/get-template';
import { TopAds } from '@/features/content/components/top-ads';
import { openAuthModal, preloadAuthModal } from '@/features/member/auth-modal-store';
import { UnreadBadge } from '@/features/service/components/unread-badge';
import { paths } from '@/lib/paths';
import { useIsLoggedIn } from '@/lib/session';
import { SHOP_NAME } from '../route-handle';
import { MemberMenu } from './member-menu';
import { SearchBox } from './search-box';

/** Plain markup and CSS: the header is in the first download, so it carries no component library. */
export function SiteHeader() {
  const loggedIn = useIsLoggedIn();
  const { data: basic } = useBasicTemplate();
  const preload = () => void preloadAuthModal();
  return (
    <header className="site-header">
      {/* Spec §3 'General state': allWrap, the top ads of the basic template. */}
      {basic && <TopAds ads={basic.allWrap} />}
      <div className="topbar">
        <div className="container topbar-inner">
          <span className="topbar-welcome">
            澳洲 · 中国多仓直供，{CURRENCY_LABELS.AUD} / {CURRENCY_LABELS.CNY}双币结算
          </span>
          <div className="topbar-actions">
            <CurrencySwitch />
            {loggedIn ? (
              <>
                <Link to={paths.member.message()} className="topbar-messages">
                  消息
                  <UnreadBadge />
                </Link>
                <MemberMenu />
              </>
            ) : (
              <div className="visitor-actions">
                <button
                  type="button"
                  className="link-button"
                  onPointerEnter={preload}
                  onFocus={preload}
                  onClick={() => openAuthModal('login')}
                >
                  登录
                </button>
                <span className="divider" aria-hidden="true">
                  |
                </span>
                <button
                  type="button"
                  className="link-button"
                  onPointerEnter={preload}
                  onFocus={preload}
                  onClick={() => openAuthModal('register')}
                >
                  注册
                </button>
              </div>
            )}
          </div>
        </div>
      </div>
      <div className="container header-main">
        {/* Named by what it shows (the mark is drawn by CSS), so a voice command with the visible name finds it. */}
        <Link to={paths.home()} className="logo">
          <span className="logo-mark" aria-hidden="true" />
          <span className="logo-text">{SHOP_NAME}</span>
          <span className="visually-hidden"> 首页</span>
        </Link>
        <SearchBox />
        <Link to={paths.cart()} className="cart-link">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.7L21 8H6.2"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
            <circle cx="9.5" cy="19" r="1.5" fill="currentColor" />
            <circle cx="17" cy="19" r="1.5" fill="currentColor" />
          </svg>
          <span className="cart-link-text">购物车</span>
          <CartBadge />
        </Link>
      </div>
      <nav className="main-nav" aria-label="主导航">
        <div className="container main-nav-inner">
          <CategoryMenu />
          <div className="main-nav-links">
            <Link to={paths.home()}>首页</Link>
            <Link to={paths.products()}>全部商品</Link>
            <Link to={paths.brands()}>品牌馆</Link>
            <Link to={paths.member.order()}>我的订单</Link>
            <Link to={paths.supplier.home()}>供应商专区</Link>
          </div>
        </div>
      </nav>
    </header>
  );
}
