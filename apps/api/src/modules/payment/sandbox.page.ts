import { type Currency, formatAmount, payChannelLabel } from '@shop/domain';
import type { SandboxTradeRow } from './sandbox.repository';

/**
 * The sandbox cashier's pages: plain server-rendered HTML (no script), Chinese, usable on a phone. Every value
 * that comes from a trade is escaped, since the merchant's subject or return address could hold markup.
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

/** The amount as the cashier shows it: ¥ for CNY, A$ for AUD (the channel's page names the currency clearly). */
export function cashierAmount(minor: number, currency: Currency): string {
  return `${currency === 'AUD' ? 'A$' : '¥'}${formatAmount(minor)}`;
}

export const SANDBOX_BANNER = '沙箱收银台 — 不会产生真实扣款';

const STATE_TEXT: Readonly<Record<string, string>> = {
  paid: '该交易已支付',
  cancelled: '该交易已取消',
  closed: '该交易已关闭（商户已取消）',
};

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f2f3f5;color:#1f2329}
main{max-width:480px;margin:0 auto;padding:16px}
.banner{background:#fff7e6;border:1px solid #ffd591;color:#ad4e00;border-radius:8px;padding:12px;font-weight:600;text-align:center}
.card{background:#fff;border-radius:12px;padding:20px;margin-top:16px}
h1{font-size:20px;margin:0 0 12px}
dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:8px 12px}
dt{color:#646a73}dd{margin:0;word-break:break-all}
.amount{font-size:32px;font-weight:700;color:#d4380d;text-align:center;margin:20px 0}
form{margin:12px 0 0}
button,.link{display:block;width:100%;min-height:52px;border:0;border-radius:10px;font-size:18px;text-align:center;text-decoration:none;line-height:52px;cursor:pointer}
.pay{background:#1677ff;color:#fff}
.cancel{background:#fff;color:#1f2329;border:1px solid #d0d3d6}
.state{font-size:18px;text-align:center;margin:16px 0}
.link{background:#1677ff;color:#fff}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="banner">${escapeHtml(SANDBOX_BANNER)}</p>
${body}
</main>
</body>
</html>
`;
}

/**
 * The cashier of one trade: merchant trade number, subject and amount, with 'pay' and 'cancel' buttons while
 * the trade is open, or its state (and the way back to the shop) once it is not.
 */
export function cashierPage(trade: SandboxTradeRow, actions: { pay: string; cancel: string }): string {
  const currency = trade.currency as Currency;
  const details = `<h1>${escapeHtml(payChannelLabel(trade.channel))}</h1>
<div class="amount">${escapeHtml(cashierAmount(trade.amount, currency))}</div>
<dl>
<dt>商户订单号</dt><dd>${escapeHtml(trade.merchantTradeNo)}</dd>
<dt>商品</dt><dd>${escapeHtml(trade.subject)}</dd>
<dt>币种</dt><dd>${escapeHtml(currency)}</dd>
<dt>渠道交易号</dt><dd>${escapeHtml(trade.channelTradeNo)}</dd>
</dl>`;
  const controls =
    trade.status === 'open'
      ? `<form method="post" action="${escapeHtml(actions.pay)}"><button type="submit" class="pay">确认支付</button></form>
<form method="post" action="${escapeHtml(actions.cancel)}"><button type="submit" class="cancel">取消支付</button></form>`
      : `<p class="state">${escapeHtml(STATE_TEXT[trade.status] ?? trade.status)}</p>
<a class="link" href="${escapeHtml(trade.returnUrl)}">返回商户</a>`;
  return layout('沙箱收银台', `<section class="card">${details}${controls}</section>`);
}

/** A page that only says something (a refused bridge form, an unknown trade). */
export function messagePage(title: string, message: string): string {
  return layout(
    title,
    `<section class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></section>`,
  );
}
