import { exchange } from '@shop/api-client';
import type { BodyOf, DataOf, DataPath, FilePath } from '@shop/domain';
import { ApiError, failure, isEnvelope, NETWORK_ERROR_CODE, staffHeaders } from './api-client';

/** How long a large sheet may take to send and to be written (20,000 rows in one transaction). */
const TRANSFER_TIMEOUT_MS = 5 * 60_000;

/**
 * POSTs a multipart form like `request`, reporting how much of it has been sent (0–1) so the screen can show a
 * progress bar; fetch cannot report an upload's progress, XMLHttpRequest can. Resolves to the envelope's data.
 */
export function uploadWithProgress<P extends DataPath>(
  path: P,
  form: FormData,
  onProgress: (sent: number) => void,
): Promise<DataOf<P>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.timeout = TRANSFER_TIMEOUT_MS;
    for (const [name, value] of Object.entries(staffHeaders(true))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_CODE, '网络连接失败，请检查网络后重试'));
    xhr.ontimeout = () => reject(new ApiError(NETWORK_ERROR_CODE, '等待超时，请稍后在列表中确认是否已导入'));
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = null;
      }
      // The API writes the answer through the path's contract (packages/domain calls/).
      if (isEnvelope(payload) && payload.success) resolve(payload.data as DataOf<P>);
      else reject(failure(xhr.status, payload));
    };
    xhr.send(form);
  });
}

/**
 * POSTs JSON and answers the file the server sends (an export, a transfer slip) with its headers; a JSON answer
 * is the error envelope and becomes an ApiError, so a file fails like every other call.
 */
export async function fetchFile<P extends FilePath>(path: P, body: BodyOf<P>): Promise<Response> {
  return exchange(
    fetch,
    path,
    { method: 'POST', headers: staffHeaders(), body: JSON.stringify(body), credentials: 'same-origin' },
    { timeoutMs: TRANSFER_TIMEOUT_MS },
    async (response) => {
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || type.includes('application/json')) {
        throw failure(response.status, await response.json().catch(() => null));
      }
      return response;
    },
  );
}

/** The name a Content-Disposition gives: its UTF-8 name (RFC 5987 `filename*`, a Chinese name) first, else its plain one. */
export function savedName(disposition: string): string | undefined {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name: the plain one below.
    }
  }
  return /filename="([^"]+)"/.exec(disposition)?.[1];
}

/** Downloads a file the console builds (an export), saved under the name the server gives it. */
export async function downloadFile<P extends FilePath>(
  path: P,
  body: BodyOf<P>,
  fallbackName: string,
): Promise<void> {
  const response = await fetchFile(path, body);
  const name = savedName(response.headers.get('content-disposition') ?? '') ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
