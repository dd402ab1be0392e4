import { PDF_CONTENT_TYPE } from '@shop/domain';
import type { FastifyReply } from 'fastify';
import { type DownloadFile, downloadResponses, sendDownload } from './download-reply';

/** A built or stored PDF and the name it is saved under. */
export type PdfFile = DownloadFile;

/** The responses of a PDF download (a blob, as the spec's exports). */
export const pdfResponses = downloadResponses(PDF_CONTENT_TYPE, 'PDF 文件');

/** Sends a PDF as an attachment (download-reply.ts). */
export function sendPdf(reply: FastifyReply, file: PdfFile) {
  return sendDownload(reply, PDF_CONTENT_TYPE, file);
}
