import { SUPPLIER_BLOCKS, type SupplierBlock } from '@shop/domain';
import { useLocation } from 'react-router';
import { SupplierBlockPreview } from '@/features/supplier/components/supplier-views';
import { supplierLang } from '@/features/supplier/supplier-lang';

/** /supplier/Nav0, /supplier/Banner1, /supplier/Feature0, /supplier/Feature5: one block alone (?lang=en). */
export function Component() {
  const { pathname, search } = useLocation();
  const name = pathname.split('/').pop() ?? '';
  const block = (SUPPLIER_BLOCKS as readonly string[]).includes(name) ? (name as SupplierBlock) : 'Nav0';
  return <SupplierBlockPreview block={block} lang={supplierLang(pathname, search)} />;
}
