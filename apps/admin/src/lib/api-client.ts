import { exchange, readEnvelope, type SendEnvelope, typedCalls } from '@shop/api-client';
import { getStaffToken } from './token';

// The envelope, ApiError and the call map are the shop's one API client (packages/api-client); the console adds
// its staff token and multipart uploads.
export { ApiError, failure, isApiError, isEnvelope, NETWORK_ERROR_CODE } from '@shop/api-client';

/** The headers of every console call: JSON unless the body is an upload, and the staff token when one is held. */
export function staffHeaders(multipart = false): Record<string, string> {
  const headers: Record<string, string> = multipart
    ? { Accept: 'application/json' }
    : { Accept: 'application/json', 'Content-Type': 'application/json' };
  const token = getStaffToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

const sendEnvelope: SendEnvelope<AbortSignal> = (path, body = {}, signal) => {
  // A FormData body (an upload) goes as multipart with the browser's boundary; everything else as JSON.
  const multipart = body instanceof FormData;
  return exchange(
    fetch,
    path,
    {
      method: 'POST',
      headers: staffHeaders(multipart),
      body: multipart ? body : JSON.stringify(body),
      credentials: 'same-origin',
    },
    { signal },
    readEnvelope,
  );
};

/**
 * POSTs JSON to a console path with the staff token and returns the envelope's data; anything but `success: true`
 * throws ApiError. Every console call is POST JSON (packages/domain contracts/staff.ts), an upload POST multipart
 * (give it a FormData); the path's contract (packages/domain calls/) types the body and the answer.
 */
export const { request } = typedCalls(sendEnvelope);
