import {
  AdminBankAccountPaths,
  type AdminPaymentUpdateRequest,
  AdminSellerPaths,
  AdminSettingsPaths,
  type BankAccountsSaveRequest,
  type SellerSaveRequest,
} from '@shop/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/** Query keys of the money settings. */
export const settingsKeys = {
  all: ['settings'] as const,
  rate: () => [...settingsKeys.all, 'rate'] as const,
  payments: () => [...settingsKeys.all, 'payments'] as const,
  seller: () => [...settingsKeys.all, 'seller'] as const,
  bankAccounts: () => [...settingsKeys.all, 'bankAccounts'] as const,
};

/** The accounts members transfer money to, and who changed them when (owner and finance). */
export function useBankAccounts() {
  return useQuery({
    queryKey: settingsKeys.bankAccounts(),
    queryFn: ({ signal }) => request(AdminBankAccountPaths.get, {}, signal),
  });
}

/** Replaces the receiving accounts; the page reads them and their history again once the server has them. */
export function useSaveBankAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BankAccountsSaveRequest) => request(AdminBankAccountPaths.save, body),
    onSuccess: (result) =>
      notify.success(result.changed ? '收款账户已保存，已通知其他店主与财务' : '收款账户没有变化'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.bankAccounts() }),
  });
}

/** The exchange rate now and who set which rate when. */
export function useRate() {
  return useQuery({
    queryKey: settingsKeys.rate(),
    queryFn: ({ signal }) => request(AdminSettingsPaths.rate, {}, signal),
  });
}

/** Every payment method, enabled or not, and whether the real channel is configured. */
export function usePaymentMethods() {
  return useQuery({
    queryKey: settingsKeys.payments(),
    queryFn: ({ signal }) => request(AdminSettingsPaths.paymentList, {}, signal),
  });
}

/** Sets the rate; the page reads it and its history again once the server has it. */
export function useSetRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (audCny: string) => request(AdminSettingsPaths.rateSet, { audCny }),
    onSuccess: (result) =>
      notify.success(result.changed ? `汇率已更新为 1 澳币 = ${result.rate} 人民币` : '汇率未变化'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.rate() }),
  });
}

/** Enables, disables or re-routes a payment method. */
export function useUpdatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPaymentUpdateRequest) => request(AdminSettingsPaths.paymentUpdate, body),
    onSuccess: (method) =>
      notify.success(`${method.name}：已${method.enabled ? '启用' : '停用'}，渠道 ${method.provider}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.payments() }),
  });
}

/** The shop's seller details and GST setting (the owner's, ADR 038). */
export function useSeller() {
  return useQuery({
    queryKey: settingsKeys.seller(),
    queryFn: ({ signal }) => request(AdminSellerPaths.get, {}, signal),
  });
}

/** Saves the seller details; the page reads them again once the server has them. */
export function useSaveSeller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SellerSaveRequest) => request(AdminSellerPaths.save, body),
    onSuccess: () => notify.success('商家信息已保存'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.seller() }),
  });
}
