/** A channel's trade number from the address (the shape findPayStatus/ accepts), or undefined. */
export function tradeNoParam(value: string | null | undefined): string | undefined {
  return value && /^[A-Z0-9]{8,32}$/.test(value) ? value : undefined;
}

/** The member's deposit balances in major units (spec §3 'User': cnyDeposit, audDeposit). */
export interface Balances {
  cnyDeposit: number;
  audDeposit: number;
}
