import { XLSX_CONTENT_TYPE } from '@shop/domain';
import type { FastifyReply } from 'fastify';
import { type DownloadFile, downloadResponses, sendDownload } from './download-reply';

/** A built spreadsheet and the name it is saved under. */
export type XlsxFile = DownloadFile;

/** The responses of a spreadsheet download (spec §7: the storefront saves it as a file). */
export const xlsxResponses = downloadResponses(XLSX_CONTENT_TYPE, 'xlsx 文件');

/** Sends an xlsx as an attachment (download-reply.ts). */
export function sendXlsx(reply: FastifyReply, file: XlsxFile) {
  return sendDownload(reply, XLSX_CONTENT_TYPE, file);
}
