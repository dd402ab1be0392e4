import {
  DEFAULT_ERROR_MESSAGE,
  type Envelope,
  NETWORK_ERROR_MESSAGE,
  ResultCode,
  SupportTicketPaths,
  TICKET_LIMITS,
  type TicketImage,
} from '@shop/domain';
import { ApiError, NETWORK_ERROR_CODE } from '@/lib/api-client';
import { getToken } from '@/lib/storage';

/** The picture types the server accepts (it checks the bytes; the browser's guess is only a first filter). */
export const TICKET_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

const MB = 1024 * 1024;

/** Why a picked file cannot be sent, in the shopper's words; null when it may go to the server. */
export function ticketImageProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  if (!(TICKET_IMAGE_TYPES as readonly string[]).includes(file.type))
    return `“${file.name}”不是图片：仅支持 JPG、PNG、WebP 或 GIF`;
  if (file.size === 0) return `“${file.name}”是空文件`;
  if (file.size > TICKET_LIMITS.imageBytesMax)
    return `“${file.name}”超过 ${TICKET_LIMITS.imageBytesMax / MB} MB，请压缩后再上传`;
  return null;
}

export interface UploadHandle {
  promise: Promise<TicketImage>;
  abort(): void;
}

/**
 * uploadImage/ (spec §7): one picture as multipart with the `image` field, through XMLHttpRequest so the form
 * can show how much has been sent. Fails with the same ApiError as every other call (envelope, 401, network).
 */
export function uploadTicketImage(file: File, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<TicketImage>((resolve, reject) => {
    xhr.open('POST', SupportTicketPaths.uploadImage);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let payload: Envelope<TicketImage> | null = null;
      try {
        payload = JSON.parse(xhr.responseText) as Envelope<TicketImage>;
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
    form.append('image', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
