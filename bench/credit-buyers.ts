import { randomUUID } from 'node:crypto';
import {
  AddressPaths,
  CartPaths,
  CompanyPaths,
  type CreatedOrder,
  formatAmount,
  MAX_RECHARGE,
  MemberPaths,
  OrderPaths,
  PaymentPaths,
  toMinor,
} from '@shop/domain';
import { callApi } from '../e2e/support/api';
import type { RunningShop } from '../e2e/support/server';
import type { orderBuyers } from './order-buyers';
import { RECEIVER } from './order-buyers';
import { runConcurrently, settings } from './support';

/**
 * Members who pay for each order as they place it, for bench/order-api.ts's comparison of paying from the deposit
 * and on account (账期, issue #38): registered through the API, each with a receiver and, for on account, a company
 * of their own that they are the admin of. Their money comes from the operator's commands (`fundingCommands`),
 * run while the shop is stopped (support.ts runWhileStopped).
 */

export interface Payer {
  token: string;
  username: string;
  receiverId: number;
  /** The company the member created (and is the admin of); null for a member paying from the deposit. */
  companyId: number | null;
}

/** One order placed and paid: how long each call took (ms), or the refusal. */
export interface PairResult {
  orderMs: number;
  payMs: number;
  refused: { status: number; message: string } | null;
}

export type PayMethod = 'deposit' | 'account';

export function creditBuyers(shop: RunningShop, buyers: Awaited<ReturnType<typeof orderBuyers>>) {
  const { basket, post } = buyers;
  const lines = basket.map((s) => ({ skuId: s.skuId, qty: 1 }));

  /** Registers `count` members, each with a receiver and, when `company`, a company of their own. */
  async function payers(count: number, company: boolean): Promise<Payer[]> {
    const tokens = await buyers.register(count);
    const made = await runConcurrently(
      tokens.map((token, n) => async (): Promise<Payer> => {
        const me = await callApi(shop.baseURL, MemberPaths.current, {}, token);
        const address = await callApi(shop.baseURL, AddressPaths.receiverSave, RECEIVER, token);
        let companyId: number | null = null;
        if (company) {
          const created = await callApi(
            shop.baseURL,
            CompanyPaths.create,
            { name: `压测公司 ${n + 1}`, taxNo: '51824753556' },
            token,
          );
          companyId = created.company?.id ?? null;
          if (companyId === null) throw new Error(`${me.username}: company/create/ answered no company`);
        }
        return { token, username: me.username, receiverId: address.id, companyId };
      }),
      settings.connections,
    );
    return made.results;
  }

  /** Puts the basket in the payer's cart (an order empties it) and places the order, unpaid. */
  async function placeOrder(payer: Payer) {
    await callApi(shop.baseURL, CartPaths.batchAddItems, lines, payer.token);
    const order = { currency: 'CNY', receiverId: payer.receiverId, requestId: randomUUID() };
    return post<CreatedOrder>(OrderPaths.create, order, payer.token);
  }

  /** Pays an order from the payer's CNY deposit (the amount due, as the checkout page sends it) or on account. */
  function pay(method: PayMethod, payer: Payer, order: CreatedOrder) {
    return method === 'deposit'
      ? post(
          PaymentPaths.payByDeposit,
          { orderId: order.orderId, currency: 'CNY', deposit: order.totalPrice },
          payer.token,
        )
      : post(PaymentPaths.payOnAccount, { orderId: order.orderId }, payer.token);
  }

  /**
   * Every payer at once, each placing `each` orders one after another: the basket put back in the cart, then
   * createdOrder/ and the payment, each pair timed (the cart excluded); the seconds are the whole run's.
   */
  async function orderAndPay(method: PayMethod, list: readonly Payer[], each: number) {
    const pairs: PairResult[] = [];
    const started = performance.now();
    await Promise.all(
      list.map(async (payer) => {
        for (let i = 0; i < each; i += 1) {
          await callApi(shop.baseURL, CartPaths.batchAddItems, lines, payer.token);
          const t0 = performance.now();
          const order = await post<CreatedOrder>(
            OrderPaths.create,
            { currency: 'CNY', receiverId: payer.receiverId, requestId: randomUUID() },
            payer.token,
          );
          const t1 = performance.now();
          if (!order.success) {
            pairs.push({ orderMs: t1 - t0, payMs: 0, refused: order });
            continue;
          }
          const paid = await pay(method, payer, order.data);
          pairs.push({
            orderMs: t1 - t0,
            payMs: performance.now() - t1,
            refused: paid.success ? null : paid,
          });
        }
      }),
    );
    return { pairs, seconds: (performance.now() - started) / 1000 };
  }

  return { payers, placeOrder, pay, orderAndPay };
}

/**
 * The operator's commands that fund the payers (major units): a CNY deposit gift to each member paying from the
 * deposit (in gifts of at most MAX_RECHARGE, what one takes), CNY credit on 30-day terms to each company.
 */
export function fundingCommands(
  deposits: readonly { payer: Payer; amount: number }[],
  credits: readonly { companyId: number; limit: number }[],
): string[][] {
  const by = ['--by', 'bench'];
  const gifts = deposits.flatMap(({ payer, amount }) => {
    const parts: string[][] = [];
    for (let left = toMinor(amount); left > 0; left -= toMinor(MAX_RECHARGE)) {
      const part = formatAmount(Math.min(left, toMinor(MAX_RECHARGE)));
      parts.push(['deposit:gift', '--member', payer.username, '--currency', 'CNY', '--amount', part, ...by]);
    }
    return parts;
  });
  const grants = credits.map(({ companyId, limit }) => [
    'credit:grant',
    '--company',
    String(companyId),
    '--currency',
    'CNY',
    '--limit',
    formatAmount(toMinor(limit)),
    '--terms',
    '30',
    ...by,
  ]);
  return [...gifts, ...grants];
}
