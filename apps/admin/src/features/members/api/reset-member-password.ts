import {
  AdminMemberPaths,
  type MemberResetPasswordRequest,
  type MemberResetPasswordResponse,
} from '@shop/domain';
import { request } from '@/lib/api-client';
import { useMemberMutation } from './use-member-mutation';

/** Starts a member's password reset: a code to the member's proved contact, or a one-time link to hand over. */
export function resetMemberPassword(body: MemberResetPasswordRequest): Promise<MemberResetPasswordResponse> {
  return request(AdminMemberPaths.memberResetPassword, body);
}

export const useResetMemberPassword = () => useMemberMutation(resetMemberPassword);
