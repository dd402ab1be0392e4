import { type Currency, formatAmount, payChannelLabel } from '@shop/domain';
import { escapeHtml, plainPage } from '../../lib/plain-page';
import type { SandboxTradeRow } from './sandbox.repository';

/**
 * The sandbox cashier's pages (lib/plain-page.ts). Every value that comes from a trade is escaped, since the
 * merchant's subject or return address could hold markup.
 */

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
dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:8px 12px}
dt{color:#646a73}dd{margin:0;word-break:break-all}
.amount{font-size:32px;font-weight:700;color:#d4380d;text-align:center;margin:20px 0}
.pay{background:#1677ff;color:#fff}
`;

const layout = (title: string, body: string) => plainPage(title, SANDBOX_BANNER, body, STYLE);

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
