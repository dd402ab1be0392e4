import type { SupplierLang } from '@shop/domain';

/**
 * The language of a supplier page: English under /supplier/en, and on a block preview asked with ?lang=en;
 * Chinese otherwise (spec §2 route table).
 */
export function supplierLang(pathname: string, search = ''): SupplierLang {
  if (pathname === '/supplier/en' || pathname.startsWith('/supplier/en/')) return 'en';
  return new URLSearchParams(search).get('lang') === 'en' ? 'en' : 'zh';
}

/** The landing page of a language. */
export function supplierHome(lang: SupplierLang): string {
  return lang === 'en' ? '/supplier/en' : '/supplier';
}
