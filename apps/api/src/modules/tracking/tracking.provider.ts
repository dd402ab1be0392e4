import { createHash, timingSafeEqual } from 'node:crypto';
import { isParcelSettled } from '@shop/domain';
import { z } from 'zod';

/**
 * The shop's side of a courier tracking service (docs/decisions/061-courier-tracking.md): one small interface,
 * implemented by Kuaidi100's adapter and by the sandbox that ships with the shop. A service follows a parcel once
 * subscribed and pushes its news to the shop's callback (push), or answers when the shop asks (poll); either way
 * the news arrives as a report of the parcel's state and its events, which the tracking service applies once.
 */

/** A parcel as a tracking service is asked about it. */
export interface TrackingParcel {
  logisticCode: string;
  /** The service's company code (Kuaidi100's 'shunfeng' …). */
  company: string;
  /** The receiver's phone: SF and ZTO answer only with it; '' when the order has none. */
  phone: string;
}

/** One event of a parcel's journey, as the service tells it. */
export interface TrackingEvent {
  time: Date;
  location: string;
  description: string;
}

/** What a service knows of a parcel: its state now and every event so far, newest first. */
export interface TrackingReport {
  logisticCode: string;
  /** The company code the service follows it under (it may correct the one the shop gave). */
  company: string;
  /** The service's state (Kuaidi100's 0 在途, 1 揽收, 3 签收 …), null when it gave none. */
  state: number | null;
  events: TrackingEvent[];
  /** settled: the journey is over and the service stops; abandoned: it gave up (no news for days); null: it follows. */
  ended: 'settled' | 'abandoned' | null;
}

/** A subscription's outcome: accepted (or already followed), or refused with whether asking again may help. */
export type SubscribeOutcome = { ok: true; already: boolean } | { ok: false; retry: boolean; reason: string };

/** A query's outcome: the report, or why there is none (`retry`: ask again later). */
export type QueryOutcome =
  | { ok: true; report: TrackingReport }
  | { ok: false; retry: boolean; reason: string };

/** A callback read: its report once its signature was verified, or why it was refused. */
export type CallbackReading =
  | { ok: true; report: TrackingReport }
  | { ok: false; reason: 'signature' | 'malformed' };

/** What the shop answers a service's callback with: each service expects its own shape. */
export interface CallbackAcknowledgement {
  status: number;
  contentType: string;
  body: string;
}

export interface TrackingProvider {
  /** The provider's name: SHOP_TRACKING_PROVIDER, and the last segment of its callback path. */
  readonly name: 'kuaidi100' | 'sandbox';
  /** push: parcels are subscribed and the service calls back; poll: the shop asks about each in turn. */
  readonly mode: 'push' | 'poll';
  subscribe(parcel: TrackingParcel): Promise<SubscribeOutcome>;
  query(parcel: TrackingParcel): Promise<QueryOutcome>;
  /** Reads a callback's form fields, verifying its signature before anything else in it is read. */
  readCallback(form: Readonly<Record<string, unknown>>): CallbackReading;
  acknowledgement(outcome: 'accepted' | 'rejected' | 'error'): CallbackAcknowledgement;
}

/** MD5 as Kuaidi100 signs: the upper-case hex digest of the UTF-8 text. */
export function kuaidi100Sign(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();
}

/** Compares two signatures in constant time; hex of either case. */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected.toUpperCase(), 'utf8');
  const b = Buffer.from(given.toUpperCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

const BEIJING_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(?::(\d{2}))?$/;

/** A service's time, 'yyyy-MM-dd HH:mm:ss' in Beijing time (UTC+8, no daylight saving), or null when it is not one. */
export function beijingTime(text: string): Date | null {
  const m = BEIJING_TIME.exec(text.trim());
  if (!m) return null;
  const time = new Date(`${m[1]}T${m[2]}:${m[3] ?? '00'}+08:00`);
  return Number.isNaN(time.getTime()) ? null : time;
}

/** A time as the services write it: 'yyyy-MM-dd HH:mm:ss' in Beijing time. */
export function beijingText(time: Date): string {
  return new Date(time.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The key that names an event by its content (logistics_events.event_key): its time and its words. The same event
 * pushed twice, or pushed and then polled, has the same key and is stored once.
 */
export function eventKey(event: TrackingEvent): string {
  return createHash('sha256')
    .update(`${event.time.toISOString()}\n${event.description}`, 'utf8')
    .digest('hex');
}

/** One event of Kuaidi100's `data` (push and query alike); resultv2 adds the area and the state's name. */
const kuaidi100EventSchema = z.object({
  context: z.string().max(2000),
  time: z.string().max(40).optional(),
  ftime: z.string().max(40).optional(),
  areaName: z.string().max(200).nullish(),
  location: z.string().max(200).nullish(),
});

/** A parcel's result as Kuaidi100 writes it: the push's lastResult and the query's answer. */
export const kuaidi100ResultSchema = z.object({
  state: z.union([z.string(), z.number()]).nullish(),
  ischeck: z.union([z.string(), z.number()]).nullish(),
  com: z.string().max(40).nullish(),
  nu: z.string().max(60),
  data: z.array(kuaidi100EventSchema).max(1000).default([]),
});
export type Kuaidi100Result = z.infer<typeof kuaidi100ResultSchema>;

/** Kuaidi100's push (订阅推送): where its following stands and the parcel's latest result, in full. */
const kuaidi100PushSchema = z.object({
  /** polling: following; shutdown: ended (signed for); abort: given up; updateall: everything sent again. */
  status: z.string().max(20),
  message: z.string().max(500).nullish(),
  autoCheck: z.union([z.string(), z.number()]).nullish(),
  comOld: z.string().max(40).nullish(),
  comNew: z.string().max(40).nullish(),
  lastResult: kuaidi100ResultSchema,
});

/** The events of a Kuaidi100 result: each with a time it can read (ftime, else time), newest first as given. */
function eventsOf(result: Kuaidi100Result): TrackingEvent[] {
  const events: TrackingEvent[] = [];
  for (const item of result.data) {
    const time = beijingTime(item.ftime ?? item.time ?? '') ?? beijingTime(item.time ?? '');
    const description = item.context.trim();
    if (!time || description === '') continue;
    events.push({ time, location: (item.areaName ?? item.location ?? '').trim(), description });
  }
  return events;
}

function stateOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const state = Number(value);
  return Number.isInteger(state) && state >= 0 && state < 10_000 ? state : null;
}

/** A report from Kuaidi100's result (a query's answer, or a push's lastResult). */
export function reportOfResult(
  result: Kuaidi100Result,
  company: string,
  ended: TrackingReport['ended'] = null,
): TrackingReport {
  const state = stateOf(result.state);
  return {
    logisticCode: result.nu,
    company: result.com || company,
    state,
    events: eventsOf(result),
    ended: ended ?? (isParcelSettled(state) || String(result.ischeck ?? '') === '1' ? 'settled' : null),
  };
}

/**
 * Reads a push as Kuaidi100 sends it (form fields `param`, the JSON, and `sign` = MD5(param + salt) upper-case):
 * the signature is checked on the text of `param` before the text is read at all; a push that is not signed with
 * the shop's salt is refused, however well-formed it looks.
 */
export function readKuaidi100Push(form: Readonly<Record<string, unknown>>, salt: string): CallbackReading {
  const param = form.param;
  const sign = form.sign;
  if (typeof param !== 'string' || typeof sign !== 'string' || salt === '')
    return { ok: false, reason: 'signature' };
  if (!sameSignature(kuaidi100Sign(param + salt), sign)) return { ok: false, reason: 'signature' };
  let json: unknown;
  try {
    json = JSON.parse(param);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parsed = kuaidi100PushSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const push = parsed.data;
  const ended = push.status === 'shutdown' ? 'settled' : push.status === 'abort' ? 'abandoned' : null;
  return { ok: true, report: reportOfResult(push.lastResult, push.comNew || '', ended) };
}

/** Kuaidi100's answer to a push, which it reads to know the push arrived (anything else: it pushes again later). */
export function kuaidi100Acknowledgement(
  outcome: 'accepted' | 'rejected' | 'error',
): CallbackAcknowledgement {
  const body =
    outcome === 'accepted'
      ? { result: true, returnCode: '200', message: '成功' }
      : outcome === 'rejected'
        ? { result: false, returnCode: '400', message: '签名错误或数据无效' }
        : { result: false, returnCode: '500', message: '服务器错误' };
  return {
    status: outcome === 'accepted' ? 200 : outcome === 'rejected' ? 400 : 500,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(body),
  };
}
