import { randomBytes, randomUUID } from 'node:crypto';
import {
  Currency,
  type GoodsListItem,
  OrderStatus,
  type Sku,
  SkuStatus,
  SupportTicketPriority,
  SupportTicketType,
} from '@shop/domain';
import { cliActor } from '../lib/audit';
import { shopPeriods } from '../lib/shop-day';
import { mulberry32, type Random } from './data/random';
import { demoGoods } from './demo-checkout';
import type { SeedStep } from './seed';

/**
 * The demo shop's past (SEED_DEMO_HISTORY_DAYS, 60 by default): wholesale buyers who registered over those days and
 * ordered, paid by bank transfer, were shipped to and received their goods, so the 工作台's charts, the reports and
 * the finance exports open on something to read. Every step goes through the shop's own services on a clock set
 * to the day it happened, as the buyer and the staff would have done it: the cart, the checkout's quote and the
 * order's one statement, the transfer confirmed by staff (an offline payment), the warehouse's steps, the ship with a
 * courier and a tracking number, and the receipt; then the buyers' questions to the service desk, some answered,
 * some still waiting. Parcels of the past are not followed at the tracking service (it is off for these steps).
 * The last days' orders are still on their way or waiting to ship, as in a shop in use.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Goods picked for past orders keep at least this much stock, so the history never empties a shelf. */
const SPARE_STOCK = 150;

interface DemoBuyer {
  username: string;
  name: string;
  company: string;
  level: number;
  country: 'CN' | 'AU';
  address: { province: string; city: string; district: string; detail: string; postCode: string };
  phone: string;
}

const BUYERS: readonly DemoBuyer[] = [
  {
    username: 'buyer_hz_linmei',
    name: '林美',
    company: '杭州林美母婴店',
    level: 38,
    country: 'CN',
    address: {
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路 138 号 2 楼',
      postCode: '310012',
    },
    phone: '13857100138',
  },
  {
    username: 'buyer_sh_zhouhang',
    name: '周航',
    company: '上海周航贸易有限公司',
    level: 39,
    country: 'CN',
    address: {
      province: '上海市',
      city: '上海市',
      district: '浦东新区',
      detail: '张杨路 500 号 18 楼',
      postCode: '200120',
    },
    phone: '13916600500',
  },
  {
    username: 'buyer_gz_chenjia',
    name: '陈佳',
    company: '广州佳佳进口食品',
    level: 38,
    country: 'CN',
    address: {
      province: '广东省',
      city: '广州市',
      district: '天河区',
      detail: '体育西路 191 号',
      postCode: '510620',
    },
    phone: '13802219100',
  },
  {
    username: 'buyer_syd_wangli',
    name: '王立',
    company: 'Harbour Health Pty Ltd',
    level: 39,
    country: 'AU',
    address: { province: 'NSW', city: 'Sydney', district: '', detail: '88 Sussex Street', postCode: '2000' },
    phone: '0412345678',
  },
  {
    username: 'buyer_cd_liuyang',
    name: '刘洋',
    company: '成都洋洋跨境便利店',
    level: 37,
    country: 'CN',
    address: {
      province: '四川省',
      city: '成都市',
      district: '武侯区',
      detail: '人民南路四段 12 号',
      postCode: '610041',
    },
    phone: '13980012012',
  },
  {
    username: 'buyer_mel_zhangqi',
    name: '张琪',
    company: 'Qi Trading',
    level: 38,
    country: 'AU',
    address: {
      province: 'VIC',
      city: 'Melbourne',
      district: '',
      detail: '200 Bourke Street',
      postCode: '3000',
    },
    phone: '0423456789',
  },
  {
    username: 'buyer_nj_sunhao',
    name: '孙浩',
    company: '南京浩然商贸',
    level: 37,
    country: 'CN',
    address: {
      province: '江苏省',
      city: '南京市',
      district: '鼓楼区',
      detail: '中山北路 30 号',
      postCode: '210008',
    },
    phone: '13951600030',
  },
  {
    username: 'buyer_sz_hexin',
    name: '何欣',
    company: '深圳欣然优选',
    level: 39,
    country: 'CN',
    address: {
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      detail: '科技园南区 W1 栋',
      postCode: '518057',
    },
    phone: '13715500057',
  },
  {
    username: 'buyer_bne_lijun',
    name: '李军',
    company: 'Sunshine Pharmacy Group',
    level: 37,
    country: 'AU',
    address: {
      province: 'QLD',
      city: 'Brisbane',
      district: '',
      detail: '120 Queen Street',
      postCode: '4000',
    },
    phone: '0434567890',
  },
  {
    username: 'buyer_wh_guoting',
    name: '郭婷',
    company: '武汉婷婷宝贝',
    level: 38,
    country: 'CN',
    address: {
      province: '湖北省',
      city: '武汉市',
      district: '江汉区',
      detail: '解放大道 690 号',
      postCode: '430022',
    },
    phone: '13871100690',
  },
];

/** The warehouse's steps between payment and shipping (spec §4 'Order status'). */
const WAREHOUSE_STEPS = [
  OrderStatus.PushedToWarehouse,
  OrderStatus.WarehouseProcessing,
  OrderStatus.AwaitingDispatch,
] as const;

/** The courier of a parcel going to the buyer's country. */
const COURIER_BY_COUNTRY = { CN: 'SF', AU: 'AUPOST' } as const;

/**
 * The buyers' questions of the last days, each about one of their orders: how many hours ago it was asked, and
 * whether the service desk has answered it (then the buyer closed it) or it still waits for the shop.
 */
const QUESTIONS: readonly { hoursAgo: number; answered: boolean; title: string; content: string }[] = [
  {
    hoursAgo: 200,
    answered: true,
    title: '发票抬头需要修改',
    content: '订单的发票抬头写错了，麻烦改成公司全称，谢谢。',
  },
  {
    hoursAgo: 150,
    answered: true,
    title: '能否合并发货',
    content: '这两天下了两单，同一个收货地址，能不能一起发？',
  },
  {
    hoursAgo: 110,
    answered: false,
    title: '包裹一直没有更新物流',
    content: '物流信息三天没有更新了，请帮忙查一下。',
  },
  {
    hoursAgo: 60,
    answered: true,
    title: '到货少了一件',
    content: '收到的箱子里少了一件，箱子外包装完好，请核实。',
  },
  {
    hoursAgo: 40,
    answered: false,
    title: '想改收货电话',
    content: '收货人电话换了，新的号码在备注里，麻烦更新。',
  },
  {
    hoursAgo: 20,
    answered: false,
    title: '下周能补货吗',
    content: '这个型号我们每周都要，请问下周有没有货？',
  },
  { hoursAgo: 9, answered: false, title: '批发价咨询', content: '如果每月固定订 200 箱，价格能不能再谈？' },
  { hoursAgo: 2, answered: false, title: '订单能加急吗', content: '客户催得急，这单能否今天安排出库？' },
];

interface Placed {
  orderNo: string;
  orderId: number;
  memberId: number;
  at: number;
  country: 'CN' | 'AU';
}

/** A tracking number in the courier's own shape. */
function trackingNumber(courier: string, rng: Random): string {
  const digits = (n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');
  return courier === 'SF' ? `SF${digits(13)}` : `AP${digits(10)}AU`;
}

/** SKUs that may go into a past order: sold by stock with plenty of it, priced in the buyer's currency. */
function candidates(goods: readonly GoodsListItem[], currency: Currency): Sku[] {
  return goods.flatMap((g) =>
    g.skus.filter(
      (s) =>
        s.status === SkuStatus.ByStock &&
        s.stock >= SPARE_STOCK &&
        (currency === Currency.AUD ? s.audPrice : s.cnyPrice) !== null,
    ),
  );
}

export const demoHistorySeed: SeedStep = {
  name: 'demo-history',
  async run(services, context) {
    const days = context.config.seedDemoHistoryDays;
    if (days === 0) return 'no order history (SEED_DEMO_HISTORY_DAYS=0)';
    const first = BUYERS[0] as DemoBuyer;
    if ((await services.member.idsByUsernames([first.username])).size > 0) return 'order history exists';

    // One clock for every step of the past: each call below happens at `now`.
    let now = Date.now();
    const past = context.at(() => new Date(now));
    const today = shopPeriods(new Date()).dayStart.getTime();
    const rng = mulberry32(20261201);
    const staff = cliActor('demo-history');
    const goods = await demoGoods(services);
    const pools = { AUD: candidates(goods, Currency.AUD), CNY: candidates(goods, Currency.CNY) };
    if (pools.AUD.length < 5 || pools.CNY.length < 5) return 'too few goods in stock for an order history';

    // The buyers register over the first two thirds of the period, the first half of them on its first day.
    const buyers: { buyer: DemoBuyer; memberId: number; receiverId: number; since: number }[] = [];
    for (const [i, buyer] of BUYERS.entries()) {
      const daysAgo =
        i < BUYERS.length / 2 ? days : Math.max(1, Math.round(days * (1 - (i / BUYERS.length) * 0.7)));
      now = today - daysAgo * DAY_MS + (9 + rng.int(0, 8)) * HOUR_MS + rng.int(0, 59) * 60_000;
      const row = await past.member.createMember({
        username: buyer.username,
        // Nobody signs in as a buyer of the past: their password is random and never shown.
        password: randomBytes(18).toString('base64url'),
        name: buyer.name,
        level: buyer.level,
        company: buyer.company,
        mobile: buyer.country === 'CN' ? buyer.phone : '',
        joinedAt: new Date(now),
      });
      const auth = { memberId: row.id, tokenId: 0 };
      const address = await past.addressBook.save(auth, 'receiver', {
        name: buyer.name,
        phone: buyer.phone,
        country: buyer.country,
        ...buyer.address,
        company: buyer.company,
        idCardNo: '',
        defaultFlag: true,
        shared: false,
      });
      buyers.push({ buyer, memberId: row.id, receiverId: address.id, since: now });
    }

    const locationOf = new Map(goods.map((g) => [g.id, g.location]));
    const closed = new Set<string>();
    const placed: Placed[] = [];
    let refused = 0;
    context.progress(`replaying ${days} days of orders from ${buyers.length} buyers`);
    for (let daysAgo = days; daysAgo >= 1; daysAgo -= 1) {
      if (daysAgo < days && (days - daysAgo) % 15 === 0)
        context.progress(`${days - daysAgo} of ${days} days, ${placed.length} orders`);
      const dayStart = today - daysAgo * DAY_MS;
      const weekday = new Date(dayStart + 8 * HOUR_MS).getUTCDay();
      // More orders as the shop grows, fewer at weekends.
      const count = Math.max(
        0,
        Math.round((1 + (2.5 * (days - daysAgo)) / days) * (weekday % 6 === 0 ? 0.5 : 1) + rng.next() - 0.5),
      );
      for (let n = 0; n < count; n += 1) {
        now = dayStart + (8 + rng.int(0, 13)) * HOUR_MS + rng.int(0, 3599) * 1000;
        const open = buyers.filter((b) => b.since < now);
        if (open.length === 0) continue;
        const { buyer, memberId, receiverId } = rng.pick(open);
        const currency = buyer.country === 'AU' ? Currency.AUD : Currency.CNY;
        const auth = { memberId, tokenId: 0 };
        // One warehouse's goods per order (one parcel), from a warehouse that has shipped to the buyer's country.
        const pool = pools[currency].filter(
          (s) => !closed.has(`${buyer.country}:${locationOf.get(s.goodsId)}`),
        );
        if (pool.length === 0) continue;
        const firstSku = rng.pick(pool);
        const location = locationOf.get(firstSku.goodsId);
        const sameWarehouse = pool.filter((s) => locationOf.get(s.goodsId) === location);
        const lines = new Map<number, number>();
        for (let l = rng.int(1, 4); l > 0; l -= 1) {
          const sku = l === 1 ? firstSku : rng.pick(sameWarehouse);
          lines.set(sku.id, Math.max(sku.minQty, sku.stepQty * rng.int(1, 4)));
        }
        try {
          await past.cart.batchAddItems(
            auth,
            [...lines].map(([skuId, qty]) => ({ skuId, qty })),
          );
          const order = await past.orderCreation.createOrder(auth, {
            requestId: randomUUID(),
            currency,
            isPickup: false,
            receiverId,
            senderId: null,
            packs: [],
            gifts: [],
            memberRemark: '',
          });
          placed.push({
            orderNo: order.orderNo,
            orderId: order.orderId,
            memberId,
            at: now,
            country: buyer.country,
          });
        } catch {
          // The quote refused it (no courier from that warehouse to the buyer's country, a rule, a limit): the
          // buyer leaves the cart, as a buyer would, and the history orders from other warehouses after that.
          refused += 1;
          closed.add(`${buyer.country}:${location}`);
          const lines = await past.cart.selectedLines(memberId);
          if (lines.length > 0)
            await past.cart.batchRemoveItems(
              auth,
              lines.map((l) => l.id),
            );
        }
      }
    }

    // What happened to each order next, each at its own time, never later than now.
    const outcome = { cancelled: 0, unpaid: 0, paid: 0, shipped: 0, finished: 0 };
    const until = Date.now() - HOUR_MS;
    for (const order of placed) {
      const auth = { memberId: order.memberId, tokenId: 0 };
      if (rng.chance(0.07)) {
        now = order.at + rng.int(1, 20) * HOUR_MS;
        if (now < until) {
          await past.cancelOrder.cancel(auth, order.orderId);
          outcome.cancelled += 1;
          continue;
        }
      }
      now = order.at + rng.int(1, 26) * HOUR_MS;
      if (now > until) {
        outcome.unpaid += 1;
        continue;
      }
      await past.orderAdmin.transition(staff, order.orderNo, OrderStatus.Paid);
      // The warehouse's steps, hours apart, then the parcel leaves with its courier.
      const ship = now + rng.int(18, 50) * HOUR_MS;
      if (ship > until) {
        outcome.paid += 1;
        continue;
      }
      for (const step of WAREHOUSE_STEPS) {
        now += (ship - now) / 3;
        await past.orderAdmin.transition(staff, order.orderNo, step);
      }
      now = ship;
      const courierCode = COURIER_BY_COUNTRY[order.country];
      await past.orderAdmin.transition(staff, order.orderNo, OrderStatus.Shipped, {
        courierCode,
        logisticCode: trackingNumber(courierCode, rng),
      });
      now += rng.int(3, 9) * DAY_MS;
      if (now > until) {
        outcome.shipped += 1;
        continue;
      }
      await past.orders.finish(auth, order.orderId);
      outcome.finished += 1;
    }
    // The service desk's last days: questions about orders, the older ones answered and closed, the rest waiting.
    let waiting = 0;
    for (const [i, question] of QUESTIONS.entries()) {
      const asked = Date.now() - question.hoursAgo * HOUR_MS;
      const order = placed.filter((o) => o.at < asked - HOUR_MS).at(-1 - i);
      if (!order) continue;
      const auth = { memberId: order.memberId, tokenId: 0 };
      now = asked;
      const ticket = await past.tickets.create(auth, {
        type: SupportTicketType.OrderEnquiry,
        priority: SupportTicketPriority.Normal,
        title: question.title,
        content: question.content,
        orderId: order.orderId,
        packIndex: null,
        imageIds: [],
      });
      if (!question.answered) {
        waiting += 1;
        continue;
      }
      now = asked + rng.int(1, 5) * HOUR_MS;
      await past.ticketReply.staffReply(staff, {
        ticketId: ticket.id,
        authorName: '客服小林',
        content: '您好，已为您处理，请查看订单详情。如还有问题请在此回复。',
      });
      now += rng.int(2, 10) * HOUR_MS;
      await past.tickets.close(auth, ticket.id);
    }

    return `${buyers.length} buyers, ${placed.length} orders over ${days} days (${refused} carts left): ${outcome.finished} received, ${outcome.shipped} on the way, ${outcome.paid} paid, ${outcome.unpaid} unpaid, ${outcome.cancelled} cancelled; ${waiting} questions waiting for the shop`;
  },
};
