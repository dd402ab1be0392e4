import { ApiError, failure, isEnvelope, NETWORK_ERROR_CODE } from './api-client';
import { getStaffToken } from './token';

/** How long a large sheet may take to send and to be written (20,000 rows in one transaction). */
const TRANSFER_TIMEOUT_MS = 5 * 60_000;

/**
 * POSTs a multipart form like `request`, reporting how much of it has been sent (0–1) so the screen can show a
 * progress bar; fetch cannot report an upload's progress, XMLHttpRequest can. Resolves to the envelope's data.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (sent: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.timeout = TRANSFER_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getStaffToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
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
      if (isEnvelope(payload) && payload.success) resolve(payload.data as T);
      else reject(failure(xhr.status, payload));
    };
    xhr.send(form);
  });
}

/**
 * POSTs JSON and answers the file the server sends (an export, a transfer slip) with its headers; a JSON answer
 * is the error envelope and becomes an ApiError, so a file fails like every other call.
 */
export async function fetchFile(path: string, body: unknown): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = getStaffToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(NETWORK_ERROR_CODE, '网络连接失败，请检查网络后重试');
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    throw failure(response.status, await response.json().catch(() => null));
  }
  return response;
}

/** Downloads a file the console builds (an export), saved under the name the server gives it. */
export async function downloadFile(path: string, body: unknown, fallbackName: string): Promise<void> {
  const response = await fetchFile(path, body);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
