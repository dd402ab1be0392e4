import type { AlipayConfig, PaymentGatewayConfig, StripeConfig, WechatPayConfig } from '../../config/env';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createAlipayProvider } from './alipay.provider';
import { createGatewayProvider } from './gateway.provider';
import type { PaymentProvider } from './payment.provider';
import { createSandboxChannel, type SandboxChannel } from './sandbox.channel';
import { createSandboxProvider } from './sandbox.provider';
import { createStripeProvider } from './stripe.provider';
import { createWechatPayProvider } from './wechatpay.provider';

export interface PaymentProvidersDeps {
  db: Database;
  clock: Clock;
  /** Whether the sandbox channel may collect (config.paymentSandbox); without it its methods are not offered. */
  sandboxEnabled: boolean;
  sandboxNotifyDelayMs?: number | undefined;
  /** The real channel's settings; methods with provider 'gateway' are unavailable without them. */
  gateway?: PaymentGatewayConfig | undefined;
  /** WeChat Pay API v3's settings; methods with provider 'wechatpay' are unavailable without them. */
  wechatPay?: WechatPayConfig | undefined;
  /** Stripe's settings; methods with provider 'stripe' are unavailable without them. */
  stripe?: StripeConfig | undefined;
  /** Alipay's open platform settings; methods with provider 'alipay' are unavailable without them. */
  alipay?: AlipayConfig | undefined;
  /** The gateway's HTTP client (tests). */
  fetch?: typeof fetch;
}

export interface PaymentProviders {
  /** The running provider of this name, or undefined when it does not run here. */
  get(name: string): PaymentProvider | undefined;
  has(name: string): boolean;
  /** Every provider running here. */
  all(): PaymentProvider[];
  /** The sandbox channel (its pages are served by the payment routes), or null when it is switched off. */
  sandbox: SandboxChannel | null;
  /** Resolves once the sandbox has delivered every notify it scheduled (tests, shutdown). */
  idle(): Promise<void>;
}

/**
 * The payment channels that run in this shop (docs/design.md 'Outside services, and their sandboxes'): the sandbox
 * when it is switched on (off in production unless asked for: its cashier pays without money), the real gateway
 * when its four settings are there, WeChat Pay API v3 when its eight are, Stripe when its three are.
 * when its four settings are there, WeChat Pay API v3 when its eight are, Alipay when its three and SHOP_PUBLIC_URL are.
 */
export function createPaymentProviders(deps: PaymentProvidersDeps): PaymentProviders {
  const { db, clock } = deps;
  const sandbox = createSandboxChannel({ db, clock, notifyDelayMs: deps.sandboxNotifyDelayMs });
  const providers = new Map<string, PaymentProvider>();
  if (deps.sandboxEnabled) {
    const provider = createSandboxProvider(sandbox);
    providers.set(provider.name, provider);
  }
  if (deps.gateway) {
    const gateway = createGatewayProvider(deps.gateway, {
      clock,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
    providers.set(gateway.name, gateway);
  }
  if (deps.wechatPay) {
    const wechatPay = createWechatPayProvider(deps.wechatPay, {
      clock,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
    providers.set(wechatPay.name, wechatPay);
  }
  if (deps.alipay) {
    const alipay = createAlipayProvider(deps.alipay, {
      clock,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
    providers.set(alipay.name, alipay);
  }
  if (deps.stripe) {
    const stripe = createStripeProvider(deps.stripe, { clock });
    providers.set(stripe.name, stripe);
  }
  return {
    get: (name) => providers.get(name),
    all: () => [...providers.values()],
    has: (name) => providers.has(name),
    sandbox: deps.sandboxEnabled ? sandbox : null,
    idle: () => sandbox.idle(),
  };
}
