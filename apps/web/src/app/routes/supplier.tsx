import { useLocation } from 'react-router';
import { SupplierLanding } from '@/features/supplier/components/supplier-views';
import { supplierLang } from '@/features/supplier/supplier-lang';

/** /supplier and /supplier/en: the supplier area's landing page in Chinese or English. */
export function Component() {
  const { pathname } = useLocation();
  return <SupplierLanding lang={supplierLang(pathname)} />;
}
