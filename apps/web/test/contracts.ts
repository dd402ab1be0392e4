import {
  AddressPaths,
  AfterSalePaths,
  addressListResponseSchema,
  addressSchema,
  afterSaleClaimableSchema,
  afterSaleDetailSchema,
  afterSaleListResponseSchema,
  articleCategoryListResponseSchema,
  articleSchema,
  boughtSkusResponseSchema,
  brandByCatalogResponseSchema,
  brandDetailSchema,
  brandListResponseSchema,
  CartPaths,
  CataloguePaths,
  CheckoutPaths,
  captchaResponseSchema,
  cartChangeResponseSchema,
  cartListResponseSchema,
  cartParseLinesResponseSchema,
  catalogListResponseSchema,
  checkoutSummarySchema,
  checkQrScanResponseSchema,
  createOrderResponseSchema,
  DepositPaths,
  depositLogListResponseSchema,
  emptyResponseSchema,
  fapiaoSchema,
  giftCheckResponseSchema,
  giftProductSchema,
  goodsDetailSchema,
  goodsListResponseSchema,
  goodsLocationCountsResponseSchema,
  gstSettingResponseSchema,
  InvoicePaths,
  logisticsResponseSchema,
  MemberPaths,
  MessagePaths,
  memberRemarkResponseSchema,
  memberSchema,
  messageListResponseSchema,
  noticePrefsSchema,
  OrderPaths,
  oldOrderListResponseSchema,
  orderAttachmentsResponseSchema,
  orderDetailSchema,
  orderListResponseSchema,
  orderStateResponseSchema,
  PaymentPaths,
  packingListResponseSchema,
  parsedAddressSchema,
  payByDepositResponseSchema,
  paymentConfigListResponseSchema,
  payOnAccountResponseSchema,
  payStartSchema,
  payStatusSchema,
  promotionsListResponseSchema,
  QuotePaths,
  qrCodeResponseSchema,
  quickOrderListResponseSchema,
  quoteDetailSchema,
  quoteListResponseSchema,
  REGION_FILES,
  ratePriceResponseSchema,
  rechargeListResponseSchema,
  rechargeSchema,
  regionFileUrl,
  regionTreeSchema,
  repurchaseResponseSchema,
  runningPromotionsResponseSchema,
  SavedListPaths,
  StatementPaths,
  SupplierPaths,
  SupportTicketPaths,
  savedListAddToCartResponseSchema,
  savedListDetailSchema,
  savedListListResponseSchema,
  sendCodeResponseSchema,
  statementListResponseSchema,
  statementPayByDepositResponseSchema,
  stateSuburbFileSchema,
  supplierApplicationResponseSchema,
  taxDocumentsResponseSchema,
  templateResponseSchema,
  ticketDetailSchema,
  ticketImageSchema,
  ticketListResponseSchema,
  tokenResponseSchema,
  unreadCountSchema,
  WechatPaths,
  wechatBindingResponseSchema,
  wechatBindingSchema,
} from '@shop/domain';

/** The part of a zod schema the check uses (the web app does not depend on zod itself). */
interface Schema {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: unknown }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * The response contract of every call the storefront makes, keyed by path: the zod schemas of packages/domain
 * the API serializes with. The fake network of utils.tsx checks each successful answer a test gives against
 * them, so a fixture or an inline answer that drifts from the contract fails its test (setup.ts).
 */
const ENVELOPE_DATA: Readonly<Record<string, Schema>> = {
  [MemberPaths.captcha]: captchaResponseSchema,
  [SupplierPaths.submitApplication]: supplierApplicationResponseSchema,
  [MemberPaths.register]: tokenResponseSchema,
  [MemberPaths.login]: tokenResponseSchema,
  [MemberPaths.logout]: emptyResponseSchema,
  [MemberPaths.current]: memberSchema,
  [InvoicePaths.documents]: taxDocumentsResponseSchema,
  [InvoicePaths.fapiaoRequest]: fapiaoSchema,
  [MemberPaths.update]: memberSchema,
  [MemberPaths.updatePwd]: emptyResponseSchema,
  [MemberPaths.sendCode]: sendCodeResponseSchema,
  [MemberPaths.smsLogin]: tokenResponseSchema,
  [MemberPaths.resetPwd]: emptyResponseSchema,
  [MemberPaths.bindContact]: memberSchema,
  [MemberPaths.noticePrefs]: noticePrefsSchema,
  [MemberPaths.updateNoticePrefs]: noticePrefsSchema,
  [WechatPaths.getQrCode]: qrCodeResponseSchema,
  [WechatPaths.checkQrScan]: checkQrScanResponseSchema,
  [WechatPaths.wechatBind]: wechatBindingSchema,
  [WechatPaths.binding]: wechatBindingResponseSchema,
  [WechatPaths.unbind]: emptyResponseSchema,
  [CataloguePaths.goodsList]: goodsListResponseSchema,
  [CataloguePaths.goodsLocationCounts]: goodsLocationCountsResponseSchema,
  [CataloguePaths.goodsDetail]: goodsDetailSchema,
  [CataloguePaths.brandByCatalog]: brandByCatalogResponseSchema,
  [CataloguePaths.brandList]: brandListResponseSchema,
  [CataloguePaths.brandDetail]: brandDetailSchema,
  [CataloguePaths.catalogList]: catalogListResponseSchema,
  [CataloguePaths.quickOrderList]: quickOrderListResponseSchema,
  [CataloguePaths.articleGet]: articleSchema,
  [CataloguePaths.articleCategoryList]: articleCategoryListResponseSchema,
  [CartPaths.list]: cartListResponseSchema,
  [CartPaths.addItem]: cartChangeResponseSchema,
  [CartPaths.updateItem]: cartChangeResponseSchema,
  [CartPaths.removeItem]: cartChangeResponseSchema,
  [CartPaths.batchAddItems]: cartChangeResponseSchema,
  [CartPaths.batchUpdateItems]: cartChangeResponseSchema,
  [CartPaths.batchRemoveItems]: cartChangeResponseSchema,
  [CartPaths.parseLines]: cartParseLinesResponseSchema,
  [CartPaths.ratePrice]: ratePriceResponseSchema,
  [AddressPaths.senderList]: addressListResponseSchema,
  [AddressPaths.senderSave]: addressSchema,
  [AddressPaths.senderDelete]: emptyResponseSchema,
  [AddressPaths.receiverList]: addressListResponseSchema,
  [AddressPaths.receiverSave]: addressSchema,
  [AddressPaths.receiverDelete]: emptyResponseSchema,
  [AddressPaths.receiverIntelligent]: parsedAddressSchema,
  [CheckoutPaths.summary]: checkoutSummarySchema,
  [CheckoutPaths.promotionsList]: promotionsListResponseSchema,
  [CheckoutPaths.giftDetail]: giftProductSchema,
  [CheckoutPaths.giftCheck]: giftCheckResponseSchema,
  [CheckoutPaths.runningPromotions]: runningPromotionsResponseSchema,
  [CheckoutPaths.gstSetting]: gstSettingResponseSchema,
  [CheckoutPaths.repurchase]: repurchaseResponseSchema,
  [OrderPaths.list]: orderListResponseSchema,
  [OrderPaths.oldList]: oldOrderListResponseSchema,
  [OrderPaths.detail]: orderDetailSchema,
  [OrderPaths.create]: createOrderResponseSchema,
  [OrderPaths.finish]: orderStateResponseSchema,
  [OrderPaths.cancel]: orderStateResponseSchema,
  [OrderPaths.attachments]: orderAttachmentsResponseSchema,
  [OrderPaths.updateRemark]: memberRemarkResponseSchema,
  [OrderPaths.logistics]: logisticsResponseSchema,
  [OrderPaths.boughtSkus]: boughtSkusResponseSchema,
  [SavedListPaths.list]: savedListListResponseSchema,
  [SavedListPaths.detail]: savedListDetailSchema,
  [SavedListPaths.save]: savedListDetailSchema,
  [SavedListPaths.update]: savedListDetailSchema,
  [SavedListPaths.remove]: emptyResponseSchema,
  [SavedListPaths.addToCart]: savedListAddToCartResponseSchema,
  [SavedListPaths.fromOrder]: savedListDetailSchema,
  [OrderPaths.packingList]: packingListResponseSchema,
  [PaymentPaths.configList]: paymentConfigListResponseSchema,
  [PaymentPaths.payBySyb]: payStartSchema,
  [PaymentPaths.findPayStatus]: payStatusSchema,
  [PaymentPaths.supayParam]: payStartSchema,
  [PaymentPaths.payByDeposit]: payByDepositResponseSchema,
  [PaymentPaths.payOnAccount]: payOnAccountResponseSchema,
  [StatementPaths.list]: statementListResponseSchema,
  [StatementPaths.payByDeposit]: statementPayByDepositResponseSchema,
  [QuotePaths.request]: quoteDetailSchema,
  [QuotePaths.list]: quoteListResponseSchema,
  [QuotePaths.detail]: quoteDetailSchema,
  [QuotePaths.message]: quoteDetailSchema,
  [QuotePaths.withdraw]: quoteDetailSchema,
  [QuotePaths.accept]: createOrderResponseSchema,
  // create/, cancel/ and shipBack/ answer the after-sale as detail/ does.
  [AfterSalePaths.create]: afterSaleDetailSchema,
  [AfterSalePaths.list]: afterSaleListResponseSchema,
  [AfterSalePaths.detail]: afterSaleDetailSchema,
  [AfterSalePaths.cancel]: afterSaleDetailSchema,
  [AfterSalePaths.shipBack]: afterSaleDetailSchema,
  [AfterSalePaths.claimable]: afterSaleClaimableSchema,
  [DepositPaths.logList]: depositLogListResponseSchema,
  [DepositPaths.bankTransfer]: rechargeSchema,
  [DepositPaths.rechargeList]: rechargeListResponseSchema,
  [DepositPaths.uploadSlip]: rechargeSchema,
  [SupportTicketPaths.list]: ticketListResponseSchema,
  [SupportTicketPaths.create]: ticketDetailSchema,
  [SupportTicketPaths.detail]: ticketDetailSchema,
  [SupportTicketPaths.close]: ticketDetailSchema,
  [SupportTicketPaths.addReply]: ticketDetailSchema,
  [SupportTicketPaths.uploadImage]: ticketImageSchema,
  [MessagePaths.list]: messageListResponseSchema,
  [MessagePaths.unreadCount]: unreadCountSchema,
  [MessagePaths.read]: unreadCountSchema,
  [MessagePaths.readAll]: unreadCountSchema,
};

/** Files served as they are, not in an envelope. */
const STATIC_BODY: Readonly<Record<string, Schema>> = {
  [AddressPaths.regionTree]: regionTreeSchema,
  [regionFileUrl(REGION_FILES.tree)]: regionTreeSchema,
  ...Object.fromEntries(
    Object.values(REGION_FILES.states).map((name) => [regionFileUrl(name), stateSuburbFileSchema]),
  ),
};

/** The schema of a successful answer's data (or of a static file's body), by path. */
export function responseContract(path: string): { schema: Schema; enveloped: boolean } | undefined {
  const pathname = path.split('?')[0] ?? path;
  const data = ENVELOPE_DATA[pathname];
  if (data) return { schema: data, enveloped: true };
  // GET /api/salesService/template/{name}
  if (pathname.startsWith(CataloguePaths.template))
    return { schema: templateResponseSchema, enveloped: true };
  const body = STATIC_BODY[pathname];
  return body ? { schema: body, enveloped: false } : undefined;
}

/** Fields of `given` the contract does not know (it strips them when it parses): each as a dotted path. */
function unknownFields(given: unknown, parsed: unknown, at: string): string[] {
  if (Array.isArray(given) && Array.isArray(parsed)) {
    return given.flatMap((item, i) => unknownFields(item, parsed[i], `${at}[${i}]`));
  }
  if (given && parsed && typeof given === 'object' && typeof parsed === 'object') {
    return Object.entries(given).flatMap(([key, value]) =>
      key in parsed
        ? unknownFields(value, (parsed as Record<string, unknown>)[key], `${at}.${key}`)
        : value === undefined
          ? []
          : [`${at}.${key}`],
    );
  }
  return [];
}

/**
 * Why `value` is not what the contract of `path` promises: the schema's issues, or fields it does not have
 * (a fixture keeping a field the API dropped is drift too). Null when it conforms or the path has no contract.
 */
export function contractDrift(path: string, value: unknown, enveloped: boolean): string | null {
  const contract = responseContract(path);
  if (!contract || contract.enveloped !== enveloped) return null;
  const result = contract.schema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues.map(
      (i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`,
    );
    return `${path}: ${issues.join('; ')}`;
  }
  const extra = unknownFields(value, result.data, 'data');
  return extra.length > 0 ? `${path}: fields not in the contract: ${extra.join(', ')}` : null;
}

/** Answers a test deliberately gives outside the contract (to show how the storefront copes); not checked. */
const offContractReplies = new WeakSet<object>();

/** Marks an answer as deliberately off-contract, so the fake network serves it unchecked. */
export function offContract<T extends object>(reply: T): T {
  offContractReplies.add(reply);
  return reply;
}

export function isOffContract(reply: object): boolean {
  return offContractReplies.has(reply);
}

/** The drifts the fake network met during the current test; setup.ts fails the test when there is one. */
export const contractDrifts: string[] = [];
