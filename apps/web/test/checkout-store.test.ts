import { CheckoutPaths, type CheckoutSummaryRequest } from '@shop/domain';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAppQueryClient } from '@/app/query-client';
import {
  loadSummary,
  resetCheckoutStore,
  type SummaryInputs,
  summaryKey,
  useCheckoutStore,
} from '@/features/checkout/checkout-store';
import { startSession } from '@/lib/session';
import { summaryFor } from './checkout-fixtures';
import { type fail, mockApi, ok } from './utils';

type Reply = ReturnType<typeof ok> | ReturnType<typeof fail>;

/** A summary answer the test releases when it wants, to make answers arrive out of order. */
function held() {
  const pending: { body: CheckoutSummaryRequest; release: (reply?: Reply) => void }[] = [];
  const handler = (body: unknown) =>
    new Promise<Reply>((resolve) => {
      const request = body as CheckoutSummaryRequest;
      pending.push({ body: request, release: (reply) => resolve(reply ?? ok(summaryFor(request))) });
    });
  return { pending, handler };
}

const inputs = (currency: 'CNY' | 'AUD'): SummaryInputs => ({
  locationCode: '518000',
  currency,
  courierChoices: {},
  gifts: {},
});

beforeEach(() => {
  resetCheckoutStore();
  startSession('tok-1');
});

describe('checkout summary loading order (docs/decisions/010-checkout-summary-state.md)', () => {
  it('keeps the answer to the newest request when an older one arrives after it', async () => {
    const { pending, handler } = held();
    mockApi({ [CheckoutPaths.summary]: handler });
    const queryClient = createAppQueryClient({ retry: false });

    const first = loadSummary(queryClient, inputs('CNY'));
    const second = loadSummary(queryClient, inputs('AUD'));
    await waitFor(() => expect(pending).toHaveLength(2));
    pending[1]?.release();
    await second;
    pending[0]?.release();
    await first;

    const state = useCheckoutStore.getState();
    expect(state.summary?.currency).toBe('AUD');
    expect(state.checkout.info.cr).toBe('AUD');
    expect(state.requestedKey).toBe(summaryKey(inputs('AUD')));
    expect(state.loading).toBe(false);
  });

  it('ignores an older request that fails after the newest one succeeded', async () => {
    const { pending, handler } = held();
    mockApi({ [CheckoutPaths.summary]: handler });
    const queryClient = createAppQueryClient({ retry: false });

    const first = loadSummary(queryClient, inputs('CNY'));
    const second = loadSummary(queryClient, inputs('AUD'));
    await waitFor(() => expect(pending).toHaveLength(2));
    pending[1]?.release();
    await second;
    pending[0]?.release({ success: false, resultCode: -1, message: '服务繁忙', data: null });
    await first;

    const state = useCheckoutStore.getState();
    expect(state.failed).toBe(false);
    expect(state.checkout.info.items.length).toBeGreaterThan(0);
  });
});
