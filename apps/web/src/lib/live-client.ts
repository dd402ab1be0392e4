import { LIVE_PATH, LiveCloseCode, type LiveEvent, ResultCode } from '@shop/domain';
import { create } from 'zustand';

/**
 * The storefront's end of the live channel (docs/design.md 'Live updates'; spec §8 WebSocket codes 1030–1032): one
 * WebSocket to /api/live per open page of a signed-in member. It presents the token, hands every event to the
 * caller, re-connects with a growing pause after a drop, and while it is not connected the pages fall back to
 * polling (LIVE_POLL_MS). A refused or expired token (server close 4401) is WebSocketTokenExpire: it stops and
 * lets the caller end the session. Plain code without React or a feature, so the shell can carry it.
 */

/** How often pages ask again while the live channel is down (spec §9 leaves polling timings open). */
export const LIVE_POLL_MS = 30_000;
/** The pauses before re-connecting: 1 s, 2 s, 4 s … at most 30 s, with a little jitter. */
export const LIVE_BACKOFF_MS = { first: 1_000, max: 30_000 } as const;

/** Where the live channel stands, as the pages that poll need to know. */
export type LiveStatus =
  /** No member, or not started. */
  | 'idle'
  /** Opening; the pages still poll until the server says ready. */
  | 'connecting'
  /** Connected and ready: events arrive, no polling needed. */
  | 'open'
  /** Dropped or could not open: polling until the next attempt succeeds. */
  | 'polling'
  /** The server refused the token (1032): stopped. */
  | 'expired';

/** The spec §8 code of how the channel ended. */
export type LiveFailureCode =
  | typeof ResultCode.WebSocketClose
  | typeof ResultCode.WebSocketError
  | typeof ResultCode.WebSocketTokenExpire;

/**
 * Spec §8 code of a closed socket: the server's token refusal (4401) is WebSocketTokenExpire 1032; a socket that
 * failed (an error event, or closed without a close frame: 1006, or never opened) is WebSocketError 1031; any
 * other close (server going away 4503, a clean close) is WebSocketClose 1030.
 */
export function liveFailureCode(closeCode: number, failed: boolean): LiveFailureCode {
  if (closeCode === LiveCloseCode.TokenExpired) return ResultCode.WebSocketTokenExpire;
  if (failed || closeCode === 1006) return ResultCode.WebSocketError;
  return ResultCode.WebSocketClose;
}

/** The pause before re-connect attempt `attempt` (1, 2, …): doubling from 1 s up to 30 s. */
export function liveBackoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(LIVE_BACKOFF_MS.max, LIVE_BACKOFF_MS.first * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** The live channel's address on this page's origin (ws: or wss:). */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_PATH}`;
}

/** The part of a WebSocket the client uses (tests hand in a fake). */
export interface LiveSocket {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveClientOptions {
  /** The member's token, read at each connect (null stops the client). */
  token: () => string | null;
  onEvent: (event: LiveEvent) => void;
  /** Every change of status, with the spec §8 code when the socket ended. */
  onStatus?: (status: LiveStatus, failure?: LiveFailureCode) => void;
  /** The server refused the token: the caller runs the session-expired handling. */
  onTokenExpired: () => void;
  url?: string;
  /** Opens a socket; throws or returns null where WebSockets are unavailable (then the pages only poll). */
  createSocket?: (url: string) => LiveSocket | null;
  backoffMs?: (attempt: number) => number;
}

export interface LiveClient {
  stop(): void;
}

const OPEN = 1;

function parseEvent(data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<LiveEvent> | null;
    if (!value || typeof value !== 'object') return null;
    if (value.kind === 'ready') return { kind: 'ready' };
    if (value.kind === 'ticket' && typeof value.ticketId === 'number')
      return { kind: 'ticket', ticketId: value.ticketId };
    if (value.kind === 'unread' && value.unread && typeof value.unread.total === 'number')
      return { kind: 'unread', unread: value.unread };
  } catch {
    // Not an event of ours.
  }
  return null;
}

function browserSocket(url: string): LiveSocket | null {
  if (typeof WebSocket === 'undefined') return null;
  return new WebSocket(url) as unknown as LiveSocket;
}

/** Starts the live channel; `stop()` closes it for good (logout, page gone). */
export function startLiveClient(options: LiveClientOptions): LiveClient {
  const createSocket = options.createSocket ?? browserSocket;
  const backoff = options.backoffMs ?? ((attempt: number) => liveBackoffMs(attempt));
  let socket: LiveSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let stopped = false;

  const status = (next: LiveStatus, failure?: LiveFailureCode) => options.onStatus?.(next, failure);

  const retryLater = (failure: LiveFailureCode) => {
    status('polling', failure);
    attempt += 1;
    timer = setTimeout(connect, backoff(attempt));
  };

  function connect() {
    timer = null;
    if (stopped) return;
    const token = options.token();
    if (!token) {
      status('idle');
      return;
    }
    status('connecting');
    let opened: LiveSocket | null = null;
    try {
      opened = createSocket(options.url ?? liveUrl());
    } catch {
      opened = null;
    }
    if (!opened) {
      retryLater(ResultCode.WebSocketError);
      return;
    }
    const current = opened;
    socket = current;
    let failed = false;
    current.onopen = () => current.send(JSON.stringify({ token }));
    current.onmessage = (message) => {
      const event = parseEvent(message.data);
      if (!event) return;
      if (event.kind === 'ready') {
        attempt = 0;
        status('open');
      }
      options.onEvent(event);
    };
    current.onerror = () => {
      failed = true;
    };
    current.onclose = (closed) => {
      if (socket !== current) return;
      socket = null;
      if (stopped) return;
      const code = liveFailureCode(closed.code, failed);
      if (code === ResultCode.WebSocketTokenExpire) {
        stopped = true;
        status('expired', code);
        options.onTokenExpired();
        return;
      }
      retryLater(code);
    };
  }

  connect();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const current = socket;
      socket = null;
      if (current) {
        current.onclose = null;
        current.onmessage = null;
        if (current.readyState <= OPEN) current.close(1000, 'page closed');
      }
      status('idle');
    },
  };
}

/** The live channel's status for the pages that poll while it is down (set by the app's live wiring). */
export const useLiveStatus = create<{ status: LiveStatus }>(() => ({ status: 'idle' }));

/** How often a live-updated read refetches: never while the channel is open, every 30 s otherwise. */
export function useLivePollInterval(): number | false {
  return useLiveStatus((s) => (s.status === 'open' ? false : LIVE_POLL_MS));
}
