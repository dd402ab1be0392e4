import {
  CreditMessages,
  type Currency,
  formatAmount,
  formatPrice,
  InvalidAmountError,
  toMinor,
} from '@shop/domain';

/**
 * Allocating a payment received to a company's unpaid invoices, in minor units. The server checks the same rules
 * (CreditMessages.allocateTooMuch, allocateOverPayment); the form checks them first so finance see the problem
 * beside the invoice before anything is sent.
 */

/** An unpaid invoice as the allocation list needs it; `owed` in minor units. */
export interface Allocatable {
  id: number;
  dueOn: string;
  issuedOn: string;
  owed: number;
}

/** What finance typed for each invoice, in major units (元), by invoice id; empty means nothing. */
export type AllocationInputs = Record<number, string>;

/** Oldest due first: the invoice that blocks the company soonest is paid first (then the older one, then by id). */
export function byDueDate<T extends Allocatable>(invoices: readonly T[]): T[] {
  return [...invoices].sort(
    (a, b) => a.dueOn.localeCompare(b.dueOn) || a.issuedOn.localeCompare(b.issuedOn) || a.id - b.id,
  );
}

/** The amount spread over the invoices oldest due first, each up to what it owes, until the amount runs out. */
export function prefillAllocations(invoices: readonly Allocatable[], amount: number): AllocationInputs {
  const inputs: AllocationInputs = {};
  let left = Math.max(0, amount);
  for (const invoice of byDueDate(invoices)) {
    if (left <= 0) break;
    const take = Math.min(left, invoice.owed);
    if (take <= 0) continue;
    inputs[invoice.id] = formatAmount(take);
    left -= take;
  }
  return inputs;
}

export interface AllocationCheck {
  /** The invoices given more than 0, in minor units, in due order. */
  allocations: { invoiceId: number; amount: number }[];
  total: number;
  /** What stays unallocated on the payment; below 0 when the total is over the amount. */
  remainder: number;
  /** Each invoice's problem by id: not an amount, or more than it owes. */
  rowProblems: Record<number, string>;
  /** The total is over the amount. */
  overAmount: string | null;
  ok: boolean;
}

function parseInput(text: string | undefined): number | 'invalid' {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return 0;
  try {
    return toMinor(trimmed);
  } catch (error) {
    if (error instanceof InvalidAmountError) return 'invalid';
    throw error;
  }
}

/** Checks what was typed against each invoice's owed and the payment's amount (minor units). */
export function checkAllocations(
  invoices: readonly Allocatable[],
  amount: number,
  inputs: AllocationInputs,
  currency: Currency,
): AllocationCheck {
  const allocations: AllocationCheck['allocations'] = [];
  const rowProblems: Record<number, string> = {};
  let total = 0;
  for (const invoice of byDueDate(invoices)) {
    const value = parseInput(inputs[invoice.id]);
    if (value === 'invalid') rowProblems[invoice.id] = '金额须为数字，最多两位小数';
    else if (value < 0) rowProblems[invoice.id] = '金额不能为负';
    else if (value > invoice.owed)
      rowProblems[invoice.id] = CreditMessages.allocateTooMuch(formatPrice(invoice.owed, currency));
    else if (value > 0) {
      allocations.push({ invoiceId: invoice.id, amount: value });
      total += value;
    }
  }
  const overAmount =
    total > amount ? CreditMessages.allocateOverPayment(formatPrice(Math.max(0, amount), currency)) : null;
  return {
    allocations,
    total,
    remainder: amount - total,
    rowProblems,
    overAmount,
    ok: overAmount === null && Object.keys(rowProblems).length === 0,
  };
}
