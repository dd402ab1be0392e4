import { AdminMemberPaths, type MemberLevelRequest, type MemberLevelResponse } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useMemberMutation } from './use-member-mutation';

/** Changes the member's price level; the member gets a message. */
export function setMemberLevel(body: MemberLevelRequest): Promise<MemberLevelResponse> {
  return request(AdminMemberPaths.memberLevel, body);
}

export const useSetMemberLevel = () => useMemberMutation(setMemberLevel);
