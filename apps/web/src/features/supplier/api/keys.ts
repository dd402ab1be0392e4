import type { SupplierLang } from '@shop/domain';

/** Query keys of the supplier feature (docs/conventions.md key factory). */
export const supplierKeys = {
  all: ['supplier'] as const,
  contents: () => [...supplierKeys.all, 'content'] as const,
  content: (lang: SupplierLang) => [...supplierKeys.contents(), lang] as const,
};
