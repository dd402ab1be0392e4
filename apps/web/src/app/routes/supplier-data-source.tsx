import { useLocation } from 'react-router';
import { SupplierDataSource } from '@/features/supplier/components/supplier-views';
import { supplierLang } from '@/features/supplier/supplier-lang';

/** /supplier/data.source and /supplier/en/data.source: that language's content source, read-only. */
export function Component() {
  const { pathname } = useLocation();
  return <SupplierDataSource lang={supplierLang(pathname)} />;
}
