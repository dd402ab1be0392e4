import {
  type SupplierApplicationRequest,
  type SupplierApplicationResponse,
  SupplierPaths,
} from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** supplierApplication/submit/: 成为供应商 / Become a supplier. */
export function submitApplication(body: SupplierApplicationRequest): Promise<SupplierApplicationResponse> {
  return request(SupplierPaths.submitApplication, body);
}

/** The form shows a refusal beside its fields, in the page's language: no toast. */
export function useSubmitApplication() {
  return useMutation({ mutationFn: submitApplication, meta: { silentError: true } });
}
