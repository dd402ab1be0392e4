import { type BindContactRequest, MemberPaths } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { memberKeys } from './keys';

export function bindContact(body: BindContactRequest) {
  return requestEnvelope(MemberPaths.bindContact, body);
}

/** Proves a phone number or e-mail address with its code (#31); current/ is read again to show it verified. */
export function useBindContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindContact,
    onSuccess: async (envelope) => {
      notify.success(envelope.message || '验证成功，已绑定');
      await queryClient.invalidateQueries({ queryKey: memberKeys.current() });
    },
  });
}
