import { CURRENCY_LABELS } from '@shop/domain';
import { Link } from 'react-router';
import { useBasicTemplate } from '@/features/content/api/get-template';
import { FooterHelpGroups } from '@/features/content/components/footer-help-groups';
import { paths } from '@/lib/paths';
import { SHOP_NAME } from '../route-handle';

/**
 * The footer: the shop's contact details and the link groups of the basic template (spec §3 'General state',
 * loaded once, spec §4). Until it arrives, or if it cannot be read, the shop's own main links stand in.
 */
export function SiteFooter() {
  const { data: basic } = useBasicTemplate();
  const info = basic?.basicInfo;
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <div className="footer-brand">
          <strong>{info?.siteName || SHOP_NAME}</strong>
          <p>
            {info?.slogan ||
              `面向澳洲与中国会员的批发商城，多仓发货，支持${CURRENCY_LABELS.AUD}与${CURRENCY_LABELS.CNY}结算。`}
          </p>
          {info && (
            <ul className="footer-contact">
              {info.hotline && <li>客服热线：{info.hotline}</li>}
              {info.email && <li>邮箱：{info.email}</li>}
              {info.workTime && <li>服务时间：{info.workTime}</li>}
              {info.address && <li>地址：{info.address}</li>}
            </ul>
          )}
        </div>
        {basic && basic.helps.length > 0 ? (
          <FooterHelpGroups helps={basic.helps} />
        ) : (
          <nav className="footer-links" aria-label="页脚导航">
            <Link to={paths.products()}>全部商品</Link>
            <Link to={paths.brands()}>品牌馆</Link>
            <Link to={paths.member.home()}>会员中心</Link>
            <Link to={paths.member.supportTicket()}>服务工单</Link>
            <Link to={paths.supplier.home()}>供应商专区</Link>
          </nav>
        )}
      </div>
      <div className="container footer-copy">
        © {new Date().getFullYear()} {info?.siteName || SHOP_NAME}
      </div>
    </footer>
  );
}
