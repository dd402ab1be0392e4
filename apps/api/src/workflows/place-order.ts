import {
  type Address,
  APPROVAL_HOLD_HOURS,
  Currency,
  type createOrderRequestSchema,
  formatPrice,
  locationCodeFor,
  MessageType,
  OrderStatus,
  ResultCode,
  toMajor,
} from '@shop/domain';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { runStatement } from '../db/statement';
import { AppError, notFoundError, paramsError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import type { MemberNotifier } from '../lib/member-notice';
import { NO_COUNTERS, type ShopCounters } from '../lib/metrics';
import { shopMonthStart } from '../lib/shop-day';
import type { AddressBookService } from '../modules/address-book';
import { orderedLinesRemoval } from '../modules/cart';
import type { CatalogueService } from '../modules/catalogue';
import type { CheckoutService, Quote } from '../modules/checkout';
import { type ApprovalNeed, adminIds, approvalNeed, insertApproval, lockBuyer } from '../modules/company';
import { StockShortError, stockTakePart } from '../modules/inventory';
import { findByRequest, orderWritesPart, spentSince } from '../modules/order';
import type { AuthContext } from '../plugins/auth';

export const CreateOrderMessages = {
  created: '订单已创建',
  receiverRequired: '请选择收货地址',
  addressNotFound: '地址不存在',
  viewerCannotOrder: '您在公司中是查看者，不能下单；请联系公司管理员',
} as const;

export type CreateOrderInput = z.output<typeof createOrderRequestSchema>;

/** What placing needs beyond the priced lines: the request's key, the destination and the member's remark. */
export type PlaceInput = Pick<
  CreateOrderInput,
  'requestId' | 'isPickup' | 'receiverId' | 'senderId' | 'memberRemark'
>;

/** What createdOrder/ answers (createOrderResponseSchema). */
export interface CreatedOrder {
  orderId: number;
  orderNo: string;
  status: number;
  currency: 'AUD' | 'CNY';
  totalPrice: number;
}

export interface OrderCreationDeps {
  db: Database;
  clock: Clock;
  checkout: Pick<CheckoutService, 'quote'>;
  catalogue: Pick<CatalogueService, 'priceLevel' | 'catalogueChanged'>;
  addressBook: Pick<AddressBookService, 'entry'>;
  /**
   * The member's company and role (the company module, issue #38): the order is the company's too, and a viewer
   * places none. Absent: no member has a company.
   */
  companyOf?: (memberId: number) => Promise<{ companyId: number; role: string } | null>;
  /** Orders created and orders refused for lack of stock are counted for the metrics (GET /metrics). */
  counters?: Pick<ShopCounters, 'orderCreated' | 'stockRefused'>;
  /** Tells the company's admins of an order waiting for them (the messages module's send). */
  notify?: MemberNotifier;
}

export type OrderCreationService = ReturnType<typeof createOrderCreationService>;

const HOUR_MS = 3_600_000;

/** The order number before its id: 'SO' + the order day (UTC, yyyyMMdd). */
function orderNumberPrefix(at: Date): string {
  return `SO${at.toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/**
 * 'SO' + the order day (UTC, yyyyMMdd) + the order id padded to 8 digits: unique because the id is. The insert
 * builds it in SQL from the id it takes (order.create.repository insertOrderWithPacks), given the prefix.
 */
export function orderNumber(id: number, at: Date): string {
  return `${orderNumberPrefix(at)}${String(id).padStart(8, '0')}`;
}

/** An address book entry as the order keeps it: its fields without id, defaultFlag and updatedAt. */
function snapshot(address: Address | null): Record<string, unknown> | null {
  if (!address) return null;
  const { id: _id, defaultFlag: _default, updatedAt: _updated, ...fields } = address;
  return fields;
}

function toCreated(row: {
  id: number;
  orderNo: string;
  status: number;
  currency: string;
  totalAmount: number;
}): CreatedOrder {
  return {
    orderId: row.id,
    orderNo: row.orderNo,
    status: row.status,
    currency: row.currency === Currency.AUD ? Currency.AUD : Currency.CNY,
    totalPrice: toMajor(row.totalAmount),
  };
}

/** Order creation (spec §7 createdOrder/, §4 'Order actions'; docs/design.md 'Stock and orders'). */
export function createOrderCreationService({
  db,
  clock,
  checkout,
  catalogue,
  addressBook,
  companyOf = async () => null,
  counters = NO_COUNTERS,
  notify = async () => {},
}: OrderCreationDeps) {
  async function addressOf(memberId: number, book: 'receiver' | 'sender', id: number): Promise<Address> {
    const entry = await addressBook.entry(memberId, book, id, db);
    if (!entry) throw notFoundError(CreateOrderMessages.addressNotFound, { [`${book}Id`]: id });
    return entry;
  }

  /** Where the order goes: its address snapshots and the location code its prices and taxes are worked out for. */
  async function destination(memberId: number, input: PlaceInput) {
    if (!input.isPickup && input.receiverId === null) throw paramsError(CreateOrderMessages.receiverRequired);
    const [receiver, sender] = await Promise.all([
      input.isPickup || input.receiverId === null ? null : addressOf(memberId, 'receiver', input.receiverId),
      input.senderId === null ? null : addressOf(memberId, 'sender', input.senderId),
    ]);
    const locationCode = locationCodeFor({ isPickup: input.isPickup, receiverPostCode: receiver?.postCode });
    return { receiver, sender, locationCode };
  }

  /**
   * Places a priced order: one statement (ADR 028, ADR 044) of the inventory's take, the cart's removal of the
   * ordered lines (none for a quote's) and the order's writes reading what each line took. A refusal comes back as
   * the error its part names: stock short (StockShortError) or the lines ordered by another checkout meanwhile
   * ('购物车已变化'). A buyer's order is checked against their limits with their company row locked; over a limit
   * it waits for approval. With `inTransaction` (a quote's acceptance) it all runs in one transaction that starts
   * with that step, and `afterPlaced` runs in it once the order is written.
   */
  async function place(
    memberId: number,
    input: PlaceInput,
    where: Awaited<ReturnType<typeof destination>>,
    quote: Quote,
    company: { companyId: number; role: string } | null,
    options: {
      cartIds: readonly number[];
      inTransaction?: (tx: Database) => Promise<void>;
      afterPlaced?: (tx: Database, order: { id: number; orderNo: string }) => Promise<void>;
    },
  ): Promise<{ written: { id: number; orderNo: string } | undefined; waiting: ApprovalNeed | null }> {
    const now = clock();
    const { receiver, sender, locationCode } = where;
    const lines = quote.packs.flatMap((pack) => pack.items.map((item) => ({ pack, item })));
    const take = stockTakePart(
      lines.map(({ item }) => ({
        skuId: item.skuId,
        qty: item.qty,
        status: item.status,
        label: item.skuName || item.name,
      })),
      quote.items.filter((item) => !item.isGift).map((item) => ({ goodsId: item.goodsId, qty: item.qty })),
    );
    const cartRemoval = orderedLinesRemoval(memberId, options.cartIds);
    // The order's writes, as NotPaid, or as NotConfirmed when it waits for its company's approval.
    const orderPart = (status: OrderStatus, companyId: number | null) =>
      orderWritesPart(
        orderNumberPrefix(now),
        {
          memberId,
          companyId,
          requestId: input.requestId,
          status,
          currency: quote.currency,
          isPickup: quote.isPickup,
          locationCode,
          goodsAmount: quote.goods,
          shippingAmount: quote.otherPrice,
          // Kept apart (ADR 038): the cross-border tax, and the GST with whether the prices included it.
          taxAmount: quote.crossBorderTax,
          gstAmount: quote.gst,
          gstIncluded: quote.gstIncluded,
          promotionsAmount: quote.promotionsSum,
          totalAmount: quote.total,
          rate: quote.rateUsed ? quote.rate : null,
          receiver: snapshot(receiver),
          sender: snapshot(sender),
          memberRemark: input.memberRemark,
          createdAt: now,
          updatedAt: now,
        },
        quote.packs.map((pack) => ({
          packIndex: pack.index,
          location: pack.location,
          status,
          courierId: pack.courierId,
          courierName: pack.courierName,
          shippingAmount: pack.shippingFee,
          weight: pack.weight,
          // Where to collect it, as it is now: the order keeps it like the address snapshots.
          pickup:
            quote.isPickup && pack.pickup
              ? { address: pack.pickup.address, hours: pack.pickup.hours, phone: pack.pickup.phone }
              : null,
          updatedAt: now,
        })),
        lines.map(({ pack, item }) => ({ packIndex: pack.index, item })),
        take,
      );
    if (company?.role !== 'buyer' && !options.inTransaction) {
      const order = orderPart(OrderStatus.NotPaid, company?.companyId ?? null);
      const [written] = await runStatement(db, 'place_order', [take, cartRemoval, order], order.written);
      return { written, waiting: null };
    }
    let waiting: ApprovalNeed | null = null;
    const written = await db.transaction(async (tx) => {
      await options.inTransaction?.(tx);
      // A buyer's order is checked against their limits (issue #38, ADR 055) with their company row locked,
      // so their parallel orders count the month one after another; over a limit, it waits for approval.
      const buyer = company?.role === 'buyer' ? await lockBuyer(tx, memberId, quote.currency) : null;
      if (buyer?.role === 'viewer')
        throw new AppError(ResultCode.PermissionDenied, CreateOrderMessages.viewerCannotOrder);
      const spent =
        buyer?.limit.perMonth != null
          ? await spentSince(tx, {
              memberId,
              companyId: buyer.companyId,
              currency: quote.currency,
              since: shopMonthStart(now),
            })
          : 0;
      waiting = buyer ? approvalNeed(buyer.limit, quote.total, spent) : null;
      const order = orderPart(
        waiting ? OrderStatus.NotConfirmed : OrderStatus.NotPaid,
        buyer?.companyId ?? company?.companyId ?? null,
      );
      const [row] = await runStatement(tx, 'place_order', [take, cartRemoval, order], order.written);
      if (row && buyer && waiting) {
        await insertApproval(tx, {
          orderId: row.id,
          orderNo: row.orderNo,
          companyId: buyer.companyId,
          memberId,
          currency: quote.currency,
          amount: quote.total,
          reason: waiting.reason,
          limitAmount: waiting.limit,
          spentBefore: waiting.spentBefore,
          createdAt: now,
          expiresAt: new Date(now.getTime() + APPROVAL_HOLD_HOURS * HOUR_MS),
        });
        const over = waiting.reason === 'perOrder' ? '单笔额度' : '本月额度';
        for (const admin of await adminIds(tx, buyer.companyId))
          await notify(tx, {
            memberId: admin,
            type: MessageType.TradeLogistics,
            title: '有订单等待您审批',
            content: `订单 ${row.orderNo}（${formatPrice(quote.total, quote.currency)}）超出采购员的${over}（${formatPrice(waiting.limit, quote.currency)}），请在${APPROVAL_HOLD_HOURS}小时内批准或拒绝，逾期订单将自动取消。`,
            link: '/member/company',
            outside: {
              kind: 'approvalWaiting',
              params: { orderNo: row.orderNo, amount: formatPrice(quote.total, quote.currency) },
            },
          });
      }
      if (row) await options.afterPlaced?.(tx, row);
      return row;
    });
    return { written, waiting };
  }

  /** The outcome of placing: the order made, or for a repeated requestId the one made before (see createOrder). */
  async function settle(
    memberId: number,
    requestId: string,
    run: () => Promise<CreatedOrder>,
    refusedForStock: () => boolean,
  ): Promise<CreatedOrder> {
    let created: CreatedOrder;
    try {
      created = await run();
    } catch (error) {
      // A racing request with the same requestId may have committed after this one looked: it either hit
      // the unique index, or found the cart lines already ordered and removed. Either way that order is
      // the answer to this requestId.
      const winner = await findByRequest(db, memberId, requestId);
      if (!winner) {
        if (refusedForStock() || error instanceof StockShortError) counters.stockRefused('order');
        throw error;
      }
      return toCreated(winner);
    }
    counters.orderCreated();
    // The stock it took is committed: the goods exports must show it (after the commit, see catalogueChanged).
    await catalogue.catalogueChanged();
    return created;
  }

  return {
    /**
     * Creates an order from the member's selected cart lines (spec §7 createdOrder/, §4 'Order actions';
     * docs/design.md 'Stock and orders'). The addresses and the quote are read first: the price is the checkout
     * quote re-run from the database, and a not-valid quote is refused with its message (pickup from a warehouse
     * without a pickup point among the reasons). Then one statement, all or nothing, outside any transaction
     * block: the stock taken with the SKUs locked in id order (ByStock all, or '库存不足：<name>'), the goods'
     * sales counted, the order with its address snapshots, its packs with their pickup point and its items
     * written, and the ordered cart lines removed (or '购物车已变化' when another checkout removed them first). So
     * the locks other orders of the same goods wait on are held for that statement and its commit, with no round
     * trip to this process in between (ADR 028, docs/scaling.md 'Where checkout's time goes'). The same requestId
     * answers the order already made: a repeat, or requests that race (the unique index or the emptied cart
     * stops the later one, which then answers the first one's order).
     */
    async createOrder(auth: AuthContext, input: CreateOrderInput): Promise<CreatedOrder> {
      const { memberId } = auth;
      // Whether the quote refused it for stock: counted once the outcome is final.
      let quoteShortOfStock = false;
      // A repeat of a requestId already ordered is not looked for first (one statement less for every order):
      // its cart lines are gone, or the unique index stops it, and the catch answers that order.
      return settle(
        memberId,
        input.requestId,
        async () => {
          const [company, level, where] = await Promise.all([
            companyOf(memberId),
            catalogue.priceLevel(auth),
            destination(memberId, input),
          ]);
          if (company?.role === 'viewer')
            throw new AppError(ResultCode.PermissionDenied, CreateOrderMessages.viewerCannotOrder);
          const quote = await checkout.quote(memberId, level, {
            currency: input.currency,
            locationCode: where.locationCode,
            packs: input.packs,
            gifts: input.gifts,
          });
          if (!quote.valid) {
            quoteShortOfStock = quote.shortOfStock;
            throw paramsError(quote.notForSaleMsg);
          }
          const cartIds = quote.items.flatMap((item) => (item.cartId === null ? [] : [item.cartId]));
          const { written, waiting } = await place(memberId, input, where, quote, company, { cartIds });
          if (!written) throw new Error('the order statement answered no order');
          return toCreated({
            id: written.id,
            orderNo: written.orderNo,
            status: waiting ? OrderStatus.NotConfirmed : OrderStatus.NotPaid,
            currency: quote.currency,
            totalAmount: quote.total,
          });
        },
        () => quoteShortOfStock,
      );
    },

    /**
     * Places an order of lines priced elsewhere (a quote's, issue #38) through the same writes as createOrder, in
     * one transaction that starts with `claim` (the quote's conditional acceptance) and ends with `placed`. No cart
     * line is removed. `price` prices the lines for the order's destination; a not-valid price is refused with its
     * message (a SKU off the shelf, short of stock).
     */
    async placePriced(
      auth: AuthContext,
      input: PlaceInput & { currency: 'AUD' | 'CNY' },
      price: (locationCode: string) => Promise<Quote>,
      steps: {
        claim: (tx: Database) => Promise<void>;
        placed: (tx: Database, order: { id: number; orderNo: string }) => Promise<void>;
      },
    ): Promise<CreatedOrder> {
      const { memberId } = auth;
      let shortOfStock = false;
      return settle(
        memberId,
        input.requestId,
        async () => {
          const [company, where] = await Promise.all([companyOf(memberId), destination(memberId, input)]);
          if (company?.role === 'viewer')
            throw new AppError(ResultCode.PermissionDenied, CreateOrderMessages.viewerCannotOrder);
          const quote = await price(where.locationCode);
          if (!quote.valid) {
            shortOfStock = quote.shortOfStock;
            throw paramsError(quote.notForSaleMsg);
          }
          const { written, waiting } = await place(memberId, input, where, quote, company, {
            cartIds: [],
            inTransaction: steps.claim,
            afterPlaced: steps.placed,
          });
          if (!written) throw new Error('the order statement answered no order');
          return toCreated({
            id: written.id,
            orderNo: written.orderNo,
            status: waiting ? OrderStatus.NotConfirmed : OrderStatus.NotPaid,
            currency: quote.currency,
            totalAmount: quote.total,
          });
        },
        () => shortOfStock,
      );
    },
  };
}
