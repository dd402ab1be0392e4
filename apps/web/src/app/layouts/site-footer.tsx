import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { SHOP_NAME } from '../route-handle';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <div className="footer-brand">
          <strong>{SHOP_NAME}</strong>
          <p>面向澳洲与中国会员的批发商城，多仓发货，支持澳元与人民币结算。</p>
        </div>
        <nav className="footer-links" aria-label="页脚导航">
          <Link to={paths.products()}>全部商品</Link>
          <Link to={paths.brands()}>品牌馆</Link>
          <Link to={paths.member.home()}>会员中心</Link>
          <Link to={paths.member.supportTicket()}>服务工单</Link>
          <Link to={paths.supplier.home()}>供应商专区</Link>
        </nav>
      </div>
      <div className="container footer-copy">
        © {new Date().getFullYear()} {SHOP_NAME}
      </div>
    </footer>
  );
}
