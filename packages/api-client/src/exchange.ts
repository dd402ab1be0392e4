import { type Envelope, NETWORK_ERROR_MESSAGE, REQUEST_TIMEOUT_MS, ResultCode } from '@shop/domain';
import { ApiError, failure, isEnvelope, NETWORK_ERROR_CODE } from './api-error';

/** The network function a client sends with: the browser's or Node's `fetch`, or a test's stand-in. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export interface ExchangeOptions {
  /** Aborting it rejects with RequestCancel (1001), which the shared error handlers ignore. */
  signal?: AbortSignal | undefined;
  /** Spec §7/§9: 60 s by default. */
  timeoutMs?: number | undefined;
}

const cancelled = () => new ApiError(ResultCode.RequestCancel, '请求已取消');

/**
 * Sends one call with the timeout and cancellation every call shares, and hands the answer to `read` while the
 * timeout still runs (a slow body counts against it too). No answer at all becomes the network ApiError.
 */
export async function exchange<R>(
  fetchFn: Fetch,
  url: string,
  init: Omit<RequestInit, 'signal'>,
  { signal, timeoutMs = REQUEST_TIMEOUT_MS }: ExchangeOptions,
  read: (response: Response) => Promise<R>,
): Promise<R> {
  if (signal?.aborted) throw cancelled();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    return await read(await fetchFn(url, { ...init, signal: controller.signal }));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (signal?.aborted && !timedOut) throw cancelled();
    throw new ApiError(NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/** The envelope of an answer when it says success (spec §7: a call succeeds only then); otherwise its ApiError. */
export async function readEnvelope(response: Response): Promise<Envelope> {
  const payload = (await response.json().catch(() => null)) as unknown;
  if (isEnvelope(payload) && payload.success) return payload;
  throw failure(response.status, payload);
}
