import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { OrderStatus, passwordSchema, ResultCode, usernameSchema } from '@shop/domain';
import { z } from 'zod';
import { type AppConfig, loadConfig } from './config/env';
import { type DatabaseHandle, openDatabase } from './db/client';
import { runSeed } from './db/seed';
import { AppError } from './lib/app-error';
import { type OptionValues, optionText, requiredText, UsageError } from './lib/cli-options';
import { systemClock } from './lib/clock';
import { MemoryRateLimiter } from './lib/rate-limiter';
import { normalizeRate } from './modules/cart/rate.service';
import { ImportRejectedError } from './modules/catalogue/catalogue.admin';
import { checkImportSheet, readSheetFile } from './modules/catalogue/catalogue.import-sheet';
import { checkoutCommands } from './modules/checkout/checkout.cli';
import { contentCommands } from './modules/content/content.cli';
import { depositCommands } from './modules/member/deposit.cli';
import { ORDER_TRANSITIONS } from './modules/order/order.service';
import { paymentCommands } from './modules/payment/payment.cli';
import { createServices, type Services } from './services';

/**
 * Operator command line: `npm run shop -- <command> [options]`. It uses the same config (environment)
 * and database as the server. Later modules add their commands to `commands`.
 */

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = OptionValues;

interface CliContext {
  config: AppConfig;
  values: Values;
  /** Opens and migrates the database (once), with every service wired to it. */
  open(): Promise<{ database: DatabaseHandle; services: Services }>;
  print(line: string): void;
  /** Prints to stderr (per-row errors of an import). */
  printError(line: string): void;
}

interface Command {
  summary: string;
  usage: string;
  options?: Options;
  run(ctx: CliContext): Promise<void>;
}

const levelSchema = z.coerce.number().int().min(0).max(999);

/** The values of a repeatable option (`--code A --code B`). */
function listOption(value: Values[string]): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
}

/** A whole number of units from an option, or a UsageError naming it. */
function countOption(name: string, value: Values[string], min: number): number {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value) || Number(value) < min) {
    throw new UsageError(`--${name}: 应为不小于 ${min} 的整数 / must be an integer ≥ ${min}`);
  }
  return Number(value);
}

/** The order number of `--no`, or a UsageError. */
function orderNoOption(value: Values[string]): string {
  return requiredText({ no: value }, 'no', '请指定订单号 / an order number is required');
}

/** `--pack N` as a pack index, or undefined for every pack of the order. */
function packOption(value: Values[string]): number | undefined {
  return value === undefined ? undefined : countOption('pack', value, 0);
}

/** An operator command moving an order's packs to one status (spec §4 'Order status'; order.admin.ts). */
function orderTransitionCommand(name: string, to: OrderStatus, summary: string): Command {
  const from = (ORDER_TRANSITIONS[to] ?? []).join('/');
  return {
    summary: `${summary}（${from} → ${to}）`,
    usage: `${name} --no ORDERNO [--pack N]`,
    options: { no: { type: 'string' }, pack: { type: 'string' } },
    async run({ values, open, print }) {
      const orderNo = orderNoOption(values.no);
      const pack = packOption(values.pack);
      const { services } = await open();
      const result = await services.orderAdmin.transition(orderNo, to, { pack });
      print(
        result.moved.length > 0
          ? `订单 ${orderNo}：包裹 ${result.moved.join(', ')} → ${to}；订单状态 / order status ${result.status}`
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

const commands: Record<string, Command> = {
  help: {
    summary: '列出命令 / list the commands',
    usage: 'help',
    async run({ print }) {
      printHelp(print);
    },
  },
  migrate: {
    summary: '执行数据库迁移 / apply database migrations',
    usage: 'migrate',
    async run({ open, print }) {
      const { database } = await open();
      print(`迁移完成 / migrations applied (${database.driver})`);
    },
  },
  seed: {
    summary: '写入演示数据（可重复执行）/ add demo data (safe to repeat)',
    usage: 'seed',
    async run({ open, print }) {
      const { services, database } = await open();
      await runSeed(services, { info: (_obj: unknown, msg?: string) => print(msg ?? '') });
      await database.analyze();
      print('演示数据已就绪 / demo data ready');
    },
  },
  'member:create': {
    summary: '创建会员 / create a member',
    usage: 'member:create --username U --password P [--name N] [--level L]',
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      level: { type: 'string' },
    },
    async run({ values, open, print }) {
      const username = usernameSchema.safeParse(values.username);
      if (!username.success) {
        throw new UsageError(`--username: ${username.error.issues[0]?.message ?? '无效 / invalid'}`);
      }
      const password = passwordSchema.safeParse(values.password);
      if (!password.success) {
        throw new UsageError(`--password: ${password.error.issues[0]?.message ?? '无效 / invalid'}`);
      }
      const level = values.level === undefined ? undefined : levelSchema.safeParse(values.level);
      if (level && !level.success)
        throw new UsageError('--level: 应为 0-999 的整数 / must be an integer 0-999');
      const name = optionText(values, 'name', false)?.slice(0, 50);
      const { services } = await open();
      const member = await services.member.createMember({
        username: username.data,
        password: password.data,
        name,
        level: level?.data,
      });
      print(
        `已创建会员 / member created: id ${member.id}, username ${member.username}, level ${member.level}`,
      );
    },
  },
  'goods:import': {
    summary:
      '从 xlsx/csv 导入商品与 SKU（全部成功或全部不写）/ import goods and SKUs from a sheet, all or nothing',
    usage: 'goods:import --file sheet.xlsx|sheet.csv [--dry-run]',
    options: { file: { type: 'string' }, 'dry-run': { type: 'boolean' } },
    async run({ values, open, print, printError }) {
      const file = values.file;
      if (typeof file !== 'string' || file === '')
        throw new UsageError('--file: 请指定 .xlsx 或 .csv 文件 / a sheet is required');
      if (!/\.(csv|xlsx)$/i.test(file))
        throw new UsageError('--file: 仅支持 .xlsx 或 .csv / only .xlsx or .csv');
      let table: Awaited<ReturnType<typeof readSheetFile>>;
      try {
        table = await readSheetFile(file);
      } catch (error) {
        throw new AppError(
          ResultCode.BadRequest,
          `无法读取文件 / cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      // Every row is checked before the database is opened; one bad row stops the whole import.
      const checked = checkImportSheet(table);
      try {
        if (!checked.ok) throw new ImportRejectedError(checked.errors);
        const { services, database } = await open();
        const dryRun = values['dry-run'] === true;
        const result = await services.catalogueAdmin.importSheet(checked.sheet, { dryRun });
        if (!dryRun) await database.analyze();
        print(
          `${dryRun ? '试运行，未写入 / dry run, nothing written' : '导入完成 / imported'}: ${checked.sheet.rows.length} 行 / rows`,
        );
        print(`  商品 / goods: 新增 created ${result.goodsCreated}, 更新 updated ${result.goodsUpdated}`);
        print(`  SKU: 新增 created ${result.skusCreated}, 更新 updated ${result.skusUpdated}`);
        print(
          `  品牌 / brands created ${result.brandsCreated}, 分类 / categories created ${result.categoriesCreated}`,
        );
        print(`  价格 / prices: 设置 set ${result.pricesSet}, 删除 removed ${result.pricesRemoved}`);
      } catch (error) {
        if (error instanceof ImportRejectedError) for (const line of error.errors) printError(line);
        throw error;
      }
    },
  },
  'goods:shelf': {
    summary: '商品上架或下架 / put goods on or off the shelf',
    usage: 'goods:shelf (--code CODE [--code …] | --id ID [--id …]) (--on | --off)',
    options: {
      code: { type: 'string', multiple: true },
      id: { type: 'string', multiple: true },
      on: { type: 'boolean' },
      off: { type: 'boolean' },
    },
    async run({ values, open, print }) {
      const codes = listOption(values.code)
        .map((c) => c.trim())
        .filter(Boolean);
      const ids = listOption(values.id);
      if (values.on === values.off)
        throw new UsageError('请指定 --on 或 --off 之一 / give exactly one of --on, --off');
      if (codes.length > 0 === ids.length > 0)
        throw new UsageError('请用 --code 或 --id 指定商品（二选一）/ name goods by --code or by --id');
      const by = codes.length > 0 ? { codes } : { ids: ids.map((id) => countOption('id', id, 1)) };
      const onFlag = values.on === true;
      const { services } = await open();
      const result = await services.catalogueAdmin.setShelf(by, onFlag);
      print(
        `${onFlag ? '已上架 / on shelf' : '已下架 / off shelf'}: ${result.goods.length} 个商品 / goods (${result.changed} 个有变化 / changed)`,
      );
      for (const g of result.goods) print(`  ${g.code}  ${g.name}`);
    },
  },
  'goods:stock': {
    summary: "设置或增减 SKU 库存（不会低于 0）/ set or adjust a SKU's stock (never below 0)",
    usage: 'goods:stock --sku SKUCODE (--stock N | --add N | --sub N)',
    options: {
      sku: { type: 'string' },
      stock: { type: 'string' },
      add: { type: 'string' },
      sub: { type: 'string' },
    },
    async run({ values, open, print }) {
      const sku = requiredText(values, 'sku', '请指定 SKU 编码 / a SKU code is required');
      const given = (['stock', 'add', 'sub'] as const).filter((k) => values[k] !== undefined);
      if (given.length !== 1)
        throw new UsageError('请指定 --stock、--add、--sub 之一 / give exactly one of --stock, --add, --sub');
      const change =
        given[0] === 'stock'
          ? { set: countOption('stock', values.stock, 0) }
          : given[0] === 'add'
            ? { add: countOption('add', values.add, 1) }
            : { add: -countOption('sub', values.sub, 1) };
      const { services } = await open();
      const result = await services.catalogueAdmin.changeStock(sku, change);
      print(`SKU ${result.skuCode} 库存 / stock: ${result.previous} → ${result.stock}`);
    },
  },
  'rate:set': {
    summary: '设置澳币兑人民币汇率（最多4位小数）/ set the AUD→CNY exchange rate (up to 4 decimals)',
    usage: 'rate:set --aud-cny 4.75',
    options: { 'aud-cny': { type: 'string' } },
    async run({ values, open, print }) {
      const text = values['aud-cny'];
      if (typeof text !== 'string' || normalizeRate(text) === null)
        throw new UsageError(
          '--aud-cny: 应为大于0、最多4位小数的数字 / a positive number with up to 4 decimals',
        );
      const { services } = await open();
      const rate = await services.rates.setAudCny(text);
      print(`澳币兑人民币汇率 / AUD→CNY rate: 1 AUD = ${rate.rate} CNY (${rate.updatedAt})`);
    },
  },
  'rate:show': {
    summary: '查看澳币兑人民币汇率 / show the AUD→CNY exchange rate',
    usage: 'rate:show',
    async run({ open, print }) {
      const { services } = await open();
      const rate = await services.rates.audCny();
      print(`澳币兑人民币汇率 / AUD→CNY rate: 1 AUD = ${rate.rate} CNY (${rate.updatedAt})`);
    },
  },
  'order:mark-paid': orderTransitionCommand(
    'order:mark-paid',
    OrderStatus.Paid,
    '线下收款，订单标记为已付款（记为线下付款，金额为订单总额）/ mark an order paid offline',
  ),
  'order:push': orderTransitionCommand(
    'order:push',
    OrderStatus.PUSH_TO_WAREHOUSE,
    '推送到仓库 / push to the warehouse',
  ),
  'order:processing': orderTransitionCommand(
    'order:processing',
    OrderStatus.WAREHOUSE_READY,
    '仓库处理中 / warehouse processing',
  ),
  'order:ready': orderTransitionCommand('order:ready', OrderStatus.ReadyHandle, '待发货 / awaiting dispatch'),
  'order:in-transit': orderTransitionCommand(
    'order:in-transit',
    OrderStatus.ON_SENDING,
    '运输中，待收货 / in transit',
  ),
  'order:pickup-ready': orderTransitionCommand(
    'order:pickup-ready',
    OrderStatus.WAITINF_PICKUP,
    '自提订单待自提 / ready for self-pickup',
  ),
  'order:finish': orderTransitionCommand('order:finish', OrderStatus.Finished, '订单完成 / complete'),
  ...checkoutCommands,
  ...contentCommands,
  ...depositCommands,
  ...paymentCommands,
  'order:ship': {
    summary: '包裹发货并写入第一条物流轨迹 / ship a pack with its courier and logistic code (78 → 80)',
    usage: 'order:ship --no ORDERNO [--pack N] --courier SF --code SF123456789',
    options: {
      no: { type: 'string' },
      pack: { type: 'string' },
      courier: { type: 'string' },
      code: { type: 'string' },
    },
    async run({ values, open, print }) {
      const orderNo = orderNoOption(values.no);
      const pack = packOption(values.pack);
      const courierCode = requiredText(values, 'courier', '请指定快递公司编码 / a courier code is required');
      const logisticCode = requiredText(values, 'code', '请指定物流单号 / a logistic code is required');
      const { services } = await open();
      const result = await services.orderAdmin.transition(orderNo, OrderStatus.DELIVERED, {
        pack,
        courierCode,
        logisticCode,
      });
      print(
        result.moved.length > 0
          ? `订单 ${orderNo}：包裹 ${result.moved.join(', ')} 已发货 / shipped, ${courierCode} ${logisticCode}`
          : `订单 ${orderNo} 已发货，未改变 / already shipped, nothing changed`,
      );
    },
  },
  'order:attach': {
    summary: '上传包裹照片作为订单附件 / attach a package photo to an order',
    usage: 'order:attach --no ORDERNO [--pack N] --file photo.jpg [--note 备注]',
    options: {
      no: { type: 'string' },
      pack: { type: 'string' },
      file: { type: 'string' },
      note: { type: 'string' },
    },
    async run({ values, open, print }) {
      const orderNo = orderNoOption(values.no);
      const pack = packOption(values.pack);
      const file = typeof values.file === 'string' ? values.file : '';
      const contentType = IMAGE_TYPES[extname(file).toLowerCase()];
      if (!contentType)
        throw new UsageError(
          '--file: 请指定 .jpg、.png、.webp 或 .gif 图片 / a JPEG, PNG, WebP or GIF image',
        );
      let bytes: Buffer;
      try {
        bytes = await readFile(file);
      } catch (error) {
        throw new AppError(
          ResultCode.BadRequest,
          `无法读取文件 / cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      const { services } = await open();
      const note = optionText(values, 'note', false);
      const row = await services.orderAdmin.attach(orderNo, { file: bytes, contentType, pack, note });
      print(`已添加附件 / attached: ${row.path}`);
    },
  },
  'logistics:add': {
    summary: '添加物流轨迹 / add a tracking event to a parcel',
    usage:
      "logistics:add --code SF123456789 --desc '已到达深圳转运中心' [--location 深圳] [--time 'yyyy-MM-dd HH:mm']",
    options: {
      code: { type: 'string' },
      desc: { type: 'string' },
      location: { type: 'string' },
      time: { type: 'string' },
    },
    async run({ values, open, print }) {
      const logisticCode = requiredText(values, 'code', '请指定物流单号 / a logistic code is required');
      const description = requiredText(values, 'desc', '请填写轨迹描述 / a description is required');
      const { services } = await open();
      const event = await services.orderAdmin.addLogisticsEvent({
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
      let table: Awaited<ReturnType<typeof readSheetFile>>;
      try {
        table = await readSheetFile(file);
      } catch (error) {
        throw new AppError(
          ResultCode.BadRequest,
          `无法读取文件 / cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
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

function printHelp(print: (line: string) => void) {
  print('用法 / usage: npm run shop -- <command> [options]');
  print('');
  // Usage lines vary from 4 to 200 characters: each command gets its summary on a line of its own.
  for (const command of Object.values(commands)) {
    print(`  ${command.usage}`);
    print(`      ${command.summary}`);
  }
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const print = (line: string) => console.info(line);
  if (name === undefined || name === '--help' || name === '-h') {
    printHelp(print);
    return name === undefined ? 2 : 0;
  }
  const command = commands[name];
  if (!command) {
    console.error(`未知命令 / unknown command: ${name}`);
    printHelp((line) => console.error(line));
    return 2;
  }

  let values: Values;
  try {
    values = parseArgs({ args: rest, options: command.options ?? {}, strict: true, allowPositionals: false })
      .values as Values;
  } catch (error) {
    console.error(`参数错误 / bad arguments: ${error instanceof Error ? error.message : String(error)}`);
    console.error(`用法 / usage: npm run shop -- ${command.usage}`);
    return 2;
  }

  const config = loadConfig();
  let opened: { database: DatabaseHandle; services: Services } | undefined;
  const rateLimiter = new MemoryRateLimiter();
  const ctx: CliContext = {
    config,
    values,
    print,
    printError: (line) => console.error(line),
    async open() {
      if (!opened) {
        const database = await openDatabase(config.database);
        opened = {
          database,
          services: createServices({ config, database, clock: systemClock, rateLimiter }),
        };
        await database.migrate();
      }
      return opened;
    },
  };
  try {
    await command.run(ctx);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`参数错误 / bad arguments: ${error.message}`);
      console.error(`用法 / usage: npm run shop -- ${command.usage}`);
      return 2;
    }
    if (error instanceof AppError) {
      console.error(`失败 / failed: ${error.message}`);
      return 1;
    }
    console.error(`失败 / failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await opened?.database.close();
    await rateLimiter.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
