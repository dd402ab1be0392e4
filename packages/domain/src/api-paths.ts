/**
 * Paths of every API call (spec §7), kept apart from the zod contracts: the storefront's first download needs
 * the paths but not the schemas, and this module has no dependency at all.
 */

/** Paths of the member calls, relative to the site root (spec §7). */
export const MemberPaths = {
  captcha: '/api/memberService/member/captcha/',
  register: '/api/memberService/member/register/',
  login: '/api/memberService/member/login/',
  logout: '/api/memberService/member/logout/',
  current: '/api/memberService/member/current/',
  update: '/api/memberService/member/update/',
  updatePwd: '/api/memberService/member/updatePwd/',
  /** Messages that leave the shop (#31): codes by SMS or e-mail, SMS sign-in, reset, binding, notice choices. */
  sendCode: '/api/memberService/member/sendCode/',
  smsLogin: '/api/memberService/member/smsLogin/',
  resetPwd: '/api/memberService/member/resetPwd/',
  /** A one-time link staff handed over (the console's reset for a member without a proved contact). */
  resetLinkStatus: '/api/memberService/member/resetLinkStatus/',
  resetPwdByLink: '/api/memberService/member/resetPwdByLink/',
  bindContact: '/api/memberService/member/bindContact/',
  noticePrefs: '/api/memberService/member/noticePrefs/',
  updateNoticePrefs: '/api/memberService/member/updateNoticePrefs/',
} as const;

/**
 * QR sign-in with the chat app (spec §7 'Member' wechat/): a ticket and its QR code, the page's polling, binding
 * the scanned identity to the member; the binding, unbinding and the website application's redirect are the
 * shop's own (docs/decisions/015-qr-sign-in.md).
 */
export const WechatPaths = {
  getQrCode: '/api/memberService/wechat/getQrCode/',
  checkQrScan: '/api/memberService/wechat/checkQrScan/',
  wechatBind: '/api/memberService/wechat/wechatBind/',
  binding: '/api/memberService/wechat/binding/',
  unbind: '/api/memberService/wechat/unbind/',
  /** GET: where the chat app's website login sends the browser back (code and state). */
  callback: '/api/memberService/wechat/callback/',
} as const;

/** The sandbox chat app's 'phone' (docs/design.md 'sandboxes'): GET followed by the scan code, served by the shop. */
export const SandboxWechatPaths = {
  scan: '/sandbox-wechat/scan/',
} as const;

/** Paths of the catalogue and content calls (spec §7). */
export const CataloguePaths = {
  goodsList: '/api/goodsService/goods/list/',
  /** Goods listed per warehouse for the list's filters (the warehouse chips; not in the spec). */
  goodsLocationCounts: '/api/goodsService/goods/locationCounts/',
  goodsDetail: '/api/goodsService/goodsdetail/detail/',
  brandByCatalog: '/api/goodsService/goodsbrand/brandByCatalog/',
  brandList: '/api/goodsService/goodsbrand/list/',
  brandDetail: '/api/goodsService/goodsbrand/detail/',
  exportGoodsPrice: '/api/goodsService/goods/exportGoodsPrice/',
  exportGoodsSkuData: '/api/goodsService/goods/exportGoodsSkuData/',
  /** Every SKU on the shelf as compact rows, for the quick-order sheet (/user/products; ADR 018). */
  quickOrderList: '/api/goodsService/goods/quickOrderList/',
  exportQuickOrder: '/api/goodsService/goods/exportQuickOrder/',
  catalogList: '/api/goodsService/goodscatalog/list/',
  /** GET, followed by the template name. */
  template: '/api/salesService/template/',
  articleGet: '/api/salesService/article/get/',
  articleCategoryList: '/api/salesService/articlecategory/categoryList/',
} as const;

export const CartPaths = {
  list: '/api/salesService/cart/list/',
  addItem: '/api/salesService/cart/addItem/',
  updateItem: '/api/salesService/cart/updateItem/',
  removeItem: '/api/salesService/cart/removeItem/',
  batchAddItems: '/api/salesService/cart/batchAddItems/',
  batchUpdateItems: '/api/salesService/cart/batchUpdateItems/',
  batchRemoveItems: '/api/salesService/cart/batchRemoveItems/',
  /** A pasted order or an order file read into a preview (issue #37; JSON { text } or multipart `file`). */
  parseLines: '/api/salesService/cart/parseLines/',
  ratePrice: '/api/paymentService/paymentfororder/ratePrice/',
} as const;

export const AddressPaths = {
  senderList: '/api/logisticsService/addressSender/list/',
  senderDelete: '/api/logisticsService/addressSender/delete/',
  senderSave: '/api/logisticsService/addressSender/saveOrUpdate/',
  receiverList: '/api/logisticsService/addressReceiver/list/',
  receiverDelete: '/api/logisticsService/addressReceiver/delete/',
  receiverSave: '/api/logisticsService/addressReceiver/saveOrUpdate/',
  receiverIntelligent: '/api/logisticsService/addressReceiver/intelligent/',
  regionTree: '/res/static/address.json',
  /** Region files named by a hash of their content (REGION_FILES): the tree and each state's suburbs. */
  regionFiles: '/res/static/regions/',
} as const;

/** Checkout and promotion calls; giftDetail and giftCheck are the two calls spec §7 leaves unnamed. */
export const CheckoutPaths = {
  summary: '/api/salesService/cart/summary/',
  promotionsList: '/api/salesService/salespromotions/promotionsList/',
  giftDetail: '/api/salesService/salespromotions/giftDetail/',
  giftCheck: '/api/salesService/salespromotions/giftCheck/',
  /** The running promotions of a currency, for the cart's notes (ADR 031; a path the spec does not name). */
  runningPromotions: '/api/salesService/salespromotions/running/',
  /** Whether the shop charges GST and whether its AUD prices include it, for the cart's GST line (ADR 038). */
  gstSetting: '/api/salesService/cart/gst/',
  repurchase: '/api/salesService/cart/repurchase/',
} as const;

/**
 * A member's saved lists (常购清单 '我的清单', issue #37; paths the spec does not name): named lists of SKUs and
 * quantities kept on the server, made from the cart, a selection or an order, put back into the cart, exported.
 */
export const SavedListPaths = {
  list: '/api/salesService/savedList/list/',
  detail: '/api/salesService/savedList/detail/',
  save: '/api/salesService/savedList/save/',
  update: '/api/salesService/savedList/update/',
  remove: '/api/salesService/savedList/remove/',
  addToCart: '/api/salesService/savedList/addToCart/',
  fromOrder: '/api/salesService/savedList/fromOrder/',
  export: '/api/salesService/savedList/export/',
} as const;

/**
 * Company accounts (issue #38, docs/decisions/055): a member's company, its members and their invites. Login
 * required; every call reads the caller's membership afresh, so a removed member is refused at once.
 */
export const CompanyPaths = {
  create: '/api/memberService/company/create/',
  detail: '/api/memberService/company/detail/',
  invite: '/api/memberService/company/invite/',
  accept: '/api/memberService/company/accept/',
  members: '/api/memberService/company/members/',
  setLimit: '/api/memberService/company/setLimit/',
  remove: '/api/memberService/company/remove/',
  leave: '/api/memberService/company/leave/',
} as const;

/**
 * Order approvals (issue #38, docs/decisions/055): a buyer's order over their limit waits as 待审批 for one of the
 * company's admins. Login required; list/ answers an admin the company's and a buyer their own.
 */
export const ApprovalPaths = {
  list: '/api/orderService/approval/list/',
  approve: '/api/orderService/approval/approve/',
  reject: '/api/orderService/approval/reject/',
} as const;

/**
 * The company's statement (issue #38, docs/decisions/055): its account invoices and credit; the download as PDF
 * or xlsx; an admin settling an invoice from their deposit. Login required, read afresh from the membership.
 */
export const StatementPaths = {
  list: '/api/memberService/statement/list/',
  export: '/api/memberService/statement/export/',
  payByDeposit: '/api/memberService/statement/payByDeposit/',
} as const;

/**
 * Quotes (询价, issue #38, docs/decisions/055): a member asks, staff answer, the member accepts into an order. Login
 * required; a company's admin and viewers read its members' quotes, only the member who asked accepts.
 */
export const QuotePaths = {
  request: '/api/orderService/quote/request/',
  list: '/api/orderService/quote/list/',
  detail: '/api/orderService/quote/detail/',
  accept: '/api/orderService/quote/accept/',
  message: '/api/orderService/quote/message/',
  withdraw: '/api/orderService/quote/withdraw/',
} as const;

/** Order calls (spec §7 'Orders and tickets'). */
export const OrderPaths = {
  list: '/api/orderService/ordermain/orderList/',
  oldList: '/api/orderService/ordermain/oldOrderList/',
  detail: '/api/orderService/ordermain/detail/',
  create: '/api/orderService/ordermain/createdOrder/',
  finish: '/api/orderService/ordermain/finishOrder/',
  attachments: '/api/orderService/ordermain/getAttach/',
  updateRemark: '/api/orderService/ordermain/updateMemberRemark/',
  cancel: '/api/orderService/ordermain/cancel/',
  logistics: '/api/logisticsService/courierinfo/getByLogisticCode/',
  /** The member's bought SKUs (/user/order 常购清单; ADR 018). */
  boughtSkus: '/api/orderService/ordermain/boughtSkus/',
  /** Packing lists of the member's ready or shipped packs (/user/packing 装箱单; ADR 018). */
  packingList: '/api/orderService/ordermain/packingList/',
  exportPackingList: '/api/orderService/ordermain/exportPackingList/',
} as const;

/** Support tickets (spec §7 'Orders and tickets'); uploadImage/ is multipart with an `image` file field. */
export const SupportTicketPaths = {
  list: '/api/orderService/supportticket/list/',
  create: '/api/orderService/supportticket/create/',
  detail: '/api/orderService/supportticket/detail/',
  close: '/api/orderService/supportticket/closeSupportTicket/',
  uploadImage: '/api/orderService/supportticket/uploadImage/',
  addReply: '/api/orderService/supportticketreply/addReply/',
} as const;

/** Member messages (spec §7 'Content' message/list/; the read calls are the shop's own). */
export const MessagePaths = {
  list: '/api/salesService/message/list/',
  unreadCount: '/api/salesService/message/unreadCount/',
  read: '/api/salesService/message/read/',
  readAll: '/api/salesService/message/readAll/',
} as const;

/**
 * The live channel: a WebSocket per signed-in member (GET with Upgrade). The token goes in the first message
 * ({ token }), never in the address, so it does not reach access logs.
 */
export const LIVE_PATH = '/api/live';

/** Payment calls (spec §7 'Payment'); the notify and cashier paths are the channel's side, not the storefront's. */
export const PaymentPaths = {
  configList: '/api/paymentService/paymentconfig/paymentConfigList/',
  payBySyb: '/api/paymentService/paymentfororder/payBySyb/',
  findPayStatus: '/api/paymentService/paymentfororder/findPayStatus/',
  ratePrice: '/api/paymentService/paymentfororder/ratePrice/',
  supayParam: '/api/paymentService/paymentfororder/supayParam/',
  /** Channel → shop asynchronous notify, one per provider: followed by the provider name and '/'. */
  notify: '/api/paymentService/notify/',
  /** Channel → shop refund notify, one per provider: followed by the provider name and '/'. */
  refundNotify: '/api/paymentService/refundNotify/',
  payByDeposit: '/api/memberService/memberdeposit/payByDeposit/',
  /** A company member's order paid on account (issue #38, docs/decisions/055). */
  payOnAccount: '/api/paymentService/paymentfororder/payOnAccount/',
} as const;

/**
 * Courier tracking (docs/decisions/061-courier-tracking.md): the tracking service's push, one per provider (followed
 * by the provider's name and '/'), called by the service, never by the storefront.
 */
export const TrackingPaths = {
  notify: '/api/logisticsService/tracking/notify/',
} as const;

/** The sandbox tracking service's own calls (docs/design.md 'sandboxes'), served by the shop when it is on. */
export const SandboxTrackingPaths = {
  /** POST { logisticCode, steps? }: its demo courier moves the parcel on, and the service pushes the news. */
  advance: '/sandbox-tracking/advance/',
} as const;

/** Deposit calls (spec §7 'Member'): the log, and the recharges of /member/recharge. */
export const DepositPaths = {
  logList: '/api/memberService/memberDepositLog/list/',
  /** A bank-transfer recharge, pending until the operator approves it. */
  bankTransfer: '/api/memberService/memberdeposit/bankTransfer/',
  /** The member's recharges (pending, credited, rejected). */
  rechargeList: '/api/memberService/memberdeposit/rechargeList/',
  /** The member withdraws their own pending bank-transfer registration. */
  cancelBankTransfer: '/api/memberService/memberdeposit/cancelBankTransfer/',
  /** Multipart: the transfer slip (`image`) of the member's own pending bank transfer (`rechargeNo`). */
  uploadSlip: '/api/memberService/memberdeposit/uploadSlip/',
  /** The member's own transfer slip, as the image itself (not JSON). */
  slip: '/api/memberService/memberdeposit/slip/',
} as const;

/** The sandbox payment channel's own pages (docs/design.md 'sandboxes'), served by the shop. */
export const SandboxPaths = {
  /** GET, followed by the channel's trade number. */
  cashier: '/sandbox-pay/cashier/',
  /** POST form: the supay bridge. */
  bridge: '/sandbox-pay/bridge',
  /** GET: the chat-app proxy, answering { result, url }. */
  proxy: '/sandbox-pay/proxy',
} as const;

/**
 * The supplier area (docs/design.md 'supplier area'): the application form of 成为供应商. Its content comes from the
 * templates `supplier` and `supplierEn` (CataloguePaths.template).
 */
export const SupplierPaths = {
  submitApplication: '/api/salesService/supplierApplication/submit/',
} as const;
