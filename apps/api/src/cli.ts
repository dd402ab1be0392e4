import { type ParseArgsConfig, parseArgs } from 'node:util';
import { passwordSchema, ResultCode, usernameSchema } from '@shop/domain';
import { z } from 'zod';
import { type AppConfig, loadConfig } from './config/env';
import { type DatabaseHandle, openDatabase } from './db/client';
import { runSeed } from './db/seed';
import { AppError } from './lib/app-error';
import { systemClock } from './lib/clock';
import { MemoryRateLimiter } from './lib/rate-limiter';
import { normalizeRate } from './modules/cart/rate.service';
import { ImportRejectedError } from './modules/catalogue/catalogue.admin';
import { checkImportSheet, readSheetFile } from './modules/catalogue/catalogue.import-sheet';
import { createServices, type Services } from './services';

/**
 * Operator command line: `npm run shop -- <command> [options]`. It uses the same config (environment)
 * and database as the server. Later modules add their commands to `commands`.
 */

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

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

/** A mistake of the operator: printed without a stack trace, exit code 2. */
class UsageError extends Error {}

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
      const name = typeof values.name === 'string' ? values.name.trim().slice(0, 50) : undefined;
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
      const sku = typeof values.sku === 'string' ? values.sku.trim() : '';
      if (sku === '') throw new UsageError('--sku: 请指定 SKU 编码 / a SKU code is required');
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
};

function printHelp(print: (line: string) => void) {
  print('用法 / usage: npm run shop -- <command> [options]');
  print('');
  const width = Math.max(...Object.values(commands).map((c) => c.usage.length));
  for (const command of Object.values(commands))
    print(`  ${command.usage.padEnd(width)}  ${command.summary}`);
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
