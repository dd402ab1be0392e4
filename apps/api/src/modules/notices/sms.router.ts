import { type SmsMessage, type SmsProvider, type SmsReceipt, SmsSendError } from './sms.provider';

/** What the router answers: the gateway's receipt and which gateway sent it (stored with the notice). */
export interface RoutedSmsReceipt extends SmsReceipt {
  provider: string;
}

/** An SmsProvider itself (name 'router'), so the outbox can take it where it takes one gateway. */
export interface SmsRouter extends SmsProvider {
  /** The gateway a number goes to; throws the same non-retryable SmsSendError as send. */
  route(phone: string): SmsProvider;
  send(message: SmsMessage): Promise<RoutedSmsReceipt>;
}

/**
 * Picks the gateway by the number's country (docs/decisions/041-sms-gateways.md): +86 to the Chinese gateway
 * (Alibaba or Tencent, SHOP_SMS_CN_PROVIDER), +61 to the international one (Twilio). A country without its
 * gateway falls back to the sandbox when one is given; without either, or for any other country, the notice
 * cannot be sent by retrying, so the error is not retryable.
 */
export function createSmsRouter(gateways: {
  china?: SmsProvider | undefined;
  australia?: SmsProvider | undefined;
  sandbox?: SmsProvider | undefined;
}): SmsRouter {
  function route(phone: string): SmsProvider {
    const country = phone.startsWith('+86') ? 'china' : phone.startsWith('+61') ? 'australia' : null;
    if (!/^\+[1-9]\d{6,14}$/.test(phone) || country === null)
      throw new SmsSendError('只能向中国大陆（+86）和澳大利亚（+61）的手机号发送短信', false);
    const gateway = gateways[country] ?? gateways.sandbox;
    if (!gateway) throw new SmsSendError('未配置短信通道', false);
    return gateway;
  }
  return {
    name: 'router',
    route,
    async send(message) {
      const gateway = route(message.phone);
      const receipt = await gateway.send(message);
      return { ...receipt, provider: gateway.name };
    },
  };
}
