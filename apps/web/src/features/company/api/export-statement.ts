import { type StatementExportRequest, StatementPaths } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { requestBlob } from '@/lib/api-client';
import { saveFile } from '@/lib/download';
import { withActionFailure } from '@/lib/failure-message';

const EXPORT_FAILED = '下载对账单失败，请检查网络后重试';

/** The name the file is saved under when the server gives none: 'Statement_unpaid_20261130.pdf'. */
function fallbackName({ format, state = 'all', currency }: StatementExportRequest, at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const day = `${at.getFullYear()}${p(at.getMonth() + 1)}${p(at.getDate())}`;
  return `${['Statement', state, currency, day].filter(Boolean).join('_')}.${format}`;
}

/** statement/export/: the statement with the page's filters as PDF or xlsx, saved under the server's name. */
export async function exportStatement(body: StatementExportRequest): Promise<string> {
  const { blob, fileName } = await withActionFailure(requestBlob(StatementPaths.export, body), EXPORT_FAILED);
  const name = fileName ?? fallbackName(body, new Date());
  saveFile(blob, name);
  return name;
}

/** A failure shows as a toast (the shared handler, spec §8). */
export function useExportStatement() {
  return useMutation({ mutationFn: exportStatement });
}
