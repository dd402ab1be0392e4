import { AdminMemberPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchFile } from '@/lib/transfer';
import { rechargeKeys } from './keys';

/** recharge/slip/: the member's transfer slip of a bank transfer, the image itself. */
export async function getRechargeSlip(rechargeNo: string): Promise<Blob> {
  return (await fetchFile(AdminMemberPaths.rechargeSlip, { rechargeNo })).blob();
}

export const rechargeSlipQuery = (rechargeNo: string) =>
  queryOptions({
    queryKey: rechargeKeys.slip(rechargeNo),
    queryFn: () => getRechargeSlip(rechargeNo),
  });

/** The slip of a recharge that has one; nothing is asked for one without. */
export function useRechargeSlip(rechargeNo: string, hasSlip: boolean) {
  return useQuery({ ...rechargeSlipQuery(rechargeNo), enabled: hasSlip });
}
