import type { MemberNoticeKind } from '@shop/domain';

/** Notices to staff, by the work of their role, and the owner's daily summary. */
export const STAFF_NOTICE_KINDS = [
  'staffTicket',
  'staffRecharge',
  'staffRefund',
  'staffOrderToPack',
  'staffBankAccounts',
  'staffQuote',
  'staffAfterSale',
  'staffLowStock',
  'dailySummary',
] as const;
export type StaffNoticeKind = (typeof STAFF_NOTICE_KINDS)[number];

/** Notices to a phone number or address that may belong to no member yet (issue #38's invites). */
export type ContactNoticeKind = 'companyInvite';
export type NoticeKind = 'code' | MemberNoticeKind | StaffNoticeKind | ContactNoticeKind;
export type NoticeLocale = 'zh-CN' | 'en';

interface Words {
  subject: string;
  /** The body's lines; an SMS is the lines joined. */
  lines: string[];
}

type Params = Record<string, string>;
const p = (params: Params, key: string) => params[key] ?? '';

const SCENE_ZH: Record<string, string> = {
  login: '登录',
  register: '注册',
  reset: '重置密码',
  bind: '绑定',
  staff: '后台登录',
};
const SCENE_EN: Record<string, string> = {
  login: 'sign in',
  register: 'register',
  reset: 'reset your password',
  bind: 'confirm this contact',
  staff: 'sign in to the console',
};

/** A company's decision on a buyer's order (the `result` of approvalDecided, in the words the SMS carries). */
export const APPROVAL_RESULTS = {
  approved: '已获公司管理员批准，请尽快支付',
  rejected: '未获公司管理员批准，已取消',
  lapsed: '未在时限内获批，已自动取消',
} as const;
const APPROVAL_RESULT_EN: Record<string, string> = {
  [APPROVAL_RESULTS.approved]: 'approved by your company, ready to pay',
  [APPROVAL_RESULTS.rejected]: 'not approved by your company, cancelled',
  [APPROVAL_RESULTS.lapsed]: 'not approved in time, cancelled',
};

/** The zh-CN words of each notice. A code's text carries the 6 digits right after 验证码 (the contract of #31). */
/** A parcel's milestone (domain PARCEL_MILESTONE_LABELS, as the notice's `state` carries it) in English. */
const PARCEL_STATES_EN: Record<string, string> = {
  已揽收: 'collected by the courier',
  派送中: 'out for delivery',
  已签收: 'delivered',
  异常: 'held up: the courier reports a problem',
  退回: 'being returned',
};

const ZH: Record<NoticeKind, (params: Params) => Words> = {
  code: (x) => ({
    subject: `验证码 ${p(x, 'code')}（${SCENE_ZH[p(x, 'scene')] ?? '验证'}）`,
    lines: [
      `验证码 ${p(x, 'code')}，用于${SCENE_ZH[p(x, 'scene')] ?? '验证'}，5 分钟内有效。`,
      '如非本人操作，请忽略本消息；请勿将验证码告诉他人。',
    ],
  }),
  paid: (x) => ({
    subject: `订单 ${p(x, 'orderNo')} 已付款`,
    lines: [`订单 ${p(x, 'orderNo')} 已付款，我们将尽快安排发货。`],
  }),
  shipped: (x) => ({
    subject: `订单 ${p(x, 'orderNo')} 已发货`,
    lines: [
      `订单 ${p(x, 'orderNo')} 已发货。`,
      `承运快递：${p(x, 'courier')}`,
      `运单号：${p(x, 'trackingNo')}`,
    ],
  }),
  pickup: (x) => ({
    subject: `订单 ${p(x, 'orderNo')} 可以自提了`,
    lines: [`订单 ${p(x, 'orderNo')} 已备好，可到自提点取货。`, `自提地址：${p(x, 'address')}`],
  }),
  cancelled: (x) => ({
    subject: `订单 ${p(x, 'orderNo')} 已取消`,
    lines: [`订单 ${p(x, 'orderNo')} 已取消。`],
  }),
  refunded: (x) => ({
    subject: `订单 ${p(x, 'orderNo')} 退款 ${p(x, 'amount')}`,
    lines: [`订单 ${p(x, 'orderNo')} 已退款 ${p(x, 'amount')}。`],
  }),
  ticketAnswered: (x) => ({
    subject: `客服回复了您的工单：${p(x, 'title')}`,
    lines: [`客服回复了您的工单「${p(x, 'title')}」，请登录商城查看。`],
  }),
  rechargeApproved: (x) => ({
    subject: `充值 ${p(x, 'amount')} 已到账`,
    lines: [`您的银行转账充值 ${p(x, 'amount')} 已审核通过并到账。`],
  }),
  rechargeRefused: (x) => ({
    subject: '银行转账充值未通过审核',
    lines: [`您的银行转账充值 ${p(x, 'amount')} 未通过审核，请登录商城查看原因。`],
  }),
  staffQuote: (x) => ({
    subject: `询价待处理：${p(x, 'quoteNo')}`,
    lines: [`会员 ${p(x, 'member')} ${p(x, 'what')}：询价 ${p(x, 'quoteNo')}。请在后台「询价」处理。`],
  }),
  staffAfterSale: (x) => ({
    subject: `售后待处理：${p(x, 'afterSaleNo')}`,
    lines: [`会员 ${p(x, 'member')} ${p(x, 'what')}：售后单 ${p(x, 'afterSaleNo')}。请在后台「售后」处理。`],
  }),
  staffLowStock: (x) => ({
    subject: `库存不足提醒：${p(x, 'count')} 个 SKU`,
    lines: [
      `以下按库存销售的 SKU 已降到提醒线（含）以下，请安排补货：`,
      ...p(x, 'list').split('\n'),
      '请在后台「库存」查看（只看库存不足）。',
    ],
  }),
  afterSale: (x) => ({
    subject: `售后单 ${p(x, 'afterSaleNo')}：${p(x, 'state')}`,
    lines: [`您的售后单 ${p(x, 'afterSaleNo')} 状态更新为「${p(x, 'state')}」，请登录商城在「售后」查看。`],
  }),
  preOrderArrived: (x) => ({
    subject: `订单 ${p(x, 'orderNo')} 的预订商品已到货`,
    lines: [`您订单 ${p(x, 'orderNo')} 中预订的商品已到货，我们将尽快安排发货。`],
  }),
  parcel: (x) => ({
    subject: `订单 ${p(x, 'orderNo')} 的包裹${p(x, 'state')}`,
    lines: [
      `您订单 ${p(x, 'orderNo')} 的包裹${p(x, 'state')}。`,
      `承运快递：${p(x, 'courier')}`,
      `运单号：${p(x, 'trackingNo')}`,
      '请登录商城在订单详情查看物流轨迹。',
    ],
  }),
  quoteAnswered: (x) => ({
    subject: `询价 ${p(x, 'quoteNo')} 有新的报价或回复`,
    lines: [`您的询价 ${p(x, 'quoteNo')} 有新的报价或回复，请登录商城在「我的询价」查看。`],
  }),
  staffTicket: (x) => ({
    subject: `工单待处理：${p(x, 'title')}`,
    lines: [`会员 ${p(x, 'member')} ${p(x, 'what')}：「${p(x, 'title')}」。`],
  }),
  staffRecharge: (x) => ({
    subject: `银行转账充值待审核 ${p(x, 'amount')}`,
    lines: [`会员 ${p(x, 'member')} 提交了银行转账充值 ${p(x, 'amount')}，请审核。`],
  }),
  staffRefund: (x) => ({
    subject: `退款待处理：订单 ${p(x, 'orderNo')}`,
    lines: [`订单 ${p(x, 'orderNo')} 的退款 ${p(x, 'amount')} 等待处理。`],
  }),
  staffOrderToPack: (x) => ({
    subject: `新订单待打包：${p(x, 'orderNo')}`,
    lines: [`订单 ${p(x, 'orderNo')} 已付款，请安排打包发货。`],
  }),
  staffBankAccounts: (x) => ({
    subject: '会员转账充值的收款账户已修改',
    lines: [
      `${p(x, 'actor')} 于 ${p(x, 'time')} 修改了会员转账充值的收款账户。如非店主或财务知情的修改，请立即核对并改回。`,
      '修改前：',
      ...p(x, 'before').split('\n'),
      '修改后：',
      ...p(x, 'after').split('\n'),
    ],
  }),
  dailySummary: (x) => ({
    subject: `每日经营摘要 ${p(x, 'day')}`,
    lines: (p(x, 'summary') || '').split('\n'),
  }),
  approvalWaiting: (x) => ({
    subject: `订单 ${p(x, 'orderNo')} 等待您审批`,
    lines: [
      `采购员的订单 ${p(x, 'orderNo')}（${p(x, 'amount')}）超出其额度，等待您审批。`,
      '请在 24 小时内登录商城，在「我的公司」批准或拒绝，逾期订单将自动取消。',
    ],
  }),
  invoiceDue: (x) => ({
    subject: `账单 ${p(x, 'invoiceNo')} 将于 ${p(x, 'dueOn')} 到期`,
    lines: [
      `贵公司的账期账单 ${p(x, 'invoiceNo')} 尚欠 ${p(x, 'amount')}，到期日为 ${p(x, 'dueOn')}。`,
      '请按时付款；逾期未付的账单会暂停贵公司的账期支付。登录商城，在「我的公司」的对账单中查看。',
    ],
  }),
  approvalDecided: (x) => ({
    subject: `订单 ${p(x, 'orderNo')} ${p(x, 'result')}`,
    lines: [`您的订单 ${p(x, 'orderNo')} ${p(x, 'result')}。请登录商城查看。`],
  }),
  companyInvite: (x) => ({
    subject: `邀请您加入「${p(x, 'company')}」的采购账户`,
    lines: [
      `「${p(x, 'company')}」邀请您以${p(x, 'role')}身份加入其采购账户，7 天内有效。`,
      '请登录或注册商城，在「个人资料」验证收到本消息的手机号或邮箱，然后在「我的公司」接受邀请。',
    ],
  }),
};

const EN: Record<NoticeKind, (params: Params) => Words> = {
  code: (x) => ({
    subject: `Your code ${p(x, 'code')}`,
    lines: [
      `验证码 / Your verification code to ${SCENE_EN[p(x, 'scene')] ?? 'verify'}: ${p(x, 'code')}. It expires in 5 minutes.`,
      'If this was not you, ignore this message and never share the code.',
    ],
  }),
  paid: (x) => ({
    subject: `Order ${p(x, 'orderNo')} is paid`,
    lines: [`Order ${p(x, 'orderNo')} is paid. We will ship it soon.`],
  }),
  shipped: (x) => ({
    subject: `Order ${p(x, 'orderNo')} has shipped`,
    lines: [
      `Order ${p(x, 'orderNo')} has shipped.`,
      `Courier: ${p(x, 'courier')}`,
      `Tracking number: ${p(x, 'trackingNo')}`,
    ],
  }),
  pickup: (x) => ({
    subject: `Order ${p(x, 'orderNo')} is ready for pickup`,
    lines: [`Order ${p(x, 'orderNo')} is ready for pickup.`, `Pickup address: ${p(x, 'address')}`],
  }),
  cancelled: (x) => ({
    subject: `Order ${p(x, 'orderNo')} is cancelled`,
    lines: [`Order ${p(x, 'orderNo')} is cancelled.`],
  }),
  refunded: (x) => ({
    subject: `Order ${p(x, 'orderNo')}: refund ${p(x, 'amount')}`,
    lines: [`Order ${p(x, 'orderNo')} was refunded ${p(x, 'amount')}.`],
  }),
  ticketAnswered: (x) => ({
    subject: `We answered your ticket: ${p(x, 'title')}`,
    lines: [`Our service team answered your ticket "${p(x, 'title')}". Sign in to read it.`],
  }),
  rechargeApproved: (x) => ({
    subject: `Top-up of ${p(x, 'amount')} credited`,
    lines: [`Your bank transfer top-up of ${p(x, 'amount')} was approved and credited.`],
  }),
  rechargeRefused: (x) => ({
    subject: 'Bank transfer top-up not approved',
    lines: [`Your bank transfer top-up of ${p(x, 'amount')} was not approved. Sign in to see why.`],
  }),
  staffTicket: ZH.staffTicket,
  staffQuote: ZH.staffQuote,
  staffAfterSale: ZH.staffAfterSale,
  staffLowStock: ZH.staffLowStock,
  afterSale: (x) => ({
    subject: `After-sales ${p(x, 'afterSaleNo')}: ${p(x, 'state')}`,
    lines: [
      `Your after-sales request ${p(x, 'afterSaleNo')} is now "${p(x, 'state')}". Sign in to see it under 售后 (after-sales).`,
    ],
  }),
  preOrderArrived: (x) => ({
    subject: `Pre-ordered goods of order ${p(x, 'orderNo')} have arrived`,
    lines: [`The goods you pre-ordered in order ${p(x, 'orderNo')} have arrived. We will ship them soon.`],
  }),
  parcel: (x) => ({
    subject: `The parcel of order ${p(x, 'orderNo')} is ${PARCEL_STATES_EN[p(x, 'state')] ?? 'on its way'}`,
    lines: [
      `The parcel of order ${p(x, 'orderNo')} is ${PARCEL_STATES_EN[p(x, 'state')] ?? 'on its way'}.`,
      `Courier: ${p(x, 'courier')}`,
      `Tracking number: ${p(x, 'trackingNo')}`,
      'Sign in to follow it on the order’s page.',
    ],
  }),
  quoteAnswered: (x) => ({
    subject: `Quote ${p(x, 'quoteNo')} has a new price or reply`,
    lines: [
      `Your quote ${p(x, 'quoteNo')} has a new price or reply. Sign in to see it under 我的询价 (my quotes).`,
    ],
  }),
  staffRecharge: ZH.staffRecharge,
  staffRefund: ZH.staffRefund,
  staffOrderToPack: ZH.staffOrderToPack,
  staffBankAccounts: ZH.staffBankAccounts,
  dailySummary: ZH.dailySummary,
  approvalWaiting: (x) => ({
    subject: `Order ${p(x, 'orderNo')} waits for your approval`,
    lines: [
      `A buyer's order ${p(x, 'orderNo')} (${p(x, 'amount')}) is over their limit and waits for your approval.`,
      'Sign in within 24 hours and approve or reject it under 我的公司 (my company); after that it is cancelled.',
    ],
  }),
  invoiceDue: (x) => ({
    subject: `Invoice ${p(x, 'invoiceNo')} is due on ${p(x, 'dueOn')}`,
    lines: [
      `Your company's account invoice ${p(x, 'invoiceNo')} still owes ${p(x, 'amount')} and is due on ${p(x, 'dueOn')}.`,
      'Please pay on time: an overdue invoice stops paying on account. Sign in to see the statement under 我的公司.',
    ],
  }),
  approvalDecided: (x) => ({
    subject: `Order ${p(x, 'orderNo')}: ${APPROVAL_RESULT_EN[p(x, 'result')] ?? p(x, 'result')}`,
    lines: [
      `Your order ${p(x, 'orderNo')}: ${APPROVAL_RESULT_EN[p(x, 'result')] ?? p(x, 'result')}. Sign in to see it.`,
    ],
  }),
  companyInvite: (x) => ({
    subject: `Join ${p(x, 'company')} on the shop`,
    lines: [
      `${p(x, 'company')} invites you to buy for it (${p(x, 'role')}). The invite is open for 7 days.`,
      'Sign in or register, prove this phone number or address under 个人资料 (profile), then accept the invite under 我的公司 (my company).',
    ],
  }),
};

export interface RenderedNotice {
  subject: string;
  text: string;
  html: string;
  /** The SMS as the sandbox and the international gateway send it: the shop's name, then the lines. */
  sms: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * A notice's words in the member's language: the subject, a plain-text part, an HTML part with the shop's name and
 * logo, and the short text of an SMS.
 */
export function renderNotice(
  kind: NoticeKind,
  locale: NoticeLocale,
  params: Params,
  shop: { name: string; url: string },
): RenderedNotice {
  const words = (locale === 'en' ? EN : ZH)[kind](params);
  const text = [...words.lines, '', `${shop.name} · ${shop.url}`].join('\n');
  const logo = `${shop.url.replace(/\/+$/, '')}/favicon.svg`;
  const html = [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f5f5f5;font-family:sans-serif">',
    '<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">',
    `<p style="margin:0 0 16px"><img src="${escapeHtml(logo)}" alt="" width="24" height="24" style="vertical-align:middle"> `,
    `<strong style="font-size:18px;vertical-align:middle">${escapeHtml(shop.name)}</strong></p>`,
    ...words.lines.map(
      (line) => `<p style="margin:0 0 8px;font-size:15px;line-height:1.6">${escapeHtml(line)}</p>`,
    ),
    `<p style="margin:24px 0 0;color:#888;font-size:12px"><a href="${escapeHtml(shop.url)}">${escapeHtml(shop.url)}</a></p>`,
    '</div></body></html>',
  ].join('');
  return { subject: words.subject, text, html, sms: `【${shop.name}】${words.lines.join(' ')}` };
}
