import { SandboxWechatPaths } from '@shop/domain';
import type { WechatLoginProvider } from './wechat.provider';

/**
 * The sandbox chat app (docs/design.md 'sandboxes'): its 'phone' is a page of the shop at /sandbox-wechat/scan/{code}
 * where a tester picks or types a chat-app user and confirms or cancels; the confirmation goes through the same
 * ticket transitions as the open platform's. Off in production unless SHOP_WECHAT_SANDBOX=on.
 */
export function createSandboxProvider(): WechatLoginProvider {
  return {
    name: 'sandbox',
    scanUrl: (scanCode, origin) => `${origin}${SandboxWechatPaths.scan}${scanCode}`,
  };
}
