import {
  Currency,
  PROMOTION_PRIORITY_MAX,
  PROMOTION_PRIORITY_MIN,
  PromotionMethod,
  suggestedTrackingCode,
  TRACKING_CODE_PATTERN,
  toMinor,
  Warehouse,
  type WarehouseCode,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { databaseErrorCode } from '../../db/refusal';
import { notFoundError, paramsError } from '../../lib/app-error';
import { type AuditActor, type AuditRecorder, cliActor } from '../../lib/audit';
import * as repo from './checkout.repository';

/**
 * The operator's couriers, fee rules and promotions (spec §3 'Pack' couriers, §4 'Promotion methods'), used by
 * the command line and the demo seed. Amounts arrive in major units ('12.00') and are stored in minor units.
 */

export interface CourierInput {
  code: string;
  name: string;
  isPublic: boolean;
  estimatedDays: string;
  sort?: number;
  /** Kuaidi100's company code (docs/decisions/061); '' or absent: its parcels are not tracked. */
  trackingCode?: string | undefined;
}

export interface CourierRuleInput {
  code: string;
  warehouse: WarehouseCode;
  currency: Currency;
  firstWeight: number;
  firstFee: string;
  extraWeight: number;
  extraFee: string;
  maxWeight: number | null;
}

export interface PromotionInput {
  name: string;
  method: number;
  currency: Currency;
  threshold?: string | undefined;
  reduce?: string | undefined;
  discountPercent?: number | undefined;
  skuIds?: readonly number[] | undefined;
  pairSkuIds?: readonly number[] | undefined;
  giftGoodsId?: number | undefined;
  /** 满减 only: applies beside the best 满减 instead of competing with it (ADR 031). */
  stackable?: boolean | undefined;
  /** 满减 only: 0-999, the higher wins a tie between two 满减 taking off the same amount (ADR 031). */
  priority?: number | undefined;
  startsAt?: Date | undefined;
  endsAt?: Date | undefined;
}

export const PromotionMessages = {
  /** Two promotions that are not stopped never share a name (ADR 031). */
  nameTaken: (name: string, id: number | null) =>
    `已有同名促销「${name}」${id === null ? '' : `（编号 ${id}）`}，请换一个名称，或先停用原促销`,
  stackableOnly: '只有满减可设置与其他满减同享',
  priorityOnly: '只有满减可设置优先级',
  priorityRange: `优先级须为 ${PROMOTION_PRIORITY_MIN}-${PROMOTION_PRIORITY_MAX} 的整数`,
} as const;

function money(value: string | undefined, label: string): number {
  if (value === undefined) return 0;
  let minor: number;
  try {
    minor = toMinor(value);
  } catch {
    throw paramsError(`${label}须为最多两位小数的金额`);
  }
  if (minor < 0) throw paramsError(`${label}不能为负数`);
  return minor;
}

/**
 * Checks a promotion's parameters for its method and returns the row to store (spec §4 'Promotion methods'):
 * 满减 needs a reduce above 0 (threshold optional); Discount, BuyDiscountAgain and AndBuyDiscount need a
 * discount 1-99 (percent paid); AndBuyDiscount needs pair SKUs; OnTheHouse needs a gift product.
 */
export function promotionRow(input: PromotionInput): repo.NewPromotion {
  const name = input.name.trim();
  if (name === '' || name.length > 100) throw paramsError('促销名称须为1-100个字符');
  if (!Object.values(PromotionMethod).includes(input.method as PromotionMethod)) {
    throw paramsError('促销方式须为 0-4');
  }
  if (input.currency !== Currency.AUD && input.currency !== Currency.CNY)
    throw paramsError('币种须为 AUD 或 CNY');
  const threshold = money(input.threshold, '门槛');
  const reduce = money(input.reduce, '减免金额');
  const pct = input.discountPercent;
  const needsPercent: readonly number[] = [
    PromotionMethod.Discount,
    PromotionMethod.BuyDiscountAgain,
    PromotionMethod.AndBuyDiscount,
  ];
  if (needsPercent.includes(input.method)) {
    if (pct === undefined || !Number.isInteger(pct) || pct < 1 || pct > 99) {
      throw paramsError('折扣须为 1-99 的整数（实付百分比，如 90 即九折）');
    }
  } else if (pct !== undefined) {
    throw paramsError('只有折扣、再买优惠、搭配优惠可设置折扣');
  }
  if (input.method === PromotionMethod.AmountOfReduction && reduce <= 0)
    throw paramsError('满减须设置大于0的减免金额');
  if (input.method !== PromotionMethod.AmountOfReduction && reduce > 0)
    throw paramsError('只有满减可设置减免金额');
  if (input.method === PromotionMethod.AndBuyDiscount && (input.pairSkuIds ?? []).length === 0) {
    throw paramsError('搭配优惠须设置搭配 SKU');
  }
  if (input.method === PromotionMethod.OnTheHouse && input.giftGoodsId === undefined) {
    throw paramsError('满赠须设置赠品商品');
  }
  if (input.method !== PromotionMethod.OnTheHouse && input.giftGoodsId !== undefined) {
    throw paramsError('只有满赠可设置赠品商品');
  }
  const isReduction = input.method === PromotionMethod.AmountOfReduction;
  const priority = input.priority ?? 0;
  if (!Number.isInteger(priority) || priority < PROMOTION_PRIORITY_MIN || priority > PROMOTION_PRIORITY_MAX)
    throw paramsError(PromotionMessages.priorityRange);
  if (!isReduction && priority !== 0) throw paramsError(PromotionMessages.priorityOnly);
  if (!isReduction && input.stackable === true) throw paramsError(PromotionMessages.stackableOnly);
  if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt)
    throw paramsError('结束时间须晚于开始时间');
  return {
    name,
    method: input.method,
    currency: input.currency,
    threshold,
    reduce,
    discountPercent: pct ?? null,
    skuIds: [...(input.skuIds ?? [])],
    pairSkuIds: [...(input.pairSkuIds ?? [])],
    giftGoodsId: input.giftGoodsId ?? null,
    stackable: input.stackable === true,
    priority,
    startsAt: input.startsAt ?? null,
    endsAt: input.endsAt ?? null,
  };
}

export type CheckoutAdminService = ReturnType<typeof createCheckoutAdminService>;

/**
 * Couriers and promotions as staff change them: the console (workflows/promotion.console.routes.ts,
 * settings.console.routes.ts), the operator commands (checkout.cli.ts courier:*, promotion:*) and the demo seed
 * (seed/demo-checkout.ts).
 */
export function createCheckoutAdminService({ db, audit }: { db: Database; audit?: AuditRecorder }) {
  /**
   * Creates a promotion (no `id`) or changes one, after checking its parameters for its method (spec §4
   * 'Promotion methods'), with its audit row in the same transaction when `by` is given (the console, the command
   * line; the demo seed passes none). Checkout reads promotions afresh for
   * every summary, so the change applies to the next one; orders placed before keep what they were given.
   */
  async function savePromotion(
    input: PromotionInput & { id?: number | undefined },
    by?: AuditActor,
  ): Promise<repo.PromotionRow> {
    const row = promotionRow(input);
    return nameUnique(row.name, input.id, (tx) => writePromotion(tx, input, row, by));
  }

  /**
   * Runs `write` in a transaction, refused with a clear message when a promotion that is not stopped already
   * has `name` (ADR 031): looked up first for the message, and the unique index promotions_live_name decides
   * when two staff save one name at once (the second's insert fails and is answered the same way).
   */
  async function nameUnique<T>(
    name: string,
    exceptId: number | undefined,
    write: (tx: Database) => Promise<T>,
    resuming = false,
  ): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        // A stopped promotion may keep or take any name until it is resumed.
        const self = exceptId === undefined ? null : await repo.findPromotion(tx, exceptId);
        const live = self === null || self.active || resuming;
        const twin = live ? await repo.findLivePromotionNamed(tx, name, exceptId) : null;
        if (twin) throw paramsError(PromotionMessages.nameTaken(twin.name, twin.id));
        return write(tx);
      });
    } catch (error) {
      if (databaseErrorCode(error) !== '23505') throw error;
      // Saved by someone else at the same moment: named as the look-up names it, once their save is committed.
      const twin = await repo.findLivePromotionNamed(db, name, exceptId);
      throw paramsError(PromotionMessages.nameTaken(twin?.name ?? name, twin?.id ?? null));
    }
  }

  async function writePromotion(
    tx: Database,
    input: PromotionInput & { id?: number | undefined },
    row: repo.NewPromotion,
    by?: AuditActor,
  ): Promise<repo.PromotionRow> {
    if (input.id === undefined) {
      const created = await repo.insertPromotion(tx, row);
      if (by)
        await audit?.(tx, {
          by,
          action: 'promotion.create',
          objectType: 'promotion',
          objectId: created.id,
          after: row,
        });
      return created;
    }
    const before = await repo.lockPromotion(tx, input.id);
    if (!before) throw notFoundError(`促销 ${input.id} 不存在`);
    const updated = await repo.updatePromotion(tx, input.id, row);
    const { id: _id, createdAt: _at, ...was } = before;
    if (by)
      await audit?.(tx, {
        by,
        action: 'promotion.update',
        objectType: 'promotion',
        objectId: input.id,
        before: was,
        after: row,
      });
    return updated;
  }

  /** Stops a promotion (checkout stops applying it at once), or lets a stopped one run again; audited. */
  async function setPromotionActive(id: number, active: boolean, by: AuditActor) {
    if (active) {
      // Resuming a stopped promotion whose name another one has taken meanwhile is refused like a new name.
      const current = await repo.findPromotion(db, id);
      if (current && !current.active)
        return nameUnique(current.name, id, (tx) => changeActive(tx, id, true, by), true);
    }
    return db.transaction((tx) => changeActive(tx, id, active, by));
  }

  async function changeActive(tx: Database, id: number, active: boolean, by: AuditActor) {
    const before = await repo.lockPromotion(tx, id);
    if (!before) throw notFoundError(`促销 ${id} 不存在`);
    if (before.active === active) return { promotion: before, changed: false };
    const row = await repo.setPromotionActive(tx, id, active);
    if (!row) throw notFoundError(`促销 ${id} 不存在`);
    await audit?.(tx, {
      by,
      action: active ? 'promotion.resume' : 'promotion.stop',
      objectType: 'promotion',
      objectId: id,
      before: { active: before.active },
      after: { active },
    });
    return { promotion: row, changed: true };
  }

  const code = (value: string) => value.trim().toUpperCase();
  /** A courier's fields checked as the command line and the console give them. */
  function courierFields(input: CourierInput) {
    const name = input.name.trim();
    if (name === '' || name.length > 60) throw paramsError('快递名称须为1-60个字符');
    const estimatedDays = input.estimatedDays.trim();
    if (estimatedDays.length > 40) throw paramsError('时效说明最多40个字符');
    const sort = input.sort ?? 0;
    if (!Number.isInteger(sort) || sort < -9999 || sort > 9999)
      throw paramsError('排序须为 -9999 到 9999 的整数');
    // Absent: the caller leaves it as it is (a new courier gets the code its shop code suggests).
    const trackingCode = input.trackingCode?.trim().toLowerCase();
    if (trackingCode && !TRACKING_CODE_PATTERN.test(trackingCode))
      throw paramsError('快递100编码须为最多32位小写字母、数字、-或_，如 shunfeng');
    return { name, isPublic: input.isPublic, estimatedDays, sort, trackingCode };
  }
  async function lockedCourier(tx: Database, courierCode: string) {
    const courier = await repo.lockCourierByCode(tx, code(courierCode));
    if (!courier) throw notFoundError(`快递 ${courierCode} 不存在`);
    return courier;
  }

  return {
    /**
     * Adds a courier (spec §3 'Pack': private ones are never offered to shoppers); refuses a code in use. With
     * `by` (the console, the command line) the change is audited in its transaction; the demo seed passes none.
     */
    async addCourier(input: CourierInput, by?: AuditActor): Promise<repo.CourierRow> {
      const courierCode = code(input.code);
      if (!/^[A-Z0-9_-]{1,32}$/.test(courierCode)) throw paramsError('快递编码须为1-32位字母、数字、-或_');
      const given = courierFields(input);
      const fields = { ...given, trackingCode: given.trackingCode ?? suggestedTrackingCode(courierCode) };
      return db.transaction(async (tx) => {
        const row = await repo.insertCourier(tx, { code: courierCode, ...fields });
        if (!row) throw paramsError(`快递编码 ${courierCode} 已存在`);
        if (by)
          await audit?.(tx, {
            by,
            action: 'courier.create',
            objectType: 'courier',
            objectId: courierCode,
            after: fields,
          });
        return row;
      });
    },

    /** Changes a courier's name, visibility, time estimate, order, or stops offering it (active false). */
    async updateCourier(
      by: AuditActor,
      courierCode: string,
      input: CourierInput & { active: boolean },
    ): Promise<repo.CourierRow> {
      const given = { ...courierFields(input), active: input.active };
      return db.transaction(async (tx) => {
        const current = await lockedCourier(tx, courierCode);
        const fields = { ...given, trackingCode: given.trackingCode ?? current.trackingCode };
        const row = await repo.updateCourier(tx, current.id, fields);
        const before = {
          name: current.name,
          isPublic: current.isPublic,
          estimatedDays: current.estimatedDays,
          sort: current.sort,
          active: current.active,
          trackingCode: current.trackingCode,
        };
        await audit?.(tx, {
          by,
          action: 'courier.update',
          objectType: 'courier',
          objectId: current.code,
          before,
          after: fields,
        });
        return row;
      });
    },

    /** Removes a courier's fee rule from one warehouse in one currency: it no longer ships from there in it. */
    async deleteRule(by: AuditActor, input: { code: string; location: number; currency: Currency }) {
      return db.transaction(async (tx) => {
        const courier = await lockedCourier(tx, input.code);
        const gone = await repo.deleteRule(tx, courier.id, input.location, input.currency);
        if (!gone) throw notFoundError('该运费规则不存在');
        await audit?.(tx, {
          by,
          action: 'courier.ruleDelete',
          objectType: 'courier',
          objectId: courier.code,
          before: {
            location: gone.location,
            currency: gone.currency,
            firstWeight: gone.firstWeight,
            firstFee: gone.firstFee,
            extraWeight: gone.extraWeight,
            extraFee: gone.extraFee,
            maxWeight: gone.maxWeight,
          },
        });
        return { courier, rule: gone };
      });
    },

    /** Sets a courier's fee rule from one warehouse in one currency (insert or replace; domain checkout/shipping.ts). */
    async setRule(input: CourierRuleInput, by?: AuditActor) {
      const location = Warehouse[input.warehouse];
      if (location === undefined) throw paramsError('仓库须为 AU、CN、NZ、US、HK、KR、EU、JP、Mix 之一');
      if (input.currency !== Currency.AUD && input.currency !== Currency.CNY)
        throw paramsError('币种须为 AUD 或 CNY');
      const grams = (value: number, label: string) => {
        if (!Number.isInteger(value) || value <= 0) throw paramsError(`${label}须为大于0的整数克数`);
        return value;
      };
      const fields = {
        location,
        currency: input.currency,
        firstWeight: grams(input.firstWeight, '首重'),
        firstFee: money(input.firstFee, '首重运费'),
        extraWeight: grams(input.extraWeight, '续重'),
        extraFee: money(input.extraFee, '续重运费'),
        maxWeight: input.maxWeight === null ? null : grams(input.maxWeight, '最大重量'),
      };
      return db.transaction(async (tx) => {
        const courier = await lockedCourier(tx, input.code);
        const rule = await repo.upsertRule(tx, { courierId: courier.id, ...fields });
        if (by)
          await audit?.(tx, {
            by,
            action: 'courier.rule',
            objectType: 'courier',
            objectId: courier.code,
            after: fields,
          });
        return { courier, rule };
      });
    },

    /** Every courier with its fee rules (cli.ts courier:list). */
    /** A courier by its code, whatever its case (a pack shipped with it), read on `executor`; null when none. */
    courierByCode(code: string, executor: Database = db) {
      return repo.findCourierByCodeAnyCase(executor, code);
    },

    /**
     * A courier's company code at the tracking service, by its id or its shop code (courier tracking asks at each
     * subscription, so a code staff fill in later is used from then on); '' when it has none or is unknown.
     */
    async trackingCodeOf(courier: { id: number } | { code: string }): Promise<string> {
      return (await repo.findTrackingCode(db, courier))?.trackingCode ?? '';
    },

    /** The shop's code of a courier by its id, or null when there is none. */
    async courierCodeOf(id: number): Promise<string | null> {
      return (await repo.findTrackingCode(db, { id }))?.code ?? null;
    },

    /** The active couriers in the shop's order, each with the warehouses it has a fee rule from (the ship form). */
    activeCouriers() {
      return repo.listActiveCouriers(db);
    },

    async listCouriers() {
      const [rows, rules] = await Promise.all([repo.listCouriers(db), repo.listAllRules(db)]);
      return rows.map((courier) => ({ ...courier, rules: rules.filter((r) => r.courierId === courier.id) }));
    },

    /** How many couriers exist (the demo seed adds its own only to a shop without any). */
    async countCouriers(): Promise<number> {
      return repo.countCouriers(db);
    },

    savePromotion,
    setPromotionActive,

    /** Creates a promotion (cli.ts promotion:create, the demo seed). */
    async createPromotion(input: PromotionInput, by?: AuditActor): Promise<repo.PromotionRow> {
      const { id: _none, ...fields } = { ...input, id: undefined };
      return savePromotion(fields, by);
    },

    /** One page of promotions, newest first, filtered by where they stand now and by method. */
    pagePromotions(
      filter: {
        state?: 'running' | 'scheduled' | 'ended' | 'stopped' | undefined;
        method?: number | undefined;
      },
      now: Date,
      page: { limit: number; offset: number },
    ) {
      return repo.pagePromotions(db, filter, now, page);
    },

    /** Every promotion, running ones first (cli.ts promotion:list). */
    async listPromotions(): Promise<repo.PromotionRow[]> {
      return repo.listPromotions(db);
    },

    /** How many promotions exist (the demo seed adds its own only to a shop without any). */
    async countPromotions(): Promise<number> {
      return repo.countPromotions(db);
    },

    /** Ends a promotion: checkout stops applying it at once (cli.ts promotion:end). */
    async endPromotion(id: number, by: AuditActor = cliActor()): Promise<repo.PromotionRow> {
      return (await setPromotionActive(id, false, by)).promotion;
    },
  };
}
