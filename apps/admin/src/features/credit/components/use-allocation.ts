import type { AdminAccountInvoice, Currency } from '@shop/domain';
import { useEffect, useMemo, useState } from 'react';
import { type AllocationInputs, checkAllocations, prefillAllocations } from '../allocation';
import { allocationRows } from './allocation-list';

/**
 * The allocation list's state for a payment of `amount` (minor units, null while none is typed) in `currency`:
 * prefilled oldest due first whenever the amount, the currency or the invoices change, then as finance edit it.
 */
export function useAllocation(
  invoices: readonly AdminAccountInvoice[] | undefined,
  currency: Currency,
  amount: number | null,
) {
  const rows = useMemo(() => allocationRows(invoices ?? [], currency), [invoices, currency]);
  const [inputs, setInputs] = useState<AllocationInputs>({});
  const prefill = () => setInputs(prefillAllocations(rows, amount ?? 0));
  useEffect(() => {
    setInputs(prefillAllocations(rows, amount ?? 0));
  }, [rows, amount]);
  const check = checkAllocations(rows, amount ?? 0, inputs, currency);
  return { rows, inputs, setInputs, prefill, check };
}
