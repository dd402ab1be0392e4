import { type AdminFapiao, AdminInvoicePaths } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { downloadFile } from '@/lib/transfer';
import { fapiaoKeys } from './keys';

export interface IssueFapiao {
  id: number;
  fapiaoNo: string;
  file: File;
}

/** fapiao/issue/: attaches the fapiao issued by the tax-control system (its number and PDF). */
export function issueFapiao({ id, fapiaoNo, file }: IssueFapiao): Promise<AdminFapiao> {
  const form = new FormData();
  form.append('id', String(id));
  form.append('fapiaoNo', fapiaoNo);
  form.append('file', file);
  return request(AdminInvoicePaths.fapiaoIssue, form);
}

export function useIssueFapiao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueFapiao,
    onSuccess: (issued) => {
      notify.success(`已上传发票 ${issued.fapiaoNo}，会员可以下载`);
      return queryClient.invalidateQueries({ queryKey: fapiaoKeys.lists() });
    },
  });
}

/** fapiao/file/: the issued PDF, saved under the server's name. */
export const useDownloadFapiao = () =>
  useMutation({
    mutationFn: (row: AdminFapiao) =>
      downloadFile(AdminInvoicePaths.fapiaoFile, { id: row.id }, `Fapiao_${row.fapiaoNo}.pdf`),
  });
