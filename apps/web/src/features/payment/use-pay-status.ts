import { PAY_CANCELLED_MESSAGE, PAY_FAILED_MESSAGE, type PayStatusResult, ResultCode } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { findPayStatusQueryOptions } from './api/find-pay-status';
import type { PayStatusTarget } from './api/keys';

/** How often a pending payment is asked about, and for how long (spec §9 leaves polling timings open). */
export const PAY_STATUS_POLL_MS = 1500;
export const PAY_STATUS_MAX_MS = 60_000;

/** Where a payment stands, as the pages show it. */
export type PayOutcome =
  | { state: 'checking' }
  /** Still pending after PAY_STATUS_MAX_MS: the shopper may ask again. */
  | { state: 'timeout' }
  | { state: 'paid'; result: PayStatusResult }
  /** PayCancel 1021 (spec §8). */
  | { state: 'cancelled'; message: string }
  /** PayFailed 1022 (spec §8). */
  | { state: 'failed'; message: string }
  /** The status could not be read (network, server): a retry. */
  | { state: 'error'; message: string };

/** The outcomes that end a payment: paid, PayCancel or PayFailed. */
export type SettledState = Extract<PayOutcome['state'], 'paid' | 'cancelled' | 'failed'>;

/**
 * Asks findPayStatus/ every PAY_STATUS_POLL_MS while the payment is pending, for at most PAY_STATUS_MAX_MS;
 * paid, PayCancel and PayFailed settle it, and `onSettled` then runs once with the outcome. `retry` starts a
 * fresh round.
 */
export function usePayStatus(
  target: PayStatusTarget | undefined,
  onSettled?: (outcome: Extract<PayOutcome, { state: SettledState }>) => void,
) {
  const [round, setRound] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  const query = useQuery({
    ...findPayStatusQueryOptions(target ?? { orderId: 0 }),
    enabled: target !== undefined && !timedOut,
    // An error keeps the last data (pending): only a pending answer as the latest state polls on.
    refetchInterval: (q) =>
      q.state.status === 'success' && q.state.data?.status === 'pending' ? PAY_STATUS_POLL_MS : false,
  });
  const pending = !query.isError && (query.isPending || query.data?.status === 'pending');

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round restarts the clock
  useEffect(() => {
    if (!pending || target === undefined) return;
    const timer = setTimeout(() => setTimedOut(true), PAY_STATUS_MAX_MS);
    return () => clearTimeout(timer);
  }, [pending, target === undefined, round]);

  const retry = () => {
    setTimedOut(false);
    setRound((r) => r + 1);
    void query.refetch();
  };

  let outcome: PayOutcome;
  if (query.isError) {
    const error = query.error;
    const code = isApiError(error) ? error.code : undefined;
    if (code === ResultCode.PayCancel) outcome = { state: 'cancelled', message: error.message };
    else if (code === ResultCode.PayFailed) outcome = { state: 'failed', message: error.message };
    else outcome = { state: 'error', message: error.message };
  } else if (query.data?.status === 'paid') outcome = { state: 'paid', result: query.data };
  // A cancelled or failed payment is an answer, not an error (spec §8 PayCancel 1021, PayFailed 1022).
  else if (query.data?.status === 'cancelled')
    outcome = { state: 'cancelled', message: query.data.failure?.message ?? PAY_CANCELLED_MESSAGE };
  else if (query.data?.status === 'failed')
    outcome = { state: 'failed', message: query.data.failure?.message ?? PAY_FAILED_MESSAGE };
  else if (timedOut) outcome = { state: 'timeout' };
  else outcome = { state: 'checking' };

  const reported = useRef(false);
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;
  const settled = outcome.state === 'paid' || outcome.state === 'cancelled' || outcome.state === 'failed';
  // biome-ignore lint/correctness/useExhaustiveDependencies: reported once, when the state first settles
  useEffect(() => {
    if (reported.current || !settled) return;
    reported.current = true;
    settledRef.current?.(outcome as Extract<PayOutcome, { state: SettledState }>);
  }, [settled]);

  return { outcome, retry };
}
