/**
 * The shop's staff (docs/design.md 'Staff are not members'): their roles, what each role may do, and which roles
 * must sign in with a second factor. The console (/admin) and the console API both read this one table, so a
 * menu entry is never shown for a call the server would refuse.
 */

export const StaffRole = {
  /** Everything, and manages the other staff accounts. */
  owner: 'owner',
  /** Tickets, messages; reads orders and members. */
  service: 'service',
  /** Order fulfilment and stock. */
  warehouse: 'warehouse',
  /** Payments, refunds, deposits, recharges. */
  finance: 'finance',
  /** Catalogue and content (console part 2). */
  content: 'content',
} as const;
export type StaffRole = (typeof StaffRole)[keyof typeof StaffRole];
export const STAFF_ROLES = Object.values(StaffRole) as readonly StaffRole[];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: '店主',
  service: '客服',
  warehouse: '仓库',
  finance: '财务',
  content: '运营',
};

/** What a console call needs. One permission per kind of action, never per page. */
export const Permission = {
  dashboardRead: 'dashboard.read',
  staffManage: 'staff.manage',
  auditRead: 'audit.read',
  orderRead: 'order.read',
  /** Push, processing, ready, ship, pickup-ready, finish, attachments, logistics entries. */
  orderFulfil: 'order.fulfil',
  /** Mark an order paid offline. */
  orderPayment: 'order.payment',
  /** Cancel a paid order with its refund, partial refunds. */
  orderRefund: 'order.refund',
  ticketHandle: 'ticket.handle',
  messageSend: 'message.send',
  memberRead: 'member.read',
  memberLevel: 'member.level',
  memberPassword: 'member.password',
  depositAdjust: 'deposit.adjust',
  rechargeReview: 'recharge.review',
  supplierManage: 'supplier.manage',
  stockAdjust: 'stock.adjust',
  catalogueEdit: 'catalogue.edit',
  contentEdit: 'content.edit',
  /** Exchange rate, payment methods. */
  settingsMoney: 'settings.money',
  /** The shop's seller details and GST registration (owner only: they decide the tax every order charges). */
  settingsSeller: 'settings.seller',
  /** The members' fapiao requests: attach the issued fapiao (docs/invoices.md). */
  invoiceIssue: 'invoice.issue',
  /** Reconcile a channel's statement with the shop's books, settle the differences. */
  paymentReconcile: 'payment.reconcile',
  /** The outbox of e-mail and SMS: read it, send a failed notice again or give it up; the sandbox's outbox. */
  noticeManage: 'notice.manage',
  /** A company's credit on account: grant it, record payments received and allocate them (issue #38). */
  creditManage: 'credit.manage',
  /** Members' quotes: read, answer with prices, message, close (issue #38). */
  quoteAnswer: 'quote.answer',
  /** After-sales (售后, issue #39): the queue, approve or reject, receive returned goods, ship exchanges; refunds also need order.refund. */
  afterSaleHandle: 'aftersale.handle',
  /** The finance exports: orders, payments, refunds, deposit movements and recharges over a range of days. */
  financeExport: 'finance.export',
} as const;
export type Permission = (typeof Permission)[keyof typeof Permission];
export const PERMISSIONS = Object.values(Permission) as readonly Permission[];

const P = Permission;

/** Each role's permissions (issue 'Staff console': owner everything; the others their part of the shop). */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  service: [
    P.dashboardRead,
    P.orderRead,
    P.ticketHandle,
    P.messageSend,
    P.noticeManage,
    P.memberRead,
    P.memberPassword,
    P.supplierManage,
    P.quoteAnswer,
    P.afterSaleHandle,
  ],
  warehouse: [P.dashboardRead, P.orderRead, P.orderFulfil, P.stockAdjust],
  finance: [
    P.dashboardRead,
    P.orderRead,
    P.orderPayment,
    P.orderRefund,
    P.memberRead,
    P.memberLevel,
    P.depositAdjust,
    P.rechargeReview,
    P.settingsMoney,
    P.invoiceIssue,
    P.paymentReconcile,
    P.creditManage,
    P.quoteAnswer,
    P.afterSaleHandle,
    P.financeExport,
  ],
  content: [P.dashboardRead, P.catalogueEdit, P.contentEdit, P.stockAdjust, P.supplierManage],
};

export function roleCan(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Roles that move money sign in with a second factor (TOTP); until it is set up they can do nothing else. */
export const TWO_FACTOR_ROLES: readonly StaffRole[] = [StaffRole.owner, StaffRole.finance];

export function roleNeedsTwoFactor(role: StaffRole): boolean {
  return TWO_FACTOR_ROLES.includes(role);
}

/** The console's base path in the browser. */
export const ADMIN_BASE = '/admin';
