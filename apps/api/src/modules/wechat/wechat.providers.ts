import type { AppConfig } from '../../config/env';
import { createOpenProvider } from './open.provider';
import { createSandboxProvider } from './sandbox.provider';
import type { WechatLoginProvider } from './wechat.provider';

/**
 * The chat app's website login that runs in this shop, chosen like the payment channels (docs/design.md 'Outside
 * services'): the open platform when its three settings are there, else the sandbox when it is on (off in
 * production unless SHOP_WECHAT_SANDBOX=on: its scan page lets anyone be any chat-app user), else none.
 */
export function createWechatProvider(
  config: Pick<AppConfig, 'wechatOpen' | 'wechatSandbox'>,
  options: { fetch?: typeof fetch } = {},
): WechatLoginProvider | null {
  if (config.wechatOpen) return createOpenProvider(config.wechatOpen, options);
  return config.wechatSandbox ? createSandboxProvider() : null;
}
