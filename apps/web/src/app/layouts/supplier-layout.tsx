import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { supplierLang } from '@/features/supplier/supplier-lang';
import { SUPPLIER_TEXTS } from '@/features/supplier/texts';
import { paths } from '@/lib/paths';
import { SHOP_NAME } from '../route-handle';

/**
 * Spec §2: /supplier sits inside an extra wrapper. Every supplier page is drawn in it instead of the shop's header
 * and footer (the root layout leaves them out here): the area has its own navigation (Nav0) and language.
 */
export function Component() {
  const { pathname, search } = useLocation();
  const lang = supplierLang(pathname, search);
  const texts = SUPPLIER_TEXTS[lang];

  // The document's language follows the page, so screen readers and fonts read English as English.
  useEffect(() => {
    const root = document.documentElement;
    const before = root.lang;
    root.lang = texts.htmlLang;
    return () => {
      root.lang = before;
    };
  }, [texts.htmlLang]);

  return (
    <div className="supplier-wrapper" lang={texts.htmlLang}>
      <Outlet />
      <footer className="supplier-footer">
        <div className="supplier-inner supplier-footer-inner">
          <span>© {SHOP_NAME}</span>
          <Link to={paths.home()}>{texts.backToShop}</Link>
        </div>
      </footer>
    </div>
  );
}
