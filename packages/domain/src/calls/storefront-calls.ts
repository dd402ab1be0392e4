import type {
  AddressPaths,
  AfterSalePaths,
  ApprovalPaths,
  addressDeleteRequestSchema,
  addressListRequestSchema,
  addressListResponseSchema,
  addressSaveRequestSchema,
  addressSchema,
  adjustmentNoteRequestSchema,
  afterSaleClaimableRequestSchema,
  afterSaleClaimableSchema,
  afterSaleCreateRequestSchema,
  afterSaleDetailSchema,
  afterSaleIdRequestSchema,
  afterSaleListRequestSchema,
  afterSaleListResponseSchema,
  afterSaleShipBackRequestSchema,
  approvalApproveRequestSchema,
  approvalListRequestSchema,
  approvalListResponseSchema,
  approvalRejectRequestSchema,
  articleCategoryListRequestSchema,
  articleCategoryListResponseSchema,
  articleGetRequestSchema,
  articleSchema,
  bankTransferRequestSchema,
  bindContactRequestSchema,
  boughtSkusRequestSchema,
  boughtSkusResponseSchema,
  brandByCatalogRequestSchema,
  brandByCatalogResponseSchema,
  brandDetailRequestSchema,
  brandDetailSchema,
  brandListRequestSchema,
  brandListResponseSchema,
  CartPaths,
  CataloguePaths,
  CheckoutPaths,
  CompanyPaths,
  cancelBankTransferRequestSchema,
  captchaResponseSchema,
  cartAddItemRequestSchema,
  cartBatchAddRequestSchema,
  cartBatchRemoveRequestSchema,
  cartBatchUpdateRequestSchema,
  cartChangeResponseSchema,
  cartListRequestSchema,
  cartListResponseSchema,
  cartParseLinesRequestSchema,
  cartParseLinesResponseSchema,
  cartRemoveItemRequestSchema,
  cartUpdateItemRequestSchema,
  catalogListRequestSchema,
  catalogListResponseSchema,
  checkoutSummaryRequestSchema,
  checkoutSummarySchema,
  checkQrScanRequestSchema,
  checkQrScanResponseSchema,
  companyAcceptRequestSchema,
  companyCreateRequestSchema,
  companyDetailSchema,
  companyEmptyRequestSchema,
  companyInviteRequestSchema,
  companyInviteSchema,
  companyMembersResponseSchema,
  companyRemoveRequestSchema,
  companySetLimitRequestSchema,
  createOrderRequestSchema,
  createOrderResponseSchema,
  DepositPaths,
  depositLogListRequestSchema,
  depositLogListResponseSchema,
  emptyRequestSchema,
  exportGoodsPriceRequestSchema,
  exportGoodsSkuDataRequestSchema,
  exportPackingListRequestSchema,
  exportQuickOrderRequestSchema,
  fapiaoFileRequestSchema,
  fapiaoRequestSchema,
  fapiaoSchema,
  findPayStatusRequestSchema,
  giftCheckRequestSchema,
  giftCheckResponseSchema,
  giftDetailRequestSchema,
  giftProductSchema,
  goodsDetailRequestSchema,
  goodsDetailSchema,
  goodsListRequestSchema,
  goodsListResponseSchema,
  goodsLocationCountsRequestSchema,
  goodsLocationCountsResponseSchema,
  gstSettingResponseSchema,
  InvoicePaths,
  intelligentRequestSchema,
  loginRequestSchema,
  logisticsRequestSchema,
  logisticsResponseSchema,
  MemberPaths,
  MessagePaths,
  memberRemarkResponseSchema,
  memberSchema,
  messageListRequestSchema,
  messageListResponseSchema,
  messageReadAllRequestSchema,
  messageReadRequestSchema,
  noticePrefsSchema,
  OrderPaths,
  oldOrderListRequestSchema,
  oldOrderListResponseSchema,
  orderApprovalSchema,
  orderAttachmentsResponseSchema,
  orderDetailSchema,
  orderIdRequestSchema,
  orderListRequestSchema,
  orderListResponseSchema,
  orderStateResponseSchema,
  PaymentPaths,
  packingListRequestSchema,
  packingListResponseSchema,
  parsedAddressSchema,
  payByDepositRequestSchema,
  payByDepositResponseSchema,
  payBySybRequestSchema,
  paymentConfigListRequestSchema,
  paymentConfigListResponseSchema,
  payOnAccountRequestSchema,
  payOnAccountResponseSchema,
  payStartSchema,
  payStatusSchema,
  promotionsListRequestSchema,
  promotionsListResponseSchema,
  QuotePaths,
  qrCodeRequestSchema,
  qrCodeResponseSchema,
  quickOrderListRequestSchema,
  quickOrderListResponseSchema,
  quoteAcceptRequestSchema,
  quoteDetailSchema,
  quoteIdRequestSchema,
  quoteListRequestSchema,
  quoteListResponseSchema,
  quoteMessageRequestSchema,
  quoteRequestSchema,
  ratePriceRequestSchema,
  ratePriceResponseSchema,
  rechargeListRequestSchema,
  rechargeListResponseSchema,
  rechargeSchema,
  rechargeSlipFieldsSchema,
  registerRequestSchema,
  repurchaseRequestSchema,
  repurchaseResponseSchema,
  resetLinkStatusRequestSchema,
  resetLinkStatusResponseSchema,
  resetPasswordByLinkRequestSchema,
  resetPasswordRequestSchema,
  runningPromotionsRequestSchema,
  runningPromotionsResponseSchema,
  SavedListPaths,
  StatementPaths,
  SupplierPaths,
  SupportTicketPaths,
  savedListAddToCartResponseSchema,
  savedListDetailSchema,
  savedListFromOrderRequestSchema,
  savedListIdRequestSchema,
  savedListListRequestSchema,
  savedListListResponseSchema,
  savedListSaveRequestSchema,
  savedListUpdateRequestSchema,
  sendCodeRequestSchema,
  sendCodeResponseSchema,
  smsLoginRequestSchema,
  statementExportRequestSchema,
  statementListRequestSchema,
  statementListResponseSchema,
  statementPayByDepositRequestSchema,
  statementPayByDepositResponseSchema,
  supayParamRequestSchema,
  supplierApplicationRequestSchema,
  supplierApplicationResponseSchema,
  taxDocumentsRequestSchema,
  taxDocumentsResponseSchema,
  taxInvoiceRequestSchema,
  templateResponseSchema,
  ticketCreateRequestSchema,
  ticketDetailSchema,
  ticketIdRequestSchema,
  ticketImageSchema,
  ticketListRequestSchema,
  ticketListResponseSchema,
  ticketReplyRequestSchema,
  tokenResponseSchema,
  unreadCountSchema,
  updateMemberRemarkRequestSchema,
  updatePasswordRequestSchema,
  updateProfileRequestSchema,
  WechatPaths,
  wechatBindingResponseSchema,
  wechatBindingSchema,
  wechatBindRequestSchema,
  wechatUnbindRequestSchema,
} from '../index';
import type { Download, Get, Post, PostOrUpload, Upload } from './call';

/**
 * The storefront's calls (spec §7), each path tied to the contract schemas the API validates its body and answer
 * with (docs/conventions.md 'One way to do each thing'): the client takes its body and data types from here.
 */
export interface StorefrontCalls {
  [MemberPaths.register]: Post<typeof registerRequestSchema, typeof tokenResponseSchema>;
  [MemberPaths.login]: Post<typeof loginRequestSchema, typeof tokenResponseSchema>;
  [MemberPaths.current]: Post<typeof emptyRequestSchema, typeof memberSchema>;
  [MemberPaths.update]: Post<typeof updateProfileRequestSchema, typeof memberSchema>;
  [MemberPaths.updatePwd]: Post<typeof updatePasswordRequestSchema, null>;
  [MemberPaths.logout]: Post<typeof emptyRequestSchema, null>;
  [MemberPaths.sendCode]: Post<typeof sendCodeRequestSchema, typeof sendCodeResponseSchema>;
  [MemberPaths.smsLogin]: Post<typeof smsLoginRequestSchema, typeof tokenResponseSchema>;
  [MemberPaths.resetPwd]: Post<typeof resetPasswordRequestSchema, null>;
  [MemberPaths.resetLinkStatus]: Post<
    typeof resetLinkStatusRequestSchema,
    typeof resetLinkStatusResponseSchema
  >;
  [MemberPaths.resetPwdByLink]: Post<typeof resetPasswordByLinkRequestSchema, null>;
  [MemberPaths.bindContact]: Post<typeof bindContactRequestSchema, typeof memberSchema>;
  [MemberPaths.noticePrefs]: Post<typeof emptyRequestSchema, typeof noticePrefsSchema>;
  [MemberPaths.updateNoticePrefs]: Post<typeof noticePrefsSchema, typeof noticePrefsSchema>;
  [InvoicePaths.taxInvoice]: Download<typeof taxInvoiceRequestSchema>;
  [InvoicePaths.adjustmentNote]: Download<typeof adjustmentNoteRequestSchema>;
  [InvoicePaths.documents]: Post<typeof taxDocumentsRequestSchema, typeof taxDocumentsResponseSchema>;
  [InvoicePaths.fapiaoRequest]: Post<typeof fapiaoRequestSchema, typeof fapiaoSchema>;
  [InvoicePaths.fapiaoFile]: Download<typeof fapiaoFileRequestSchema>;
  [SupplierPaths.submitApplication]: Post<
    typeof supplierApplicationRequestSchema,
    typeof supplierApplicationResponseSchema
  >;
  [CataloguePaths.articleGet]: Post<typeof articleGetRequestSchema, typeof articleSchema>;
  [CataloguePaths.articleCategoryList]: Post<
    typeof articleCategoryListRequestSchema,
    typeof articleCategoryListResponseSchema
  >;
  [OrderPaths.list]: Post<typeof orderListRequestSchema, typeof orderListResponseSchema>;
  [OrderPaths.detail]: Post<typeof orderIdRequestSchema, typeof orderDetailSchema>;
  [OrderPaths.finish]: Post<typeof orderIdRequestSchema, typeof orderStateResponseSchema>;
  [OrderPaths.updateRemark]: Post<typeof updateMemberRemarkRequestSchema, typeof memberRemarkResponseSchema>;
  [OrderPaths.attachments]: Post<typeof orderIdRequestSchema, typeof orderAttachmentsResponseSchema>;
  [OrderPaths.logistics]: Post<typeof logisticsRequestSchema, typeof logisticsResponseSchema>;
  [OrderPaths.oldList]: Post<typeof oldOrderListRequestSchema, typeof oldOrderListResponseSchema>;
  [OrderPaths.packingList]: Post<typeof packingListRequestSchema, typeof packingListResponseSchema>;
  [OrderPaths.exportPackingList]: Download<typeof exportPackingListRequestSchema>;
  [PaymentPaths.configList]: Post<
    typeof paymentConfigListRequestSchema,
    typeof paymentConfigListResponseSchema
  >;
  [CheckoutPaths.summary]: Post<typeof checkoutSummaryRequestSchema, typeof checkoutSummarySchema>;
  [CheckoutPaths.promotionsList]: Post<
    typeof promotionsListRequestSchema,
    typeof promotionsListResponseSchema
  >;
  [CheckoutPaths.runningPromotions]: Post<
    typeof runningPromotionsRequestSchema,
    typeof runningPromotionsResponseSchema
  >;
  [CheckoutPaths.gstSetting]: Post<typeof emptyRequestSchema, typeof gstSettingResponseSchema>;
  [CheckoutPaths.giftDetail]: Post<typeof giftDetailRequestSchema, typeof giftProductSchema>;
  [CheckoutPaths.giftCheck]: Post<typeof giftCheckRequestSchema, typeof giftCheckResponseSchema>;
  [CartPaths.list]: Post<typeof cartListRequestSchema, typeof cartListResponseSchema>;
  [CartPaths.addItem]: Post<typeof cartAddItemRequestSchema, typeof cartChangeResponseSchema>;
  [CartPaths.updateItem]: Post<typeof cartUpdateItemRequestSchema, typeof cartChangeResponseSchema>;
  [CartPaths.removeItem]: Post<typeof cartRemoveItemRequestSchema, typeof cartChangeResponseSchema>;
  [CartPaths.batchAddItems]: Post<typeof cartBatchAddRequestSchema, typeof cartChangeResponseSchema>;
  [CartPaths.batchUpdateItems]: Post<typeof cartBatchUpdateRequestSchema, typeof cartChangeResponseSchema>;
  [CartPaths.batchRemoveItems]: Post<typeof cartBatchRemoveRequestSchema, typeof cartChangeResponseSchema>;
  [CartPaths.parseLines]: PostOrUpload<
    typeof cartParseLinesRequestSchema,
    typeof cartParseLinesResponseSchema
  >;
  [MessagePaths.list]: Post<typeof messageListRequestSchema, typeof messageListResponseSchema>;
  [MessagePaths.unreadCount]: Post<typeof emptyRequestSchema, typeof unreadCountSchema>;
  [MessagePaths.read]: Post<typeof messageReadRequestSchema, typeof unreadCountSchema>;
  [MessagePaths.readAll]: Post<typeof messageReadAllRequestSchema, typeof unreadCountSchema>;
  [WechatPaths.getQrCode]: Post<typeof qrCodeRequestSchema, typeof qrCodeResponseSchema>;
  [WechatPaths.checkQrScan]: Post<typeof checkQrScanRequestSchema, typeof checkQrScanResponseSchema>;
  [WechatPaths.wechatBind]: Post<typeof wechatBindRequestSchema, typeof wechatBindingSchema>;
  [WechatPaths.binding]: Post<typeof emptyRequestSchema, typeof wechatBindingResponseSchema>;
  [WechatPaths.unbind]: Post<typeof wechatUnbindRequestSchema, null>;
  [SupportTicketPaths.list]: Post<typeof ticketListRequestSchema, typeof ticketListResponseSchema>;
  [SupportTicketPaths.create]: Post<typeof ticketCreateRequestSchema, typeof ticketDetailSchema>;
  [SupportTicketPaths.detail]: Post<typeof ticketIdRequestSchema, typeof ticketDetailSchema>;
  [SupportTicketPaths.close]: Post<typeof ticketIdRequestSchema, typeof ticketDetailSchema>;
  [SupportTicketPaths.uploadImage]: Upload<typeof ticketImageSchema>;
  [SupportTicketPaths.addReply]: Post<typeof ticketReplyRequestSchema, typeof ticketDetailSchema>;
  [CataloguePaths.goodsList]: Post<typeof goodsListRequestSchema, typeof goodsListResponseSchema>;
  [CataloguePaths.goodsLocationCounts]: Post<
    typeof goodsLocationCountsRequestSchema,
    typeof goodsLocationCountsResponseSchema
  >;
  [CataloguePaths.goodsDetail]: Post<typeof goodsDetailRequestSchema, typeof goodsDetailSchema>;
  [CataloguePaths.catalogList]: Post<typeof catalogListRequestSchema, typeof catalogListResponseSchema>;
  [CataloguePaths.brandList]: Post<typeof brandListRequestSchema, typeof brandListResponseSchema>;
  [CataloguePaths.brandByCatalog]: Post<
    typeof brandByCatalogRequestSchema,
    typeof brandByCatalogResponseSchema
  >;
  [CataloguePaths.brandDetail]: Post<typeof brandDetailRequestSchema, typeof brandDetailSchema>;
  [CataloguePaths.exportGoodsPrice]: Download<typeof exportGoodsPriceRequestSchema>;
  [CataloguePaths.exportGoodsSkuData]: Download<typeof exportGoodsSkuDataRequestSchema>;
  [CataloguePaths.quickOrderList]: Post<
    typeof quickOrderListRequestSchema,
    typeof quickOrderListResponseSchema
  >;
  [CataloguePaths.exportQuickOrder]: Download<typeof exportQuickOrderRequestSchema>;
  [AddressPaths.senderList]: Post<typeof addressListRequestSchema, typeof addressListResponseSchema>;
  [AddressPaths.senderSave]: Post<typeof addressSaveRequestSchema, typeof addressSchema>;
  [AddressPaths.senderDelete]: Post<typeof addressDeleteRequestSchema, null>;
  [AddressPaths.receiverList]: Post<typeof addressListRequestSchema, typeof addressListResponseSchema>;
  [AddressPaths.receiverSave]: Post<typeof addressSaveRequestSchema, typeof addressSchema>;
  [AddressPaths.receiverDelete]: Post<typeof addressDeleteRequestSchema, null>;
  [AddressPaths.receiverIntelligent]: Post<typeof intelligentRequestSchema, typeof parsedAddressSchema>;
  [DepositPaths.logList]: Post<typeof depositLogListRequestSchema, typeof depositLogListResponseSchema>;
  [DepositPaths.bankTransfer]: Post<typeof bankTransferRequestSchema, typeof rechargeSchema>;
  [DepositPaths.cancelBankTransfer]: Post<typeof cancelBankTransferRequestSchema, typeof rechargeSchema>;
  [DepositPaths.rechargeList]: Post<typeof rechargeListRequestSchema, typeof rechargeListResponseSchema>;
  [DepositPaths.uploadSlip]: Upload<typeof rechargeSchema>;
  [DepositPaths.slip]: Download<typeof rechargeSlipFieldsSchema>;
  [MemberPaths.captcha]: Post<typeof emptyRequestSchema, typeof captchaResponseSchema>;
  [PaymentPaths.payByDeposit]: Post<typeof payByDepositRequestSchema, typeof payByDepositResponseSchema>;
  [PaymentPaths.payBySyb]: Post<typeof payBySybRequestSchema, typeof payStartSchema>;
  [PaymentPaths.supayParam]: Post<typeof supayParamRequestSchema, typeof payStartSchema>;
  [PaymentPaths.findPayStatus]: Post<typeof findPayStatusRequestSchema, typeof payStatusSchema>;
  [CartPaths.ratePrice]: Post<typeof ratePriceRequestSchema, typeof ratePriceResponseSchema>;
  [OrderPaths.cancel]: Post<typeof orderIdRequestSchema, typeof orderStateResponseSchema>;
  [CheckoutPaths.repurchase]: Post<typeof repurchaseRequestSchema, typeof repurchaseResponseSchema>;
  [OrderPaths.boughtSkus]: Post<typeof boughtSkusRequestSchema, typeof boughtSkusResponseSchema>;
  [SavedListPaths.list]: Post<typeof savedListListRequestSchema, typeof savedListListResponseSchema>;
  [SavedListPaths.detail]: Post<typeof savedListIdRequestSchema, typeof savedListDetailSchema>;
  [SavedListPaths.save]: Post<typeof savedListSaveRequestSchema, typeof savedListDetailSchema>;
  [SavedListPaths.update]: Post<typeof savedListUpdateRequestSchema, typeof savedListDetailSchema>;
  [SavedListPaths.remove]: Post<typeof savedListIdRequestSchema, null>;
  [SavedListPaths.addToCart]: Post<typeof savedListIdRequestSchema, typeof savedListAddToCartResponseSchema>;
  [SavedListPaths.fromOrder]: Post<typeof savedListFromOrderRequestSchema, typeof savedListDetailSchema>;
  [SavedListPaths.export]: Download<typeof savedListIdRequestSchema>;
  [CompanyPaths.create]: Post<typeof companyCreateRequestSchema, typeof companyDetailSchema>;
  [CompanyPaths.detail]: Post<typeof companyEmptyRequestSchema, typeof companyDetailSchema>;
  [CompanyPaths.invite]: Post<typeof companyInviteRequestSchema, typeof companyInviteSchema>;
  [CompanyPaths.accept]: Post<typeof companyAcceptRequestSchema, typeof companyDetailSchema>;
  [CompanyPaths.members]: Post<typeof companyEmptyRequestSchema, typeof companyMembersResponseSchema>;
  [CompanyPaths.setLimit]: Post<typeof companySetLimitRequestSchema, typeof companyMembersResponseSchema>;
  [CompanyPaths.remove]: Post<typeof companyRemoveRequestSchema, typeof companyMembersResponseSchema>;
  [CompanyPaths.leave]: Post<typeof companyEmptyRequestSchema, typeof companyDetailSchema>;
  [ApprovalPaths.list]: Post<typeof approvalListRequestSchema, typeof approvalListResponseSchema>;
  [ApprovalPaths.approve]: Post<typeof approvalApproveRequestSchema, typeof orderApprovalSchema>;
  [ApprovalPaths.reject]: Post<typeof approvalRejectRequestSchema, typeof orderApprovalSchema>;
  [QuotePaths.request]: Post<typeof quoteRequestSchema, typeof quoteDetailSchema>;
  [QuotePaths.list]: Post<typeof quoteListRequestSchema, typeof quoteListResponseSchema>;
  [QuotePaths.detail]: Post<typeof quoteIdRequestSchema, typeof quoteDetailSchema>;
  [QuotePaths.message]: Post<typeof quoteMessageRequestSchema, typeof quoteDetailSchema>;
  [QuotePaths.withdraw]: Post<typeof quoteIdRequestSchema, typeof quoteDetailSchema>;
  [QuotePaths.accept]: Post<typeof quoteAcceptRequestSchema, typeof createOrderResponseSchema>;
  [AfterSalePaths.create]: Post<typeof afterSaleCreateRequestSchema, typeof afterSaleDetailSchema>;
  [AfterSalePaths.list]: Post<typeof afterSaleListRequestSchema, typeof afterSaleListResponseSchema>;
  [AfterSalePaths.detail]: Post<typeof afterSaleIdRequestSchema, typeof afterSaleDetailSchema>;
  [AfterSalePaths.cancel]: Post<typeof afterSaleIdRequestSchema, typeof afterSaleDetailSchema>;
  [AfterSalePaths.shipBack]: Post<typeof afterSaleShipBackRequestSchema, typeof afterSaleDetailSchema>;
  [AfterSalePaths.claimable]: Post<typeof afterSaleClaimableRequestSchema, typeof afterSaleClaimableSchema>;
  [PaymentPaths.payOnAccount]: Post<typeof payOnAccountRequestSchema, typeof payOnAccountResponseSchema>;
  [StatementPaths.list]: Post<typeof statementListRequestSchema, typeof statementListResponseSchema>;
  [StatementPaths.export]: Download<typeof statementExportRequestSchema>;
  [StatementPaths.payByDeposit]: Post<
    typeof statementPayByDepositRequestSchema,
    typeof statementPayByDepositResponseSchema
  >;
  [OrderPaths.create]: Post<typeof createOrderRequestSchema, typeof createOrderResponseSchema>;
  /** GET, followed by the template name (spec §7 'GET /api/salesService/template/{name}'). */
  [template: `${typeof CataloguePaths.template}${string}`]: Get<typeof templateResponseSchema>;
}
