import type {
  AdminAfterSalePaths,
  AdminBankAccountPaths,
  AdminCompanyPaths,
  AdminContentPaths,
  AdminCreditPaths,
  AdminGoodsPaths,
  AdminGoodsSheetPaths,
  AdminInvoicePaths,
  AdminMemberPaths,
  AdminNoticePaths,
  AdminOrderPaths,
  AdminPaths,
  AdminPromotionPaths,
  AdminQuotePaths,
  AdminReconciliationPaths,
  AdminReportPaths,
  AdminSellerPaths,
  AdminServicePaths,
  AdminSettingsPaths,
  AdminStockPaths,
  AdminSupplierPaths,
  AdminTaxonomyPaths,
  AdminWarehousePaths,
  accountPaymentSchema,
  adminAdjustmentNoteRequestSchema,
  adminAfterSaleApproveRequestSchema,
  adminAfterSaleDetailSchema,
  adminAfterSaleIdRequestSchema,
  adminAfterSaleListRequestSchema,
  adminAfterSaleListResponseSchema,
  adminAfterSaleReceiveRequestSchema,
  adminAfterSaleRefundRequestSchema,
  adminAfterSaleRejectRequestSchema,
  adminAfterSaleSettingsSaveRequestSchema,
  adminAfterSaleSettingsSchema,
  adminAfterSaleShipExchangeRequestSchema,
  adminArticleCategoryDeleteRequestSchema,
  adminArticleCategoryListResponseSchema,
  adminArticleCategorySaveRequestSchema,
  adminArticleCategorySchema,
  adminArticleDetailRequestSchema,
  adminArticleDetailSchema,
  adminArticleListRequestSchema,
  adminArticleListResponseSchema,
  adminArticleSaveRequestSchema,
  adminBankAccountsResponseSchema,
  adminBrandInitialRequestSchema,
  adminBrandInitialResponseSchema,
  adminBrandListRequestSchema,
  adminBrandListResponseSchema,
  adminBrandSaveRequestSchema,
  adminBrandSchema,
  adminCategoryMoveRequestSchema,
  adminCategoryResponseSchema,
  adminCategorySaveRequestSchema,
  adminCategoryTreeResponseSchema,
  adminCompanyCreateRequestSchema,
  adminCompanyLevelRequestSchema,
  adminCompanyListRequestSchema,
  adminCompanyListResponseSchema,
  adminCompanySchema,
  adminCourierCreateRequestSchema,
  adminCourierListResponseSchema,
  adminCourierRowSchema,
  adminCourierRuleDeleteRequestSchema,
  adminCourierRuleSaveRequestSchema,
  adminCourierTableResponseSchema,
  adminCourierUpdateRequestSchema,
  adminCreditAllocateRequestSchema,
  adminCreditCompanyRequestSchema,
  adminCreditDetailSchema,
  adminCreditGrantRequestSchema,
  adminCreditInvoicesRequestSchema,
  adminCreditInvoicesResponseSchema,
  adminCreditPaymentsRequestSchema,
  adminCreditPaymentsResponseSchema,
  adminCreditRecordPaymentRequestSchema,
  adminDepositLogRequestSchema,
  adminDepositLogResponseSchema,
  adminFapiaoFileRequestSchema,
  adminFapiaoListRequestSchema,
  adminFapiaoListResponseSchema,
  adminFapiaoSchema,
  adminGoodsDetailRequestSchema,
  adminGoodsDetailSchema,
  adminGoodsImportResponseSchema,
  adminGoodsListRequestSchema,
  adminGoodsListResponseSchema,
  adminGoodsSaveRequestSchema,
  adminGoodsSaveResponseSchema,
  adminGoodsShelfRequestSchema,
  adminGoodsShelfResponseSchema,
  adminGoodsUploadResponseSchema,
  adminIdRequestSchema,
  adminIdResponseSchema,
  adminLogisticsAddRequestSchema,
  adminLogisticsAddResponseSchema,
  adminMemberDetailResponseSchema,
  adminMemberIdRequestSchema,
  adminMemberListRequestSchema,
  adminMemberListResponseSchema,
  adminMessageListRequestSchema,
  adminMessageListResponseSchema,
  adminMessageSendRequestSchema,
  adminMoneyBackResponseSchema,
  adminNoticeActionRequestSchema,
  adminNoticeListRequestSchema,
  adminNoticeListResponseSchema,
  adminNoticeSchema,
  adminOrderAttachmentSchema,
  adminOrderBatchRequestSchema,
  adminOrderBatchResponseSchema,
  adminOrderCancelPaidRequestSchema,
  adminOrderDetailSchema,
  adminOrderListRequestSchema,
  adminOrderListResponseSchema,
  adminOrderMarkPaidRequestSchema,
  adminOrderNoRequestSchema,
  adminOrderPickRequestSchema,
  adminOrderRefundRequestSchema,
  adminOrderShipManyRequestSchema,
  adminOrderShipManyResponseSchema,
  adminOrderShipRequestSchema,
  adminOrderTransitionRequestSchema,
  adminOrderTransitionResponseSchema,
  adminPaymentListResponseSchema,
  adminPaymentMethodSchema,
  adminPaymentUpdateRequestSchema,
  adminPromotionActiveRequestSchema,
  adminPromotionListRequestSchema,
  adminPromotionListResponseSchema,
  adminPromotionSaveRequestSchema,
  adminPromotionSchema,
  adminPromotionSkusRequestSchema,
  adminPromotionSkusResponseSchema,
  adminQuoteAnswerRequestSchema,
  adminQuoteCloseRequestSchema,
  adminQuoteDetailSchema,
  adminQuoteIdRequestSchema,
  adminQuoteListRequestSchema,
  adminQuoteListResponseSchema,
  adminQuoteMessageRequestSchema,
  adminRateResponseSchema,
  adminRechargeListRequestSchema,
  adminRechargeListResponseSchema,
  adminSandboxListRequestSchema,
  adminSandboxListResponseSchema,
  adminStockAdjustRequestSchema,
  adminStockAdjustResponseSchema,
  adminStockLedgerRequestSchema,
  adminStockLedgerResponseSchema,
  adminStockListRequestSchema,
  adminStockListResponseSchema,
  adminStockRowSchema,
  adminStockThresholdRequestSchema,
  adminSupplierDetailSchema,
  adminSupplierIdRequestSchema,
  adminSupplierListRequestSchema,
  adminSupplierListResponseSchema,
  adminSupplierNoteRequestSchema,
  adminSupplierNoteResponseSchema,
  adminTaxInvoiceRequestSchema,
  adminTemplateDraftSaveRequestSchema,
  adminTemplateRequestSchema,
  adminTemplateResponseSchema,
  adminTicketCloseResponseSchema,
  adminTicketDetailResponseSchema,
  adminTicketIdRequestSchema,
  adminTicketListRequestSchema,
  adminTicketListResponseSchema,
  adminTicketReplyRequestSchema,
  adminTicketReplyResponseSchema,
  adminTicketRowSchema,
  adminTicketUpdateRequestSchema,
  adminTrackingSheetResponseSchema,
  adminUploadedImageSchema,
  adminWaitingPacksResponseSchema,
  adminWarehouseIdRequestSchema,
  adminWarehouseListResponseSchema,
  adminWarehousePickupRequestSchema,
  adminWarehouseSchema,
  auditListRequestSchema,
  auditListResponseSchema,
  bankAccountsSaveRequestSchema,
  bankAccountsSaveResponseSchema,
  contentImageSchema,
  courierRuleSchema,
  dashboardChartsRequestSchema,
  dashboardChartsSchema,
  dashboardResponseSchema,
  depositAdjustRequestSchema,
  depositAdjustResponseSchema,
  emptyRequestSchema,
  exportIdRequestSchema,
  exportJobSchema,
  exportListSchema,
  exportStartRequestSchema,
  memberLevelRequestSchema,
  memberLevelResponseSchema,
  memberResetPasswordRequestSchema,
  memberResetPasswordResponseSchema,
  rateSetRequestSchema,
  rateSetResponseSchema,
  rechargeApproveRequestSchema,
  rechargeRejectRequestSchema,
  rechargeReviewResponseSchema,
  rechargeSlipRequestSchema,
  reconciliationDifferenceSchema,
  reconciliationProvidersResponseSchema,
  reconciliationRunRequestSchema,
  reconciliationRunResponseSchema,
  reconciliationRunsRequestSchema,
  reconciliationRunsResponseSchema,
  reconciliationSettleRequestSchema,
  reconciliationStartRequestSchema,
  richTextSanitizeRequestSchema,
  richTextSanitizeResponseSchema,
  sellerDetailsSchema,
  sellerSaveRequestSchema,
  sentMessageSchema,
  staffAccountSchema,
  staffChangePasswordRequestSchema,
  staffCreateRequestSchema,
  staffIdRequestSchema,
  staffListResponseSchema,
  staffLoginRequestSchema,
  staffLoginResponseSchema,
  staffResetPasswordRequestSchema,
  staffSessionSchema,
  staffUpdateRequestSchema,
  ticketImageSchema,
  totpEnableRequestSchema,
  totpSetupResponseSchema,
} from '../index';
import type { Download, Post, Upload } from './call';

/**
 * The staff console's calls (docs/design.md 'Staff are not members'), each path tied to the contract schemas the
 * API validates its body and answer with: the console's client takes its body and data types from here.
 */
export interface ConsoleCalls {
  [AdminReportPaths.charts]: Post<typeof dashboardChartsRequestSchema, typeof dashboardChartsSchema>;
  [AdminReportPaths.exportStart]: Post<typeof exportStartRequestSchema, typeof exportJobSchema>;
  [AdminReportPaths.exportList]: Post<typeof emptyRequestSchema, typeof exportListSchema>;
  [AdminReportPaths.exportDetail]: Post<typeof exportIdRequestSchema, typeof exportJobSchema>;
  [AdminReportPaths.exportFile]: Download<typeof exportIdRequestSchema>;
  [AdminCompanyPaths.list]: Post<typeof adminCompanyListRequestSchema, typeof adminCompanyListResponseSchema>;
  [AdminCompanyPaths.create]: Post<typeof adminCompanyCreateRequestSchema, typeof adminCompanySchema>;
  [AdminCompanyPaths.level]: Post<typeof adminCompanyLevelRequestSchema, typeof adminCompanySchema>;
  [AdminQuotePaths.list]: Post<typeof adminQuoteListRequestSchema, typeof adminQuoteListResponseSchema>;
  [AdminQuotePaths.detail]: Post<typeof adminQuoteIdRequestSchema, typeof adminQuoteDetailSchema>;
  [AdminQuotePaths.answer]: Post<typeof adminQuoteAnswerRequestSchema, typeof adminQuoteDetailSchema>;
  [AdminQuotePaths.message]: Post<typeof adminQuoteMessageRequestSchema, typeof adminQuoteDetailSchema>;
  [AdminQuotePaths.close]: Post<typeof adminQuoteCloseRequestSchema, typeof adminQuoteDetailSchema>;
  [AdminAfterSalePaths.list]: Post<
    typeof adminAfterSaleListRequestSchema,
    typeof adminAfterSaleListResponseSchema
  >;
  [AdminAfterSalePaths.detail]: Post<typeof adminAfterSaleIdRequestSchema, typeof adminAfterSaleDetailSchema>;
  [AdminAfterSalePaths.approve]: Post<
    typeof adminAfterSaleApproveRequestSchema,
    typeof adminAfterSaleDetailSchema
  >;
  [AdminAfterSalePaths.reject]: Post<
    typeof adminAfterSaleRejectRequestSchema,
    typeof adminAfterSaleDetailSchema
  >;
  [AdminAfterSalePaths.receive]: Post<
    typeof adminAfterSaleReceiveRequestSchema,
    typeof adminAfterSaleDetailSchema
  >;
  [AdminAfterSalePaths.refund]: Post<
    typeof adminAfterSaleRefundRequestSchema,
    typeof adminAfterSaleDetailSchema
  >;
  [AdminAfterSalePaths.shipExchange]: Post<
    typeof adminAfterSaleShipExchangeRequestSchema,
    typeof adminAfterSaleDetailSchema
  >;
  [AdminAfterSalePaths.settings]: Post<typeof emptyRequestSchema, typeof adminAfterSaleSettingsSchema>;
  [AdminAfterSalePaths.settingsSave]: Post<
    typeof adminAfterSaleSettingsSaveRequestSchema,
    typeof adminAfterSaleSettingsSchema
  >;
  [AdminCreditPaths.detail]: Post<typeof adminCreditCompanyRequestSchema, typeof adminCreditDetailSchema>;
  [AdminCreditPaths.grant]: Post<typeof adminCreditGrantRequestSchema, typeof adminCreditDetailSchema>;
  [AdminCreditPaths.invoices]: Post<
    typeof adminCreditInvoicesRequestSchema,
    typeof adminCreditInvoicesResponseSchema
  >;
  [AdminCreditPaths.payments]: Post<
    typeof adminCreditPaymentsRequestSchema,
    typeof adminCreditPaymentsResponseSchema
  >;
  [AdminCreditPaths.recordPayment]: Post<
    typeof adminCreditRecordPaymentRequestSchema,
    typeof accountPaymentSchema
  >;
  [AdminCreditPaths.allocate]: Post<typeof adminCreditAllocateRequestSchema, typeof accountPaymentSchema>;
  [AdminWarehousePaths.list]: Post<typeof emptyRequestSchema, typeof adminWarehouseListResponseSchema>;
  [AdminWarehousePaths.pickup]: Post<typeof adminWarehousePickupRequestSchema, typeof adminWarehouseSchema>;
  [AdminWarehousePaths.pickupOff]: Post<typeof adminWarehouseIdRequestSchema, typeof adminWarehouseSchema>;
  [AdminInvoicePaths.taxInvoice]: Download<typeof adminTaxInvoiceRequestSchema>;
  [AdminInvoicePaths.adjustmentNote]: Download<typeof adminAdjustmentNoteRequestSchema>;
  [AdminInvoicePaths.fapiaoList]: Post<
    typeof adminFapiaoListRequestSchema,
    typeof adminFapiaoListResponseSchema
  >;
  [AdminInvoicePaths.fapiaoIssue]: Upload<typeof adminFapiaoSchema>;
  [AdminInvoicePaths.fapiaoFile]: Download<typeof adminFapiaoFileRequestSchema>;
  [AdminSellerPaths.get]: Post<typeof emptyRequestSchema, typeof sellerDetailsSchema>;
  [AdminSellerPaths.save]: Post<typeof sellerSaveRequestSchema, typeof sellerDetailsSchema>;
  [AdminBankAccountPaths.get]: Post<typeof emptyRequestSchema, typeof adminBankAccountsResponseSchema>;
  [AdminBankAccountPaths.save]: Post<
    typeof bankAccountsSaveRequestSchema,
    typeof bankAccountsSaveResponseSchema
  >;
  [AdminSupplierPaths.list]: Post<
    typeof adminSupplierListRequestSchema,
    typeof adminSupplierListResponseSchema
  >;
  [AdminSupplierPaths.detail]: Post<typeof adminSupplierIdRequestSchema, typeof adminSupplierDetailSchema>;
  [AdminSupplierPaths.note]: Post<
    typeof adminSupplierNoteRequestSchema,
    typeof adminSupplierNoteResponseSchema
  >;
  [AdminReconciliationPaths.providers]: Post<
    typeof emptyRequestSchema,
    typeof reconciliationProvidersResponseSchema
  >;
  [AdminReconciliationPaths.start]: Post<
    typeof reconciliationStartRequestSchema,
    typeof reconciliationRunResponseSchema
  >;
  [AdminReconciliationPaths.run]: Post<
    typeof reconciliationRunRequestSchema,
    typeof reconciliationRunResponseSchema
  >;
  [AdminReconciliationPaths.runs]: Post<
    typeof reconciliationRunsRequestSchema,
    typeof reconciliationRunsResponseSchema
  >;
  [AdminReconciliationPaths.settle]: Post<
    typeof reconciliationSettleRequestSchema,
    typeof reconciliationDifferenceSchema
  >;
  [AdminPaths.auditList]: Post<typeof auditListRequestSchema, typeof auditListResponseSchema>;
  [AdminContentPaths.sanitize]: Post<
    typeof richTextSanitizeRequestSchema,
    typeof richTextSanitizeResponseSchema
  >;
  [AdminContentPaths.imageUpload]: Upload<typeof contentImageSchema>;
  [AdminContentPaths.template]: Post<typeof adminTemplateRequestSchema, typeof adminTemplateResponseSchema>;
  [AdminContentPaths.draftSave]: Post<
    typeof adminTemplateDraftSaveRequestSchema,
    typeof adminTemplateResponseSchema
  >;
  [AdminContentPaths.publish]: Post<typeof adminTemplateRequestSchema, typeof adminTemplateResponseSchema>;
  [AdminContentPaths.draftDiscard]: Post<
    typeof adminTemplateRequestSchema,
    typeof adminTemplateResponseSchema
  >;
  [AdminContentPaths.categoryList]: Post<
    typeof emptyRequestSchema,
    typeof adminArticleCategoryListResponseSchema
  >;
  [AdminContentPaths.categorySave]: Post<
    typeof adminArticleCategorySaveRequestSchema,
    typeof adminArticleCategorySchema
  >;
  [AdminContentPaths.categoryDelete]: Post<typeof adminArticleCategoryDeleteRequestSchema, null>;
  [AdminContentPaths.articleList]: Post<
    typeof adminArticleListRequestSchema,
    typeof adminArticleListResponseSchema
  >;
  [AdminContentPaths.articleDetail]: Post<
    typeof adminArticleDetailRequestSchema,
    typeof adminArticleDetailSchema
  >;
  [AdminContentPaths.articleSave]: Post<
    typeof adminArticleSaveRequestSchema,
    typeof adminArticleDetailSchema
  >;
  [AdminOrderPaths.list]: Post<typeof adminOrderListRequestSchema, typeof adminOrderListResponseSchema>;
  [AdminOrderPaths.detail]: Post<typeof adminOrderNoRequestSchema, typeof adminOrderDetailSchema>;
  [AdminOrderPaths.transition]: Post<
    typeof adminOrderTransitionRequestSchema,
    typeof adminOrderTransitionResponseSchema
  >;
  [AdminOrderPaths.batchTransition]: Post<
    typeof adminOrderBatchRequestSchema,
    typeof adminOrderBatchResponseSchema
  >;
  [AdminOrderPaths.ship]: Post<typeof adminOrderShipRequestSchema, typeof adminOrderTransitionResponseSchema>;
  [AdminOrderPaths.markPaid]: Post<
    typeof adminOrderMarkPaidRequestSchema,
    typeof adminOrderTransitionResponseSchema
  >;
  [AdminOrderPaths.couriers]: Post<typeof emptyRequestSchema, typeof adminCourierListResponseSchema>;
  [AdminOrderPaths.logisticsAdd]: Post<
    typeof adminLogisticsAddRequestSchema,
    typeof adminLogisticsAddResponseSchema
  >;
  [AdminOrderPaths.attach]: Upload<typeof adminOrderAttachmentSchema>;
  [AdminOrderPaths.waitingPacks]: Post<
    typeof adminOrderPickRequestSchema,
    typeof adminWaitingPacksResponseSchema
  >;
  [AdminOrderPaths.printPacking]: Download<typeof adminOrderPickRequestSchema>;
  [AdminOrderPaths.printPicking]: Download<typeof adminOrderPickRequestSchema>;
  [AdminOrderPaths.shipMany]: Post<
    typeof adminOrderShipManyRequestSchema,
    typeof adminOrderShipManyResponseSchema
  >;
  [AdminOrderPaths.trackingSheet]: Upload<typeof adminTrackingSheetResponseSchema>;
  [AdminPaths.login]: Post<typeof staffLoginRequestSchema, typeof staffLoginResponseSchema>;
  [AdminPaths.logout]: Post<typeof emptyRequestSchema, null>;
  [AdminPaths.logoutAll]: Post<typeof emptyRequestSchema, null>;
  [AdminPaths.current]: Post<typeof emptyRequestSchema, typeof staffSessionSchema>;
  [AdminPaths.changePassword]: Post<typeof staffChangePasswordRequestSchema, typeof staffSessionSchema>;
  [AdminPaths.totpSetup]: Post<typeof emptyRequestSchema, typeof totpSetupResponseSchema>;
  [AdminPaths.totpEnable]: Post<typeof totpEnableRequestSchema, typeof staffSessionSchema>;
  [AdminPaths.staffList]: Post<typeof emptyRequestSchema, typeof staffListResponseSchema>;
  [AdminPaths.staffCreate]: Post<typeof staffCreateRequestSchema, typeof staffAccountSchema>;
  [AdminPaths.staffUpdate]: Post<typeof staffUpdateRequestSchema, typeof staffAccountSchema>;
  [AdminPaths.staffResetPassword]: Post<typeof staffResetPasswordRequestSchema, typeof staffAccountSchema>;
  [AdminPaths.staffResetTotp]: Post<typeof staffIdRequestSchema, typeof staffAccountSchema>;
  [AdminServicePaths.messageSend]: Post<typeof adminMessageSendRequestSchema, typeof sentMessageSchema>;
  [AdminServicePaths.messageList]: Post<
    typeof adminMessageListRequestSchema,
    typeof adminMessageListResponseSchema
  >;
  [AdminNoticePaths.list]: Post<typeof adminNoticeListRequestSchema, typeof adminNoticeListResponseSchema>;
  [AdminNoticePaths.resend]: Post<typeof adminNoticeActionRequestSchema, typeof adminNoticeSchema>;
  [AdminNoticePaths.discard]: Post<typeof adminNoticeActionRequestSchema, typeof adminNoticeSchema>;
  [AdminNoticePaths.sandbox]: Post<
    typeof adminSandboxListRequestSchema,
    typeof adminSandboxListResponseSchema
  >;
  [AdminTaxonomyPaths.brandList]: Post<
    typeof adminBrandListRequestSchema,
    typeof adminBrandListResponseSchema
  >;
  [AdminTaxonomyPaths.brandSave]: Post<typeof adminBrandSaveRequestSchema, typeof adminBrandSchema>;
  [AdminTaxonomyPaths.brandDelete]: Post<typeof adminIdRequestSchema, typeof adminIdResponseSchema>;
  [AdminTaxonomyPaths.brandInitial]: Post<
    typeof adminBrandInitialRequestSchema,
    typeof adminBrandInitialResponseSchema
  >;
  [AdminTaxonomyPaths.brandUpload]: Upload<typeof adminUploadedImageSchema>;
  [AdminTaxonomyPaths.categoryTree]: Post<typeof emptyRequestSchema, typeof adminCategoryTreeResponseSchema>;
  [AdminTaxonomyPaths.categorySave]: Post<
    typeof adminCategorySaveRequestSchema,
    typeof adminCategoryResponseSchema
  >;
  [AdminTaxonomyPaths.categoryMove]: Post<
    typeof adminCategoryMoveRequestSchema,
    typeof adminCategoryResponseSchema
  >;
  [AdminTaxonomyPaths.categoryDelete]: Post<typeof adminIdRequestSchema, typeof adminCategoryResponseSchema>;
  [AdminStockPaths.list]: Post<typeof adminStockListRequestSchema, typeof adminStockListResponseSchema>;
  [AdminStockPaths.adjust]: Post<typeof adminStockAdjustRequestSchema, typeof adminStockAdjustResponseSchema>;
  [AdminStockPaths.ledger]: Post<typeof adminStockLedgerRequestSchema, typeof adminStockLedgerResponseSchema>;
  [AdminStockPaths.threshold]: Post<typeof adminStockThresholdRequestSchema, typeof adminStockRowSchema>;
  [AdminGoodsPaths.list]: Post<typeof adminGoodsListRequestSchema, typeof adminGoodsListResponseSchema>;
  [AdminGoodsPaths.shelf]: Post<typeof adminGoodsShelfRequestSchema, typeof adminGoodsShelfResponseSchema>;
  [AdminGoodsPaths.detail]: Post<typeof adminGoodsDetailRequestSchema, typeof adminGoodsDetailSchema>;
  [AdminGoodsPaths.save]: Post<typeof adminGoodsSaveRequestSchema, typeof adminGoodsSaveResponseSchema>;
  [AdminGoodsPaths.upload]: Upload<typeof adminGoodsUploadResponseSchema>;
  [AdminGoodsSheetPaths.import]: Upload<typeof adminGoodsImportResponseSchema>;
  [AdminGoodsSheetPaths.export]: Download<typeof emptyRequestSchema>;
  [AdminOrderPaths.dashboard]: Post<typeof emptyRequestSchema, typeof dashboardResponseSchema>;
  [AdminMemberPaths.rechargeList]: Post<
    typeof adminRechargeListRequestSchema,
    typeof adminRechargeListResponseSchema
  >;
  [AdminMemberPaths.rechargeApprove]: Post<
    typeof rechargeApproveRequestSchema,
    typeof rechargeReviewResponseSchema
  >;
  [AdminMemberPaths.rechargeReject]: Post<
    typeof rechargeRejectRequestSchema,
    typeof rechargeReviewResponseSchema
  >;
  [AdminMemberPaths.rechargeSlip]: Download<typeof rechargeSlipRequestSchema>;
  [AdminMemberPaths.memberList]: Post<
    typeof adminMemberListRequestSchema,
    typeof adminMemberListResponseSchema
  >;
  [AdminMemberPaths.memberDetail]: Post<
    typeof adminMemberIdRequestSchema,
    typeof adminMemberDetailResponseSchema
  >;
  [AdminMemberPaths.memberDepositLog]: Post<
    typeof adminDepositLogRequestSchema,
    typeof adminDepositLogResponseSchema
  >;
  [AdminMemberPaths.memberLevel]: Post<typeof memberLevelRequestSchema, typeof memberLevelResponseSchema>;
  [AdminMemberPaths.depositAdjust]: Post<
    typeof depositAdjustRequestSchema,
    typeof depositAdjustResponseSchema
  >;
  [AdminMemberPaths.memberResetPassword]: Post<
    typeof memberResetPasswordRequestSchema,
    typeof memberResetPasswordResponseSchema
  >;
  [AdminServicePaths.ticketList]: Post<
    typeof adminTicketListRequestSchema,
    typeof adminTicketListResponseSchema
  >;
  [AdminServicePaths.ticketDetail]: Post<
    typeof adminTicketIdRequestSchema,
    typeof adminTicketDetailResponseSchema
  >;
  [AdminServicePaths.ticketUploadImage]: Upload<typeof ticketImageSchema>;
  [AdminServicePaths.ticketReply]: Post<
    typeof adminTicketReplyRequestSchema,
    typeof adminTicketReplyResponseSchema
  >;
  [AdminServicePaths.ticketUpdate]: Post<typeof adminTicketUpdateRequestSchema, typeof adminTicketRowSchema>;
  [AdminServicePaths.ticketClose]: Post<
    typeof adminTicketIdRequestSchema,
    typeof adminTicketCloseResponseSchema
  >;
  [AdminServicePaths.ticketReopen]: Post<typeof adminTicketIdRequestSchema, typeof adminTicketRowSchema>;
  [AdminOrderPaths.cancelPaid]: Post<
    typeof adminOrderCancelPaidRequestSchema,
    typeof adminMoneyBackResponseSchema
  >;
  [AdminOrderPaths.refund]: Post<typeof adminOrderRefundRequestSchema, typeof adminMoneyBackResponseSchema>;
  [AdminSettingsPaths.rate]: Post<typeof emptyRequestSchema, typeof adminRateResponseSchema>;
  [AdminSettingsPaths.rateSet]: Post<typeof rateSetRequestSchema, typeof rateSetResponseSchema>;
  [AdminSettingsPaths.paymentList]: Post<typeof emptyRequestSchema, typeof adminPaymentListResponseSchema>;
  [AdminSettingsPaths.paymentUpdate]: Post<
    typeof adminPaymentUpdateRequestSchema,
    typeof adminPaymentMethodSchema
  >;
  [AdminSettingsPaths.courierList]: Post<typeof emptyRequestSchema, typeof adminCourierTableResponseSchema>;
  [AdminSettingsPaths.courierCreate]: Post<
    typeof adminCourierCreateRequestSchema,
    typeof adminCourierRowSchema
  >;
  [AdminSettingsPaths.courierUpdate]: Post<
    typeof adminCourierUpdateRequestSchema,
    typeof adminCourierRowSchema
  >;
  [AdminSettingsPaths.courierRuleSave]: Post<
    typeof adminCourierRuleSaveRequestSchema,
    typeof courierRuleSchema
  >;
  [AdminSettingsPaths.courierRuleDelete]: Post<
    typeof adminCourierRuleDeleteRequestSchema,
    typeof courierRuleSchema
  >;
  [AdminPromotionPaths.list]: Post<
    typeof adminPromotionListRequestSchema,
    typeof adminPromotionListResponseSchema
  >;
  [AdminPromotionPaths.save]: Post<typeof adminPromotionSaveRequestSchema, typeof adminPromotionSchema>;
  [AdminPromotionPaths.active]: Post<typeof adminPromotionActiveRequestSchema, typeof adminPromotionSchema>;
  [AdminPromotionPaths.skus]: Post<
    typeof adminPromotionSkusRequestSchema,
    typeof adminPromotionSkusResponseSchema
  >;
}
