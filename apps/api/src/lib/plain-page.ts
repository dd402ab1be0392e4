import type { FastifyReply } from 'fastify';

/**
 * The shop's few pages outside the storefront (the sandboxes' cashier and scan page, the chat app's sign-in
 * return): plain server-rendered HTML with no script, Chinese, usable on a phone, under a banner that says what
 * they are. They carry a policy of their own (inline style, forms to this origin) instead of the storefront's.
 */

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

const BASE_STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f2f3f5;color:#1f2329}
main{max-width:480px;margin:0 auto;padding:16px}
.banner{background:#fff7e6;border:1px solid #ffd591;color:#ad4e00;border-radius:8px;padding:12px;font-weight:600;text-align:center}
.card{background:#fff;border-radius:12px;padding:20px;margin-top:16px}
h1{font-size:20px;margin:0 0 12px}
form{margin:12px 0 0}
button,.link{display:block;width:100%;min-height:52px;border:0;border-radius:10px;font-size:18px;text-align:center;text-decoration:none;line-height:52px;cursor:pointer}
.cancel{background:#fff;color:#1f2329;border:1px solid #d0d3d6}
.state{font-size:18px;text-align:center;margin:16px 0}
.link{background:#1677ff;color:#fff}
`;

/** A whole page: the banner, then the body; `style` adds the page's own rules. */
export function plainPage(title: string, banner: string, body: string, style = ''): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${BASE_STYLE}${style}</style>
</head>
<body>
<main>
<p class="banner">${escapeHtml(banner)}</p>
${body}
</main>
</body>
</html>
`;
}

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
} as const;

/** Sends a plain page with its own headers. */
export function sendPlainPage(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).headers(HTML_HEADERS).send(body);
}
