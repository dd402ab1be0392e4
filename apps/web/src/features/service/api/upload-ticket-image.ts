import { SupportTicketPaths, type TicketImage } from '@shop/domain';
import {
  type UploadHandle as ImageUploadHandle,
  imageFileProblem,
  UPLOAD_IMAGE_TYPES,
  uploadImageFile,
} from '@/lib/image-upload';

/** The picture types the server accepts (it checks the bytes; the browser's guess is only a first filter). */
export const TICKET_IMAGE_TYPES = UPLOAD_IMAGE_TYPES;

/** Why a picked file cannot be sent, in the shopper's words; null when it may go to the server. */
export const ticketImageProblem = imageFileProblem;

export type UploadHandle = ImageUploadHandle<TicketImage>;

/**
 * uploadImage/ (spec §7): one picture as multipart with the `image` field, showing how much has been sent.
 * Fails with the same ApiError as every other call (envelope, 401, network).
 */
export function uploadTicketImage(file: File, onProgress: (fraction: number) => void): UploadHandle {
  return uploadImageFile<TicketImage>(SupportTicketPaths.uploadImage, file, onProgress);
}
