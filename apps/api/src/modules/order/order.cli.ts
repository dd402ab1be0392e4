import { extname } from 'node:path';
import { OrderStatus, packNumber } from '@shop/domain';
import { cliActor } from '../../lib/audit';
import type { CliCommand } from '../../lib/cli-command';
import {
  byOption,
  countOption,
  type OptionValues,
  ORDER_NO_OPTIONS,
  optionText,
  orderNoOption,
  readInputBytes,
  readInputFile,
  requiredText,
  UsageError,
} from '../../lib/cli-options';
import { ImportRejectedError, readSheetFile } from '../../lib/spreadsheet';
import type { OrderAdminService } from './order.admin';
import { ORDER_TRANSITIONS } from './order.service';

/** What these commands use of the shop's services. */
type Uses = { orderAdmin: OrderAdminService };

/** `--lines 12:2,13:1` as the pieces of a split shipment (item id and quantity), or undefined for the whole pack. */
function linesOption(value: OptionValues[string]): { itemId: number; qty: number }[] | undefined {
  if (value === undefined) return undefined;
  return String(value)
    .split(',')
    .map((part) => {
      const m = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(part);
      if (!m || Number(m[2]) < 1)
        throw new UsageError('--lines 的格式为 商品行编号:数量,… / --lines takes ITEMID:QTY,…');
      return { itemId: Number(m[1]), qty: Number(m[2]) };
    });
}

/**
 * `--pack N` as a pack index (0 for 包裹 1, as the console's API takes it; scripts keep working), or undefined for
 * every pack of the order. What the commands print says the packs' numbers.
 */
function packOption(value: OptionValues[string]): number | undefined {
  return value === undefined ? undefined : countOption('pack', value, 0);
}

/** An operator command moving an order's packs to one status (spec §4 'Order status'; order.admin.ts). */
function orderTransitionCommand(name: string, to: OrderStatus, summary: string): CliCommand<Uses> {
  const from = (ORDER_TRANSITIONS[to] ?? []).join('/');
  return {
    summary: `${summary}（${from} → ${to}）`,
    usage: `${name} --order ORDERNO [--pack N] [--by 操作员]`,
    options: { ...ORDER_NO_OPTIONS, pack: { type: 'string' }, by: { type: 'string' } },
    async run({ values, open, print }) {
      const orderNo = orderNoOption(values);
      const pack = packOption(values.pack);
      const { services } = await open();
      const result = await services.orderAdmin.transition(cliActor(byOption(values)), orderNo, to, { pack });
      print(
        result.moved.length > 0
          ? `订单 ${orderNo}：包裹 ${result.moved.map(packNumber).join(', ')} → ${to}；订单状态 / order status ${result.status}`
          : `订单 ${orderNo} 已是该状态，未改变 / already there, nothing changed (status ${result.status})`,
      );
    },
  };
}

const IMAGE_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

/** Operator commands that work an order: status transitions, shipping, photos, tracking and old orders. */
export const orderCommands: Record<string, CliCommand<Uses>> = {
  'order:mark-paid': orderTransitionCommand(
    'order:mark-paid',
    OrderStatus.Paid,
    '线下收款，订单标记为已付款（记为线下付款，金额为订单总额）/ mark an order paid offline',
  ),
  'order:push': orderTransitionCommand(
    'order:push',
    OrderStatus.PushedToWarehouse,
    '推送到仓库 / push to the warehouse',
  ),
  'order:processing': orderTransitionCommand(
    'order:processing',
    OrderStatus.WarehouseProcessing,
    '仓库处理中 / warehouse processing',
  ),
  'order:ready': orderTransitionCommand(
    'order:ready',
    OrderStatus.AwaitingDispatch,
    '待发货 / awaiting dispatch',
  ),
  'order:in-transit': orderTransitionCommand(
    'order:in-transit',
    OrderStatus.InTransit,
    '运输中，待收货 / in transit',
  ),
  'order:pickup-ready': orderTransitionCommand(
    'order:pickup-ready',
    OrderStatus.AwaitingPickup,
    '自提订单待自提 / ready for self-pickup',
  ),
  'order:finish': orderTransitionCommand('order:finish', OrderStatus.Finished, '订单完成 / complete'),
  'order:ship': {
    summary: '包裹发货并写入第一条物流轨迹 / ship a pack with its courier and logistic code (78 → 80)',
    usage:
      'order:ship --order ORDERNO [--pack N] --courier SF --code SF123456789 [--lines ITEMID:QTY,…] [--by 操作员]',
    options: {
      ...ORDER_NO_OPTIONS,
      pack: { type: 'string' },
      courier: { type: 'string' },
      code: { type: 'string' },
      /** A split shipment: only these pieces of the pack leave, as a parcel of their own (needs --pack). */
      lines: { type: 'string' },
      by: { type: 'string' },
    },
    async run({ values, open, print }) {
      const orderNo = orderNoOption(values);
      const pack = packOption(values.pack);
      const courierCode = requiredText(values, 'courier', '请指定快递公司编码 / a courier code is required');
      const logisticCode = requiredText(values, 'code', '请指定物流单号 / a logistic code is required');
      const lines = linesOption(values.lines);
      const { services } = await open();
      const result = await services.orderAdmin.transition(
        cliActor(byOption(values)),
        orderNo,
        OrderStatus.Shipped,
        { pack, courierCode, logisticCode, lines },
      );
      print(
        result.moved.length > 0
          ? `订单 ${orderNo}：包裹 ${result.moved.map(packNumber).join(', ')} 已发货 / shipped, ${courierCode} ${logisticCode}`
          : `订单 ${orderNo} 已发货，未改变 / already shipped, nothing changed`,
      );
    },
  },
  'order:attach': {
    summary: '上传包裹照片作为订单附件 / attach a package photo to an order',
    usage: 'order:attach --order ORDERNO [--pack N] --file photo.jpg [--note 备注] [--by 操作员]',
    options: {
      ...ORDER_NO_OPTIONS,
      pack: { type: 'string' },
      file: { type: 'string' },
      note: { type: 'string' },
      by: { type: 'string' },
    },
    async run({ values, open, print }) {
      const orderNo = orderNoOption(values);
      const pack = packOption(values.pack);
      const file = typeof values.file === 'string' ? values.file : '';
      const contentType = IMAGE_TYPES[extname(file).toLowerCase()];
      if (!contentType)
        throw new UsageError(
          '--file: 请指定 .jpg、.png、.webp 或 .gif 图片 / a JPEG, PNG, WebP or GIF image',
        );
      const bytes = await readInputBytes(file);
      const { services } = await open();
      const note = optionText(values, 'note', false);
      const row = await services.orderAdmin.attach(cliActor(byOption(values)), orderNo, {
        file: bytes,
        pack,
        note,
      });
      print(`已添加附件 / attached: ${row.path}`);
    },
  },
  'logistics:add': {
    summary: '添加物流轨迹 / add a tracking event to a parcel',
    usage:
      "logistics:add --code SF123456789 --desc '已到达深圳转运中心' [--location 深圳] [--time 'yyyy-MM-dd HH:mm'] [--by 操作员]",
    options: {
      code: { type: 'string' },
      desc: { type: 'string' },
      location: { type: 'string' },
      time: { type: 'string' },
      by: { type: 'string' },
    },
    async run({ values, open, print }) {
      const logisticCode = requiredText(values, 'code', '请指定物流单号 / a logistic code is required');
      const description = requiredText(values, 'desc', '请填写轨迹描述 / a description is required');
      const { services } = await open();
      const event = await services.orderAdmin.addLogisticsEvent(cliActor(byOption(values)), {
        logisticCode,
        description,
        location: optionText(values, 'location', false),
        time: optionText(values, 'time', false),
      });
      print(`已添加物流轨迹 / event added: ${event.logisticCode} ${event.time} ${event.description}`);
    },
  },
  'orders:import-old': {
    summary:
      '导入旧系统订单（全部成功或全部不写，已导入的订单号跳过）/ import old orders from a CSV, all or nothing',
    usage: 'orders:import-old --file old.csv',
    options: { file: { type: 'string' } },
    async run({ values, open, print, printError }) {
      const file = values.file;
      if (typeof file !== 'string' || !/\.csv$/i.test(file))
        throw new UsageError('--file: 请指定 .csv 文件 / a .csv file is required');
      const table = await readInputFile(file, readSheetFile);
      const { services } = await open();
      try {
        const result = await services.orderAdmin.importOldOrders(table);
        print(
          `导入完成 / imported: ${result.imported} 个订单，跳过已存在 / skipped existing: ${result.skipped}`,
        );
      } catch (error) {
        if (error instanceof ImportRejectedError) for (const line of error.errors) printError(line);
        throw error;
      }
    },
  },
};
