import { StyleProvider } from '@ant-design/cssinjs';
import {
  AdminAfterSalePaths,
  AdminContentPaths,
  AdminCreditPaths,
  AdminGoodsPaths,
  AdminMemberPaths,
  AdminNoticePaths,
  AdminOrderPaths,
  AdminPaths,
  AdminPromotionPaths,
  AdminQuotePaths,
  AdminReconciliationPaths,
  AdminReportPaths,
  AdminServicePaths,
  AdminSettingsPaths,
  AdminStockPaths,
  AdminSupplierPaths,
  AdminTaxonomyPaths,
  AdminWarehousePaths,
  accountPaymentSchema,
  adminAfterSaleDetailSchema,
  adminAfterSaleListResponseSchema,
  adminAfterSaleSettingsSchema,
  adminArticleCategoryListResponseSchema,
  adminArticleCategorySchema,
  adminArticleDetailSchema,
  adminArticleListResponseSchema,
  adminBrandInitialResponseSchema,
  adminBrandListResponseSchema,
  adminBrandSchema,
  adminCategoryResponseSchema,
  adminCategoryTreeResponseSchema,
  adminCourierListResponseSchema,
  adminCourierRowSchema,
  adminCourierTableResponseSchema,
  adminCreditDetailSchema,
  adminCreditInvoicesResponseSchema,
  adminCreditPaymentsResponseSchema,
  adminDepositLogResponseSchema,
  adminGoodsDetailSchema,
  adminGoodsListResponseSchema,
  adminGoodsSaveResponseSchema,
  adminGoodsShelfResponseSchema,
  adminGoodsUploadResponseSchema,
  adminLogisticsAddResponseSchema,
  adminMemberDetailResponseSchema,
  adminMemberListResponseSchema,
  adminMessageListResponseSchema,
  adminMoneyBackResponseSchema,
  adminNoticeListResponseSchema,
  adminNoticeSchema,
  adminOrderAttachmentSchema,
  adminOrderBatchResponseSchema,
  adminOrderDetailSchema,
  adminOrderListResponseSchema,
  adminOrderShipManyResponseSchema,
  adminOrderTransitionResponseSchema,
  adminPaymentListResponseSchema,
  adminPaymentMethodSchema,
  adminPromotionListResponseSchema,
  adminPromotionSchema,
  adminPromotionSkusResponseSchema,
  adminQuoteDetailSchema,
  adminQuoteListResponseSchema,
  adminRateResponseSchema,
  adminRechargeListResponseSchema,
  adminSandboxListResponseSchema,
  adminStockAdjustResponseSchema,
  adminStockLedgerResponseSchema,
  adminStockListResponseSchema,
  adminStockRowSchema,
  adminSupplierDetailSchema,
  adminSupplierListResponseSchema,
  adminSupplierNoteResponseSchema,
  adminTemplateResponseSchema,
  adminTicketDetailResponseSchema,
  adminTicketListResponseSchema,
  adminTicketReplyResponseSchema,
  adminTicketRowSchema,
  adminUploadedImageSchema,
  adminWaitingPacksResponseSchema,
  adminWarehouseListResponseSchema,
  adminWarehouseSchema,
  auditListResponseSchema,
  captchaResponseSchema,
  contentImageSchema,
  courierRuleSchema,
  dashboardChartsSchema,
  dashboardResponseSchema,
  depositAdjustResponseSchema,
  type Envelope,
  exportJobSchema,
  exportListSchema,
  MemberPaths,
  memberLevelResponseSchema,
  memberResetPasswordResponseSchema,
  ROLE_PERMISSIONS,
  rateSetResponseSchema,
  rechargeReviewResponseSchema,
  reconciliationDifferenceSchema,
  reconciliationProvidersResponseSchema,
  reconciliationRunResponseSchema,
  reconciliationRunsResponseSchema,
  richTextSanitizeResponseSchema,
  type StaffAccount,
  type StaffRole,
  type StaffSession,
  sentMessageSchema,
  staffListResponseSchema,
  staffLoginResponseSchema,
  staffSessionSchema,
  ticketImageSchema,
  totpSetupResponseSchema,
} from '@shop/domain';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { ZodType } from 'zod';
import { App } from '@/app/app';
import { createConsoleQueryClient } from '@/app/query-client';
import { createRoutes } from '@/app/routes';
import { STAFF_TOKEN_KEY } from '@/lib/token';

/** Fake answers that do not match their call's contract in packages/domain; setup.ts fails the test on any. */
export const contractDrifts: string[] = [];

export function ok<T>(data: T): Envelope<T> {
  return { success: true, resultCode: 200, message: '', data };
}

export function fail(resultCode: number, message: string, status = 400) {
  return { status, body: { success: false, resultCode, message, data: null } };
}

type Reply = Envelope<unknown> | { status: number; body: unknown };
/** A file the server answers instead of JSON (an export, a transfer slip): made afresh for every call. */
export interface FileReply {
  file: () => Response;
}
type Handler = Reply | FileReply | ((body: Record<string, unknown>) => Reply | FileReply);

/** The contract of each console call's answer: a fake answer that drifts from it fails the test. */
const CONTRACTS: Record<string, ZodType> = {
  [MemberPaths.captcha]: captchaResponseSchema,
  [AdminPaths.login]: staffLoginResponseSchema,
  [AdminPaths.current]: staffSessionSchema,
  [AdminPaths.totpSetup]: totpSetupResponseSchema,
  [AdminPaths.staffList]: staffListResponseSchema,
  [AdminPaths.auditList]: auditListResponseSchema,
  [AdminServicePaths.ticketList]: adminTicketListResponseSchema,
  [AdminServicePaths.ticketDetail]: adminTicketDetailResponseSchema,
  [AdminServicePaths.ticketReply]: adminTicketReplyResponseSchema,
  [AdminServicePaths.ticketUploadImage]: ticketImageSchema,
  [AdminServicePaths.ticketUpdate]: adminTicketRowSchema,
  [AdminServicePaths.ticketReopen]: adminTicketRowSchema,
  [AdminServicePaths.messageSend]: sentMessageSchema,
  [AdminServicePaths.messageList]: adminMessageListResponseSchema,
  [AdminNoticePaths.list]: adminNoticeListResponseSchema,
  [AdminNoticePaths.resend]: adminNoticeSchema,
  [AdminNoticePaths.discard]: adminNoticeSchema,
  [AdminNoticePaths.sandbox]: adminSandboxListResponseSchema,
  [AdminOrderPaths.list]: adminOrderListResponseSchema,
  [AdminOrderPaths.detail]: adminOrderDetailSchema,
  [AdminOrderPaths.transition]: adminOrderTransitionResponseSchema,
  [AdminOrderPaths.batchTransition]: adminOrderBatchResponseSchema,
  [AdminOrderPaths.ship]: adminOrderTransitionResponseSchema,
  [AdminOrderPaths.markPaid]: adminOrderTransitionResponseSchema,
  [AdminOrderPaths.cancelPaid]: adminMoneyBackResponseSchema,
  [AdminOrderPaths.refund]: adminMoneyBackResponseSchema,
  [AdminOrderPaths.logisticsAdd]: adminLogisticsAddResponseSchema,
  [AdminOrderPaths.attach]: adminOrderAttachmentSchema,
  [AdminOrderPaths.couriers]: adminCourierListResponseSchema,
  [AdminOrderPaths.waitingPacks]: adminWaitingPacksResponseSchema,
  [AdminOrderPaths.shipMany]: adminOrderShipManyResponseSchema,
  [AdminGoodsPaths.list]: adminGoodsListResponseSchema,
  [AdminWarehousePaths.list]: adminWarehouseListResponseSchema,
  [AdminWarehousePaths.pickup]: adminWarehouseSchema,
  [AdminWarehousePaths.pickupOff]: adminWarehouseSchema,
  [AdminGoodsPaths.shelf]: adminGoodsShelfResponseSchema,
  [AdminPromotionPaths.list]: adminPromotionListResponseSchema,
  [AdminPromotionPaths.save]: adminPromotionSchema,
  [AdminPromotionPaths.active]: adminPromotionSchema,
  [AdminPromotionPaths.skus]: adminPromotionSkusResponseSchema,
  [AdminTaxonomyPaths.brandList]: adminBrandListResponseSchema,
  [AdminTaxonomyPaths.brandSave]: adminBrandSchema,
  [AdminTaxonomyPaths.brandInitial]: adminBrandInitialResponseSchema,
  [AdminTaxonomyPaths.brandUpload]: adminUploadedImageSchema,
  [AdminTaxonomyPaths.categoryTree]: adminCategoryTreeResponseSchema,
  [AdminTaxonomyPaths.categorySave]: adminCategoryResponseSchema,
  [AdminTaxonomyPaths.categoryMove]: adminCategoryResponseSchema,
  [AdminTaxonomyPaths.categoryDelete]: adminCategoryResponseSchema,
  [AdminGoodsPaths.detail]: adminGoodsDetailSchema,
  [AdminGoodsPaths.save]: adminGoodsSaveResponseSchema,
  [AdminGoodsPaths.upload]: adminGoodsUploadResponseSchema,
  [AdminStockPaths.list]: adminStockListResponseSchema,
  [AdminStockPaths.adjust]: adminStockAdjustResponseSchema,
  [AdminStockPaths.ledger]: adminStockLedgerResponseSchema,
  [AdminStockPaths.threshold]: adminStockRowSchema,
  [AdminSettingsPaths.rate]: adminRateResponseSchema,
  [AdminSettingsPaths.courierList]: adminCourierTableResponseSchema,
  [AdminSettingsPaths.courierCreate]: adminCourierRowSchema,
  [AdminSettingsPaths.courierUpdate]: adminCourierRowSchema,
  [AdminSettingsPaths.courierRuleSave]: courierRuleSchema,
  [AdminSettingsPaths.courierRuleDelete]: courierRuleSchema,
  [AdminSettingsPaths.rateSet]: rateSetResponseSchema,
  [AdminSettingsPaths.paymentList]: adminPaymentListResponseSchema,
  [AdminSettingsPaths.paymentUpdate]: adminPaymentMethodSchema,
  [AdminOrderPaths.dashboard]: dashboardResponseSchema,
  [AdminReportPaths.charts]: dashboardChartsSchema,
  [AdminReportPaths.exportStart]: exportJobSchema,
  [AdminReportPaths.exportDetail]: exportJobSchema,
  [AdminReportPaths.exportList]: exportListSchema,
  [AdminMemberPaths.rechargeList]: adminRechargeListResponseSchema,
  [AdminReconciliationPaths.providers]: reconciliationProvidersResponseSchema,
  [AdminReconciliationPaths.start]: reconciliationRunResponseSchema,
  [AdminReconciliationPaths.run]: reconciliationRunResponseSchema,
  [AdminReconciliationPaths.runs]: reconciliationRunsResponseSchema,
  [AdminReconciliationPaths.settle]: reconciliationDifferenceSchema,
  [AdminMemberPaths.rechargeApprove]: rechargeReviewResponseSchema,
  [AdminMemberPaths.rechargeReject]: rechargeReviewResponseSchema,
  [AdminMemberPaths.memberList]: adminMemberListResponseSchema,
  [AdminMemberPaths.memberDetail]: adminMemberDetailResponseSchema,
  [AdminMemberPaths.memberDepositLog]: adminDepositLogResponseSchema,
  [AdminMemberPaths.memberLevel]: memberLevelResponseSchema,
  [AdminMemberPaths.depositAdjust]: depositAdjustResponseSchema,
  [AdminSupplierPaths.list]: adminSupplierListResponseSchema,
  [AdminSupplierPaths.detail]: adminSupplierDetailSchema,
  [AdminSupplierPaths.note]: adminSupplierNoteResponseSchema,
  [AdminMemberPaths.memberResetPassword]: memberResetPasswordResponseSchema,
  [AdminContentPaths.sanitize]: richTextSanitizeResponseSchema,
  [AdminContentPaths.imageUpload]: contentImageSchema,
  [AdminContentPaths.template]: adminTemplateResponseSchema,
  [AdminContentPaths.draftSave]: adminTemplateResponseSchema,
  [AdminContentPaths.publish]: adminTemplateResponseSchema,
  [AdminContentPaths.draftDiscard]: adminTemplateResponseSchema,
  [AdminContentPaths.categoryList]: adminArticleCategoryListResponseSchema,
  [AdminContentPaths.categorySave]: adminArticleCategorySchema,
  [AdminContentPaths.articleList]: adminArticleListResponseSchema,
  [AdminContentPaths.articleDetail]: adminArticleDetailSchema,
  [AdminContentPaths.articleSave]: adminArticleDetailSchema,
  [AdminCreditPaths.detail]: adminCreditDetailSchema,
  [AdminCreditPaths.grant]: adminCreditDetailSchema,
  [AdminCreditPaths.invoices]: adminCreditInvoicesResponseSchema,
  [AdminCreditPaths.payments]: adminCreditPaymentsResponseSchema,
  [AdminCreditPaths.recordPayment]: accountPaymentSchema,
  [AdminCreditPaths.allocate]: accountPaymentSchema,
  [AdminQuotePaths.list]: adminQuoteListResponseSchema,
  [AdminQuotePaths.detail]: adminQuoteDetailSchema,
  [AdminQuotePaths.answer]: adminQuoteDetailSchema,
  [AdminQuotePaths.message]: adminQuoteDetailSchema,
  [AdminQuotePaths.close]: adminQuoteDetailSchema,
  [AdminAfterSalePaths.list]: adminAfterSaleListResponseSchema,
  [AdminAfterSalePaths.detail]: adminAfterSaleDetailSchema,
  [AdminAfterSalePaths.settings]: adminAfterSaleSettingsSchema,
};

export interface FetchCall {
  path: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** Fakes the network: each path answers with an envelope (HTTP 200 unless a status is given). */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    const body =
      init.body instanceof FormData
        ? Object.fromEntries(init.body.entries())
        : init.body
          ? (JSON.parse(String(init.body)) as Record<string, unknown>)
          : {};
    calls.push({ path, body, headers: (init.headers ?? {}) as Record<string, string> });
    const handler = handlers[path];
    if (!handler) {
      return new Response(
        JSON.stringify({ success: false, resultCode: 400, message: '接口不存在', data: null }),
        {
          status: 404,
        },
      );
    }
    const reply = typeof handler === 'function' ? handler(body) : handler;
    if ('file' in reply) return reply.file();
    const [status, payload] = 'status' in reply ? [reply.status, reply.body] : [200, reply];
    const contract = CONTRACTS[path];
    if (contract && (payload as Envelope).success) {
      const checked = contract.safeParse((payload as Envelope).data);
      if (!checked.success) contractDrifts.push(`${path}: ${checked.error.message}`);
    }
    return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

/** The 工作台's counts with nothing to do: the page every role opens first. */
export const EMPTY_DASHBOARD = {
  today: { orders: 0, aud: 0, cny: 0 },
  week: { orders: 0, aud: 0, cny: 0 },
  todo: { paidToPush: 0, packsToShip: 0, ticketsWaiting: 0, rechargesWaiting: 0, lowStock: 0 },
};

export const CAPTCHA = ok({
  captchaId: 'cap-1',
  image: 'data:image/svg+xml;base64,PHN2Zy8+',
  expiresIn: 300,
});

/** A signed-in staff member of a role, past every gate unless told otherwise. */
export function staffSession(role: StaffRole, overrides: Partial<StaffSession> = {}): StaffSession {
  return {
    id: 1,
    username: role === 'owner' ? 'boss' : `${role}1`,
    name: role === 'owner' ? '王老板' : '李四',
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
    totpEnabled: role === 'owner' || role === 'finance',
    totpSetupRequired: false,
    mustChangePassword: false,
    timeZone: 'Asia/Shanghai',
    ...overrides,
  };
}

export function signIn(token = 'staff-token-1') {
  window.localStorage.setItem(STAFF_TOKEN_KEY, token);
}

/**
 * antd's styles, written into an element outside the test's document. happy-dom matches every rule of the document
 * on each getComputedStyle, which testing-library's role queries and antd's tables call for every element: with
 * antd's thousands of rules in the document, that was half of a screen test's time (orders: 41 of 80 CPU-s). Nothing
 * a test reads depends on them: what antd hides it hides with attributes or inline styles, and the journeys (e2e/)
 * see the real console in Chromium.
 */
function OutOfDocumentStyles({ children }: { children: ReactNode }) {
  return <StyleProvider container={document.createElement('div')}>{children}</StyleProvider>;
}

/** The whole console at a path below /admin, with a fresh query client (no retries). */
export function renderConsole(path: string) {
  const queryClient = createConsoleQueryClient({ retry: false });
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  const utils = render(
    <OutOfDocumentStyles>
      <App queryClient={queryClient} router={router} />
    </OutOfDocumentStyles>,
  );
  return { ...utils, router, queryClient };
}

/** A staff account as the list returns it: the owner unless told otherwise. */
export function staffAccount(overrides: Partial<StaffAccount>): StaffAccount {
  return {
    id: 1,
    username: 'boss',
    name: '王老板',
    role: 'owner',
    disabled: false,
    totpEnabled: true,
    mustChangePassword: false,
    lastLoginTime: '2026-11-24T03:00:00.000Z',
    createTime: '2026-11-01T01:00:00.000Z',
    ...overrides,
  };
}

/** An open dialog by its title, waiting for it as long as a slow page may take. */
export async function findDialog(title: string | RegExp): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' }, { timeout: 45_000 });
  return heading.closest('.ant-modal') as HTMLElement;
}
