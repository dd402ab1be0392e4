import {
  type CompanyCreateRequest,
  type CompanyInviteRequest,
  CompanyPaths,
  type CompanyRemoveRequest,
  type CompanySetLimitRequest,
} from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { companyKeys } from './keys';

/**
 * The company's changes (create/, invite/, accept/, setLimit/, remove/, leave/): each says the server's message,
 * then the page asks its company and members again. A refusal is shown by the shared handler (spec §8).
 */
function useCompanyChange<V>(send: (variables: V) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (envelope) => {
      if (envelope.message) notify.success(envelope.message);
      return queryClient.invalidateQueries({ queryKey: companyKeys.all });
    },
  });
}

export const useCreateCompany = () =>
  useCompanyChange((body: CompanyCreateRequest) => requestEnvelope(CompanyPaths.create, body));

export const useInviteMember = () =>
  useCompanyChange((body: CompanyInviteRequest) => requestEnvelope(CompanyPaths.invite, body));

export const useAcceptInvite = () =>
  useCompanyChange((id: number) => requestEnvelope(CompanyPaths.accept, { id }));

export const useSetCompanyMember = () =>
  useCompanyChange((body: CompanySetLimitRequest) => requestEnvelope(CompanyPaths.setLimit, body));

export const useRemoveFromCompany = () =>
  useCompanyChange((body: CompanyRemoveRequest) => requestEnvelope(CompanyPaths.remove, body));

export const useLeaveCompany = () => useCompanyChange(() => requestEnvelope(CompanyPaths.leave, {}));
