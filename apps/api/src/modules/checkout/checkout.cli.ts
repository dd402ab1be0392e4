import {
  Currency,
  formatAmount,
  PROMOTION_METHOD_LABELS,
  type PromotionMethod,
  Warehouse,
  type WarehouseCode,
  warehouseName,
} from '@shop/domain';
import { cliActor } from '../../lib/audit';
import type { CliCommand } from '../../lib/cli-command';
import { byOption, type OptionValues, optionText, UsageError } from '../../lib/cli-options';
import type { CheckoutAdminService } from './checkout.admin';
import { promotionRow } from './checkout.admin';

/**
 * Operator commands for couriers, fee rules and promotions (cli.ts command table). Amounts are typed in major
 * units ('12.00') and stored in minor units; the services check every value.
 */

function integer(values: OptionValues, name: string, required = true): number | undefined {
  const value = optionText(values, name, required);
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value)) throw new UsageError(`--${name}: 应为非负整数 / must be a whole number`);
  return Number(value);
}

function idList(values: OptionValues, name: string): number[] | undefined {
  const value = optionText(values, name, false);
  if (value === undefined) return undefined;
  const parts = value.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^\d{1,9}$/.test(p) || Number(p) === 0)) {
    throw new UsageError(`--${name}: 应为逗号分隔的编号，如 1,2,3 / comma-separated ids`);
  }
  return [...new Set(parts.map(Number))];
}

function date(values: OptionValues, name: string): Date | undefined {
  const value = optionText(values, name, false);
  if (value === undefined) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime()))
    throw new UsageError(`--${name}: 应为日期时间，如 2025-06-01T00:00:00+08:00 / a date`);
  return at;
}

function currency(values: OptionValues): Currency {
  const value = optionText(values, 'currency')?.toUpperCase();
  if (value !== Currency.AUD && value !== Currency.CNY) throw new UsageError('--currency: 应为 AUD 或 CNY');
  return value;
}

/** What these commands use of the shop's services. */
type Uses = { checkoutAdmin: CheckoutAdminService };

export const checkoutCommands: Record<string, CliCommand<Uses>> = {
  'courier:add': {
    summary: '添加快递（--private 不向顾客展示）/ add a courier',
    usage:
      "courier:add --code SF --name 顺丰速运 [--private] [--days '3-5个工作日'] [--sort N] [--tracking shunfeng] [--by 操作员]",
    options: {
      by: { type: 'string' },
      code: { type: 'string' },
      name: { type: 'string' },
      private: { type: 'boolean' },
      days: { type: 'string' },
      sort: { type: 'string' },
      tracking: { type: 'string' },
    },
    async run({ values, open, print }) {
      const input = {
        // Kuaidi100's company code (docs/decisions/061); absent: the one the code suggests (SF → shunfeng).
        trackingCode: optionText(values, 'tracking', false),
        code: optionText(values, 'code') ?? '',
        name: optionText(values, 'name') ?? '',
        isPublic: values.private !== true,
        estimatedDays: optionText(values, 'days', false) ?? '',
        sort: integer(values, 'sort', false) ?? 0,
      };
      const { services } = await open();
      const courier = await services.checkoutAdmin.addCourier(input, cliActor(byOption(values)));
      print(
        `已添加快递 / courier added: #${courier.id} ${courier.code} ${courier.name}${courier.isPublic ? '' : '（非公开 / private）'}` +
          (courier.trackingCode ? `，快递100编码 / tracking code ${courier.trackingCode}` : ''),
      );
    },
  },
  'courier:rule': {
    summary: '设置快递某仓库某币种的运费规则 / set a courier fee rule (upsert)',
    usage:
      'courier:rule --code SF --warehouse AU --currency AUD --first-weight 1000 --first-fee 12.00 --extra-weight 500 --extra-fee 4.00 [--max-weight 30000] [--by 操作员]',
    options: {
      by: { type: 'string' },
      code: { type: 'string' },
      warehouse: { type: 'string' },
      currency: { type: 'string' },
      'first-weight': { type: 'string' },
      'first-fee': { type: 'string' },
      'extra-weight': { type: 'string' },
      'extra-fee': { type: 'string' },
      'max-weight': { type: 'string' },
    },
    async run({ values, open, print }) {
      const warehouse = Object.keys(Warehouse).find(
        (k) => k.toUpperCase() === optionText(values, 'warehouse')?.toUpperCase(),
      );
      if (!warehouse) throw new UsageError(`--warehouse: 应为 ${Object.keys(Warehouse).join('、')} 之一`);
      const input = {
        code: optionText(values, 'code') ?? '',
        warehouse: warehouse as WarehouseCode,
        currency: currency(values),
        firstWeight: integer(values, 'first-weight') ?? 0,
        firstFee: optionText(values, 'first-fee') ?? '',
        extraWeight: integer(values, 'extra-weight') ?? 0,
        extraFee: optionText(values, 'extra-fee') ?? '',
        maxWeight: integer(values, 'max-weight', false) ?? null,
      };
      const { services } = await open();
      const { courier, rule } = await services.checkoutAdmin.setRule(input, cliActor(byOption(values)));
      print(
        `运费规则已保存 / rule saved: ${courier.code} ${warehouseName(rule?.location)} ${input.currency} ` +
          `首重 ${input.firstWeight}g ${input.firstFee}，续重每 ${input.extraWeight}g ${input.extraFee}` +
          (input.maxWeight === null ? '' : `，最大 ${input.maxWeight}g`),
      );
    },
  },
  'courier:list': {
    summary: '列出快递及运费规则 / list couriers and fee rules',
    usage: 'courier:list',
    async run({ open, print }) {
      const { services } = await open();
      const couriers = await services.checkoutAdmin.listCouriers();
      if (couriers.length === 0) print('暂无快递 / no couriers');
      for (const c of couriers) {
        print(
          `#${c.id} ${c.code} ${c.name} ${c.isPublic ? '公开' : '非公开'} ${c.active ? '' : '停用 '}${c.estimatedDays}`,
        );
        for (const r of c.rules) {
          print(
            `    ${warehouseName(r.location)} ${r.currency}: 首重 ${r.firstWeight}g ${formatAmount(r.firstFee)}，续重每 ${r.extraWeight}g ${formatAmount(r.extraFee)}${r.maxWeight === null ? '' : `，最大 ${r.maxWeight}g`}`,
          );
        }
      }
    },
  },
  'promotion:create': {
    summary: '创建促销（0 满减 1 折扣 2 满赠 3 再买优惠 4 搭配优惠）/ create a promotion',
    usage:
      'promotion:create --name N --method 0|1|2|3|4 --currency AUD|CNY [--threshold 100.00] [--reduce 10.00] [--discount 90] [--skus 1,2,3] [--pair-skus 4,5] [--gift-goods 12] [--stackable] [--priority 0-999] [--starts ISO] [--ends ISO] [--by 操作员]',
    options: {
      name: { type: 'string' },
      method: { type: 'string' },
      currency: { type: 'string' },
      threshold: { type: 'string' },
      reduce: { type: 'string' },
      discount: { type: 'string' },
      skus: { type: 'string' },
      'pair-skus': { type: 'string' },
      'gift-goods': { type: 'string' },
      stackable: { type: 'boolean' },
      priority: { type: 'string' },
      starts: { type: 'string' },
      ends: { type: 'string' },
      by: { type: 'string' },
    },
    async run({ values, open, print }) {
      const method = integer(values, 'method') ?? -1;
      if (method > 4) throw new UsageError('--method: 应为 0-4');
      const input = {
        name: optionText(values, 'name') ?? '',
        method,
        currency: currency(values),
        threshold: optionText(values, 'threshold', false),
        reduce: optionText(values, 'reduce', false),
        discountPercent: integer(values, 'discount', false),
        skuIds: idList(values, 'skus'),
        pairSkuIds: idList(values, 'pair-skus'),
        giftGoodsId: integer(values, 'gift-goods', false),
        stackable: values.stackable === true,
        priority: integer(values, 'priority', false),
        startsAt: date(values, 'starts'),
        endsAt: date(values, 'ends'),
      };
      // Checked before the database is opened, so a mistake is answered at once.
      promotionRow(input);
      const { services } = await open();
      const row = await services.checkoutAdmin.createPromotion(input, cliActor(byOption(values)));
      print(
        `已创建促销 / promotion created: #${row.id} ${row.name}（${PROMOTION_METHOD_LABELS[row.method as PromotionMethod]}，${row.currency}）`,
      );
    },
  },
  'promotion:list': {
    summary: '列出促销 / list promotions',
    usage: 'promotion:list',
    async run({ open, print }) {
      const { services } = await open();
      const rows = await services.checkoutAdmin.listPromotions();
      if (rows.length === 0) print('暂无促销 / no promotions');
      for (const p of rows) {
        const parts = [
          `#${p.id}`,
          p.active ? '进行中' : '已结束',
          PROMOTION_METHOD_LABELS[p.method as PromotionMethod] ?? String(p.method),
          p.currency,
          p.name,
          p.threshold > 0 ? `门槛 ${formatAmount(p.threshold)}` : '',
          p.reduce > 0 ? `减 ${formatAmount(p.reduce)}` : '',
          p.discountPercent === null ? '' : `${p.discountPercent}%`,
          p.skuIds.length > 0 ? `SKU ${p.skuIds.length} 个` : '全部 SKU',
          p.pairSkuIds.length > 0 ? `搭配 SKU ${p.pairSkuIds.join(',')}` : '',
          p.giftGoodsId === null ? '' : `赠品商品 #${p.giftGoodsId}`,
        ];
        print(parts.filter(Boolean).join('  '));
      }
    },
  },
  'promotion:off': {
    summary: '结束促销 / end a promotion',
    usage: 'promotion:off --id N [--by 操作员]',
    options: { id: { type: 'string' }, by: { type: 'string' } },
    async run({ values, open, print }) {
      const id = integer(values, 'id') ?? 0;
      const { services } = await open();
      const row = await services.checkoutAdmin.endPromotion(id, cliActor(byOption(values)));
      print(`促销已结束 / promotion ended: #${row.id} ${row.name}`);
    },
  },
};
