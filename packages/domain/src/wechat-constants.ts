/**
 * The chat app's plain values (the QR code's life and polling, the binding's toast), apart from its call contracts
 * (contracts/wechat.ts): the storefront's first page signs members in and binds them, and these must not bring the
 * validation library and the schemas into its first download (ADR 048).
 */

/** How long a QR code can be scanned (seconds). */
export const QR_TICKET_TTL_SECONDS = 300;
/** How often the page asks checkQrScan/ (milliseconds). */
export const QR_POLL_INTERVAL_MS = 2000;
/** The success toast of a binding (spec §8 'chat-app bind'). */
export const WECHAT_BOUND_MESSAGE = '微信绑定成功';
