import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { DOCS_PREFIX } from './openapi';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * This response's CSP nonce (`style-src 'nonce-…'`): the storefront page carries it, and the styles the
     * storefront injects at run time (antd's CSS-in-JS) must carry it too. Fresh for every response.
     */
    styleNonce: string;
  }
}

/**
 * The one inline style of the API docs (swagger-ui): the <style> inside the Swagger logo of its top bar
 * (swagger-ui-standalone-preset.js). A new swagger-ui may change it; the end-to-end test of the docs says so.
 */
export const DOCS_STYLE_HASHES = ["'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='"];

/** A source of a CSP directive: fixed, or computed for each response (the nonce). */
type Source = string | ((req: IncomingMessage, res: ServerResponse) => string);

/** HSTS for a year; subdomains are left to the operator, who may run plain-http sites beside the shop. */
export const HSTS = 'max-age=31536000';

export interface SecurityHeadersOptions {
  /** TRUST_PROXY: only then does X-Forwarded-Proto say the shopper reached the shop over HTTPS. */
  trustProxy: boolean;
  /** The real payment channel (SHOP_PAY_GATEWAY_URL), when configured: see `paymentGatewaySources`. */
  paymentGatewayUrl?: string | undefined;
  /** Alipay's gateway (SHOP_ALIPAY_GATEWAY_URL or its default), when Alipay is configured: `form-action` only. */
  alipayGatewayUrl?: string | undefined;
  /** The chat app's website login is configured: its users' pictures come from its image hosts. */
  wechatAvatars?: boolean | undefined;
}

/** Where the open platform's user pictures (headimgurl) are served from. */
export const WECHAT_AVATAR_SOURCES = ['https://thirdwx.qlogo.cn', 'https://wx.qlogo.cn'];

/**
 * The real channel's origin, for `form-action` (the supay bridge is a hidden form posted to it) and for
 * `connect-src` (the chat-app proxy is fetched from the page, pay-redirect.ts). Cashiers the shopper is sent to
 * by a plain navigation need no entry.
 */
function paymentGatewaySources(url: string | undefined): string[] {
  return url === undefined ? [] : [new URL(url).origin];
}

/** The headers a helmet middleware whose options compute nothing per response sets, read once. */
function fixedHeaders(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: () => {},
  } as unknown as ServerResponse;
  middleware({} as IncomingMessage, res, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * HTTP hardening for every response: pages, the API's JSON, images, bundles and the API docs (helmet).
 *
 * The Content-Security-Policy lets only the shop's own files run and style the page: no inline script
 * (`script-src 'self'`, `script-src-attr 'none'`), and inline <style> only with this response's nonce, which
 * the storefront page carries (static-web.ts) and hands to antd (antd-provider.tsx, lib/csp-nonce.ts). There
 * is no `style-src-attr`, so style attributes in markup are refused too; React and antd set styles through the
 * CSSOM, which CSP does not govern. `upgrade-insecure-requests` is left out: it would break a shop reached over
 * plain http on a local network, and over HTTPS every request of the page is same-origin already.
 *
 * A route that sends its own policy keeps it (the sandbox cashier's pages): Fastify writes the reply's headers
 * over those helmet set on the raw response.
 *
 * HSTS only for a request that came over HTTPS through a trusted proxy: on plain http it would be ignored at
 * best, and the server itself never speaks TLS. Cross-Origin-Embedder-Policy stays off: the shop needs no
 * cross-origin isolation, and require-corp would make every future cross-origin image or frame (a cashier,
 * a map) opt in first.
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app, { trustProxy, paymentGatewayUrl, alipayGatewayUrl, wechatAvatars }) => {
    const nonces = new WeakMap<ServerResponse, string>();
    const nonceOf = (res: ServerResponse) => `'nonce-${nonces.get(res) ?? ''}'`;
    const gateway = paymentGatewaySources(paymentGatewayUrl);
    // Alipay's cashier page is reached by posting its signed form (page.pay) to the gateway: form-action only.
    const alipay = paymentGatewaySources(alipayGatewayUrl).filter((origin) => !gateway.includes(origin));

    app.decorateReply('styleNonce', '');

    const policy = (styleSources: Source[]) => ({
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", ...styleSources],
        // Captcha pictures are data: SVG URLs; blob: for pictures the page makes itself; a bound chat-app
        // user's picture on /member/security.
        'img-src': ["'self'", 'data:', 'blob:', ...(wechatAvatars ? WECHAT_AVATAR_SOURCES : [])],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...gateway],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'", ...gateway, ...alipay],
        'frame-ancestors': ["'none'"],
      },
    });
    const common = {
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
    } as const;
    // Each built once: helmet's middleware reads its options when made, and only the nonce each time it runs.
    const pageHeaders = helmet({ ...common, contentSecurityPolicy: policy([(_req, res) => nonceOf(res)]) });
    // The API docs are swagger-ui's page, not the storefront: its own files and its logo's style.
    const docsHeaders = helmet({ ...common, contentSecurityPolicy: policy(DOCS_STYLE_HASHES) });
    const isDocs = (url: string | undefined) =>
      url !== undefined && (url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`));
    // The API's answers (JSON, and the few pages that send their own policy) need no nonce: the same headers for
    // every one, worked out by helmet once and then only set.
    const apiHeaders = fixedHeaders(helmet({ ...common, contentSecurityPolicy: policy([]) }));

    app.addHook('onRequest', (request, reply, done) => {
      const url = request.routeOptions.url;
      if (trustProxy && request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      if (url?.startsWith('/api/') && !isDocs(url)) {
        for (const [name, value] of apiHeaders) reply.raw.setHeader(name, value);
        reply.raw.removeHeader('x-powered-by');
        done();
        return;
      }
      reply.styleNonce = randomBytes(16).toString('base64');
      nonces.set(reply.raw, reply.styleNonce);
      const headers = isDocs(url) ? docsHeaders : pageHeaders;
      headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });
  },
  { name: 'security-headers' },
);
