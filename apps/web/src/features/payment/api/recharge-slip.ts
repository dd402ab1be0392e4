import { DepositPaths, type Recharge } from '@shop/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestBlob } from '@/lib/api-client';
import { uploadImageFile } from '@/lib/image-upload';
import { paymentKeys } from './keys';

/**
 * uploadSlip/: the transfer slip of the member's own pending bank transfer, by the support tickets' upload
 * rules (the same browser check and multipart call, lib/image-upload.ts); a new one replaces the old.
 */
export function uploadRechargeSlip(
  input: { rechargeNo: string; file: File },
  onProgress: (fraction: number) => void = () => {},
): Promise<Recharge> {
  return uploadImageFile<Recharge>(DepositPaths.uploadSlip, input.file, onProgress, {
    rechargeNo: input.rechargeNo,
  }).promise;
}

/** Whatever the answer (the transfer may have been reviewed meanwhile), the recharges are asked again. */
export function useUploadRechargeSlip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { rechargeNo: string; file: File }) => uploadRechargeSlip(input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.recharges() }),
  });
}

/** slip/: the member's own transfer slip, the image itself. */
export async function getRechargeSlip(rechargeNo: string): Promise<Blob> {
  return (await requestBlob(DepositPaths.slip, { rechargeNo })).blob;
}

/** The slip of a recharge that has one; nothing is asked for one without. */
export function useRechargeSlip(rechargeNo: string, hasSlip: boolean) {
  return useQuery({
    queryKey: paymentKeys.slip(rechargeNo),
    queryFn: () => getRechargeSlip(rechargeNo),
    enabled: hasSlip,
  });
}
