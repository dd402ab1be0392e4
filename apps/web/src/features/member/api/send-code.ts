import { MemberPaths, type SendCodeRequest } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';

/** sendCode/ (#31): a 6-digit code by SMS or e-mail, after the picture captcha; the message is the toast. */
export async function sendCode(body: SendCodeRequest) {
  const envelope = await requestEnvelope(MemberPaths.sendCode, body);
  return { ...envelope.data, message: envelope.message };
}

/** A refusal (wrong captcha, 429 past a limit …) is the server's message in the shared handler's toast. */
export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
