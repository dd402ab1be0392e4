import type { WechatProviderName } from '@shop/domain';

/** A chat-app user as the provider vouches for them (the open platform's openid, unionid and profile). */
export interface WechatIdentity {
  openid: string;
  unionid?: string | undefined;
  nickname: string;
  avatar: string;
}

/**
 * The chat app's website login (docs/design.md 'Outside services, and their sandboxes'). The page shows a QR code of
 * `scanUrl`; the user confirms on the phone; the provider then tells the shop who they are: the sandbox through
 * its scan page on this server, the open platform by sending the browser back with a one-time code.
 */
export interface WechatLoginProvider {
  readonly name: WechatProviderName;
  /** The address the QR code carries (sandbox) or the login page to open (open platform) for one scan code. */
  scanUrl(scanCode: string, origin: string): string;
  /** Exchanges the open platform's authorisation code for the user it names; throws WechatAuthFailure. */
  exchangeCode?(code: string): Promise<WechatIdentity>;
}

/** The provider refused or could not be reached: the shop answers WeChatAuthError 1010 (spec §8). */
export class WechatAuthFailure extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'WechatAuthFailure';
  }
}
