import {
  DEFAULT_ERROR_MESSAGE,
  type Envelope,
  NETWORK_ERROR_MESSAGE,
  ResultCode,
  TICKET_LIMITS,
} from '@shop/domain';
import { ApiError, NETWORK_ERROR_CODE } from './api-client';
import { getToken } from './storage';

/**
 * The shop's one way to send a picture (a support ticket's, a bank transfer's slip): the server's rules
 * (apps/api/src/lib/image-upload.ts and the media module's storeUpload) checked first in the browser, then one
 * multipart `image` field with the call's text fields, through XMLHttpRequest so the form can show progress.
 */

/** The picture types the server accepts (it checks the bytes; the browser's guess is only a first filter). */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

const MB = 1024 * 1024;

/** Why a picked file cannot be sent, in the shopper's words; null when it may go to the server. */
export function imageFileProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type))
    return `“${file.name}”不是图片：仅支持 JPG、PNG、WebP 或 GIF`;
  if (file.size === 0) return `“${file.name}”是空文件`;
  if (file.size > TICKET_LIMITS.imageBytesMax)
    return `“${file.name}”超过 ${TICKET_LIMITS.imageBytesMax / MB} MB，请压缩后再上传`;
  return null;
}

export interface UploadHandle<T> {
  promise: Promise<T>;
  abort(): void;
}

/**
 * POSTs one picture as multipart (`image`, after `fields`) to `path`. Fails with the same ApiError as every
 * other call (envelope, 401, network).
 */
export function uploadImageFile<T>(
  path: string,
  file: File,
  onProgress: (fraction: number) => void,
  fields: Record<string, string> = {},
): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let payload: Envelope<T> | null = null;
      try {
        payload = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        payload = null;
      }
      if (payload && payload.success === true) {
        onProgress(1);
        resolve(payload.data);
        return;
      }
      const code =
        xhr.status === 401
          ? ResultCode.InvalidToken
          : (payload?.resultCode ?? (xhr.status >= 400 ? xhr.status : ResultCode.InternalServiceError));
      reject(new ApiError(code, payload?.message || DEFAULT_ERROR_MESSAGE, payload?.data, xhr.status));
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new ApiError(ResultCode.RequestCancel, '请求已取消'));
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('image', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
