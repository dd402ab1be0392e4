import { TICKET_LIMITS } from '@shop/domain';
import { notify } from './notify';

/** The pictures the server takes (it checks them again by their bytes). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** Whether a chosen file may be uploaded; says why not before anything is sent. */
export function imageFileAllowed(file: { type: string; size: number }): boolean {
  if (!IMAGE_TYPES.includes(file.type)) {
    notify.error('只能上传 JPEG、PNG、WebP 或 GIF 图片');
    return false;
  }
  if (file.size > TICKET_LIMITS.imageBytesMax) {
    notify.error(`图片不能超过 ${TICKET_LIMITS.imageBytesMax / 1024 / 1024} MB`);
    return false;
  }
  return true;
}
