import {
  type CreatedOrder,
  type Currency,
  QuoteMessages,
  type quoteAcceptRequestSchema,
  quoteStateOf,
} from '@shop/domain';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { paramsError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { shopDay } from '../lib/shop-day';
import type { CatalogueService } from '../modules/catalogue';
import type { CheckoutService, Quote } from '../modules/checkout';
import { claimAccept, findQuote, type QuoteService, setOrder } from '../modules/quote';
import type { AuthContext } from '../plugins/auth';

type AcceptInput = z.output<typeof quoteAcceptRequestSchema>;

export interface AcceptQuoteDeps {
  clock: Clock;
  quotes: Pick<QuoteService, 'forAccept' | 'refusalOf'>;
  checkout: Pick<CheckoutService, 'priceLines'>;
  catalogue: Pick<CatalogueService, 'priceLevel'>;
  /** The order creation's placing of priced lines (place-order.ts placePriced, wired in services.ts). */
  orders: {
    placePriced(
      auth: AuthContext,
      input: Pick<AcceptInput, 'requestId' | 'isPickup' | 'receiverId' | 'senderId' | 'memberRemark'> & {
        currency: Currency;
      },
      price: (locationCode: string) => Promise<Quote>,
      steps: {
        claim: (tx: Database) => Promise<void>;
        placed: (tx: Database, order: { id: number; orderNo: string }) => Promise<void>;
      },
    ): Promise<CreatedOrder>;
  };
}

export type AcceptQuoteFlow = ReturnType<typeof createAcceptQuoteFlow>;

/**
 * Accepting a quote (issue #38 part 4, docs/decisions/055): the order is placed through the same creation as the
 * cart's, its lines priced at the quote (no breaks, no promotions) with the quoted freight, and its taxes as any
 * order's; stock is taken by the same statement. One transaction starts with the quote's conditional acceptance
 * (still answered, the version the member saw, not past its day) and ends by naming the order on the quote, so two
 * accepts at once make one order and a refused order leaves the quote answered.
 */
export function createAcceptQuoteFlow({ clock, quotes, checkout, catalogue, orders }: AcceptQuoteDeps) {
  return {
    async accept(auth: AuthContext, input: AcceptInput): Promise<CreatedOrder> {
      const { row, lines, companyId } = await quotes.forAccept(auth.memberId, input.id);
      const today = shopDay(clock());
      // Refused at once when it is not answered in the version seen; a parallel accept that gets past this finds
      // the claim taken, and a repeat of its requestId answers the order made.
      if (quoteStateOf(row.state, row.validUntil, today) !== 'answered' || row.version !== input.version)
        throw paramsError(quotes.refusalOf(row, today));
      const currency = row.currency as Currency;
      const prices = new Map(lines.flatMap((l) => (l.price === null ? [] : [[l.skuId, l.price] as const])));
      const level = await catalogue.priceLevel(auth);
      return orders.placePriced(
        auth,
        { ...input, currency },
        (locationCode) =>
          checkout.priceLines({
            level,
            request: { currency, locationCode, packs: [], gifts: [] },
            lines: lines.map((l) => ({ id: l.id, skuId: l.skuId, qty: l.qty })),
            quoted: { prices, freight: row.freight ?? 0 },
          }),
        {
          async claim(tx) {
            const at = clock();
            const claimed = await claimAccept(tx, {
              id: row.id,
              memberId: auth.memberId,
              companyId,
              version: input.version,
              today: shopDay(at),
              at,
            });
            if (!claimed) {
              // Why: another accept won, staff answered again, or its day passed meanwhile.
              const current = await findQuote(tx, row.id);
              throw paramsError(current ? quotes.refusalOf(current, shopDay(at)) : QuoteMessages.notFound);
            }
          },
          async placed(tx, order) {
            await setOrder(tx, row.id, order.id);
          },
        },
      );
    },
  };
}
