import {
  AdminMemberPaths,
  type MemberResetPasswordRequest,
  type MemberResetPasswordResponse,
} from '@shop/domain';
import { request } from '@/lib/api-client';
import { useMemberMutation } from './use-member-mutation';

/** A one-time password for the member, answered once; the member must change it at next sign-in. */
export function resetMemberPassword(body: MemberResetPasswordRequest): Promise<MemberResetPasswordResponse> {
  return request(AdminMemberPaths.memberResetPassword, body);
}

export const useResetMemberPassword = () => useMemberMutation(resetMemberPassword);
