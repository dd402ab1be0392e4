import { MemberPaths, type UpdateProfileRequest } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { memberKeys } from './keys';

export async function updateProfile(body: UpdateProfileRequest) {
  return requestEnvelope(MemberPaths.update, body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (envelope) => {
      queryClient.setQueryData(memberKeys.current(), envelope.data);
      // Spec §8: profile update has a success toast.
      notify.success(envelope.message || '资料已更新');
    },
  });
}
