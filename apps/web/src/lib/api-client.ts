import { exchange, failure, readEnvelope, type SendEnvelope, typedCalls } from '@shop/api-client';
import type { BodyOf, FilePath } from '@shop/domain';
import { takePreloaded } from './page-preload';
import { getToken } from './storage';

// The envelope, ApiError and the call map are the shop's one API client (packages/api-client); the storefront adds
// its bearer token, the page's preloaded answers (ADR 016), form bodies and downloads.
export { ApiError, isApiError, isNotFound, NETWORK_ERROR_CODE, toApiError } from '@shop/api-client';

export interface RequestOptions {
  /** Aborting it rejects with RequestCancel (1001), which the shared handler ignores. */
  signal?: AbortSignal;
  /** Spec §7/§9: 60 s by default. */
  timeoutMs?: number;
  /** Spec §7: every call is POST unless noted; the template reads are GET without a body. */
  method?: 'GET' | 'POST';
  /**
   * Send the body form-encoded (application/x-www-form-urlencoded) instead of JSON: spec §7 notes it for
   * memberDepositLog/list/. Only flat fields make sense; null and undefined fields are left out.
   */
  form?: boolean;
}

/** A flat object as an application/x-www-form-urlencoded body ('pageNo=1&pageSize=15'). */
export function toFormBody(body: unknown): string {
  const params = new URLSearchParams();
  if (typeof body === 'object' && body !== null) {
    for (const [key, value] of Object.entries(body)) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
  }
  return params.toString();
}

/**
 * Sends one call with the bearer header every call shares (spec §6), or answers it from the page when the page
 * already carries its answer (ADR 016: the first render needs no round trip).
 */
async function send<R>(
  path: string,
  body: unknown,
  { signal, timeoutMs, method = 'POST', form = false }: RequestOptions,
  accept: string,
  read: (response: Response) => Promise<R>,
): Promise<R> {
  const token = getToken();
  // A FormData body (an order file) goes as multipart with the browser's boundary; pages never preload one.
  const multipart = body instanceof FormData;
  const preloaded =
    signal?.aborted || multipart
      ? null
      : takePreloaded(method, path, form ? toFormBody(body) : body, token !== null);
  if (preloaded) {
    const headers = { 'Content-Type': 'application/json' };
    return read(new Response(JSON.stringify(preloaded.payload), { status: preloaded.status, headers }));
  }
  const headers: Record<string, string> = { Accept: accept };
  if (method === 'POST' && !multipart) {
    headers['Content-Type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  const payload = multipart ? body : form ? toFormBody(body) : JSON.stringify(body ?? {});
  return exchange(
    fetch,
    path,
    { method, headers, ...(method === 'POST' ? { body: payload } : {}), credentials: 'same-origin' },
    { signal, timeoutMs },
    read,
  );
}

const sendEnvelope: SendEnvelope<RequestOptions> = (path, body, options = {}) =>
  send(path, body, options, 'application/json', readEnvelope);

/**
 * POSTs JSON (or a form, with `form: true`) to an API path: `request` returns the envelope's data, `requestEnvelope`
 * the whole envelope when `success` is true; anything else throws ApiError (spec §7). The path's contract
 * (packages/domain calls/) types the body and the answer.
 */
export const { request, requestEnvelope } = typedCalls(sendEnvelope);

/** A downloaded file: its bytes and the name the server gave it (Content-Disposition), if any. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | undefined;
}

export interface BlobRequestOptions extends RequestOptions {
  /** Share of the body received so far (0-1), when the server sends Content-Length. */
  onProgress?: (fraction: number) => void;
}

/** The file name of a Content-Disposition header, preferring the UTF-8 form (filename*=UTF-8''…). */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Badly encoded: fall back to the plain form below.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || undefined;
}

async function readBody(response: Response, onProgress?: (fraction: number) => void): Promise<Blob> {
  const total = Number(response.headers.get('Content-Length'));
  const type = response.headers.get('Content-Type') ?? '';
  if (!onProgress || !response.body || !(total > 0)) return response.blob();
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.length;
    onProgress(Math.min(1, received / total));
  }
  return new Blob(parts as BlobPart[], { type });
}

/**
 * POSTs JSON and returns the file the server answers with (the xlsx exports of spec §7). A JSON answer is
 * the error envelope and becomes an ApiError, so exports fail the same way as every other call.
 */
export async function requestBlob<P extends FilePath>(
  path: P,
  body: BodyOf<P>,
  { onProgress, ...options }: BlobRequestOptions = {},
): Promise<DownloadedFile> {
  return send(path, body, options, '*/*', async (response) => {
    const type = response.headers.get('Content-Type') ?? '';
    if (!response.ok || type.includes('application/json')) {
      throw failure(response.status, await response.json().catch(() => null));
    }
    const blob = await readBody(response, onProgress);
    return { blob, fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')) };
  });
}

/**
 * GETs a static JSON file that is not wrapped in the envelope (spec §7 'GET /res/static/address.json'), with the
 * same timeout and cancellation as every call. A failed status becomes an ApiError like any other failure.
 */
export async function requestStaticJson<T>(
  path: string,
  options: Omit<RequestOptions, 'method'> = {},
): Promise<T> {
  return send(path, undefined, { ...options, method: 'GET' }, 'application/json', async (response) => {
    const payload = (await response.json().catch(() => undefined)) as unknown;
    if (!response.ok || payload === undefined) throw failure(response.status, payload);
    return payload as T;
  });
}
