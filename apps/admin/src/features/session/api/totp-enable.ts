import { AdminPaths } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** Turns the second factor on once a code from the new secret proves the authenticator has it. */
export function enableTotp(body: { code: string }): Promise<unknown> {
  return request(AdminPaths.totpEnable, body);
}

export function useEnableTotp() {
  return useMutation({ mutationFn: enableTotp, meta: { quiet: true } });
}
