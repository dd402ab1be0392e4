/**
 * The service desk's plain values (ticket states and limits, the live channel's close codes), apart from its call
 * contracts (contracts/service.ts): the storefront's first page uses these, and they must not bring the validation
 * library and the schemas into its first download (ADR 048).
 */

/** A ticket's state: new, answered by the shop (the member's turn), answered by the member (the shop's turn), closed. */
export const TicketStatus = {
  Open: 'open',
  WaitingMember: 'waiting_member',
  WaitingShop: 'waiting_shop',
  Closed: 'closed',
} as const;
export type TicketStatus = (typeof TicketStatus)[keyof typeof TicketStatus];

export const TICKET_STATUS_LABELS: Readonly<Record<TicketStatus, string>> = {
  [TicketStatus.Open]: '待处理',
  [TicketStatus.WaitingMember]: '待您回复',
  [TicketStatus.WaitingShop]: '待客服回复',
  [TicketStatus.Closed]: '已关闭',
};

/** Limits of a ticket's text and images (uploads are checked by their bytes, not their names). */
export const TICKET_LIMITS = {
  titleMax: 100,
  contentMax: 2000,
  imagesPerPost: 9,
  imageBytesMax: 5 * 1024 * 1024,
  imagePixelsMax: 20_000_000,
} as const;

/** WebSocket close codes the server uses (application range 4000–4999), mapped to spec §8 by the storefront. */
export const LiveCloseCode = {
  /** The token is missing, unknown, expired or revoked: spec §8 WebSocketTokenExpire 1032. */
  TokenExpired: 4401,
  /** The server is shutting down: reconnect later. */
  GoingAway: 4503,
} as const;
