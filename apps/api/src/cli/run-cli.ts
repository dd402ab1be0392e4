import { parseArgs } from 'node:util';
import { type AppConfig, loadConfig } from '../config/env';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { AppError } from '../lib/app-error';
import type { CliCommand, CliContext } from '../lib/cli-command';
import type { OptionValues } from '../lib/cli-options';
import { UsageError } from '../lib/cli-options';
import { systemClock } from '../lib/clock';
import { describeError } from '../lib/log-safety';
import type { RateLimiter } from '../lib/rate-limiter';
import { catalogueCommands } from '../modules/catalogue';
import { checkoutCommands } from '../modules/checkout';
import { contentCommands } from '../modules/content';
import { creditCommands } from '../modules/credit';
import { depositCommands } from '../modules/deposit';
import { inventoryCommands } from '../modules/inventory';
import { memberCommands } from '../modules/member';
import { messageCommands } from '../modules/messages';
import { orderCommands } from '../modules/order';
import { paymentCommands } from '../modules/payment';
import { rateCommands } from '../modules/rate';
import { reconciliationCommands } from '../modules/reconciliation';
import { sellerCommands } from '../modules/seller';
import { staffCommands } from '../modules/staff';
import { supplierCommands } from '../modules/supplier';
import { ticketCommands } from '../modules/tickets';
import { trackingCommands } from '../modules/tracking';
import { warehouseCommands } from '../modules/warehouse';
import { shopRateLimiter } from '../plugins/rate-limit';
import { ensureShopContent, runSeed } from '../seed/seed';
import { createServices, type ServiceDeps, type Services } from '../services';
import { memberLevelCommands } from '../workflows/member-level.cli';
import { refundOrderCommands } from '../workflows/refund-order.cli';
import { servePreOrdersCommands } from '../workflows/serve-pre-orders.cli';
import { ticketReplyCommands } from '../workflows/ticket-reply.cli';
import { backupCommands } from './backup.cli';

/**
 * The operator command line (`npm run shop -- <command> [options]`): parses the command and its options, opens
 * the database the configuration names (once, migrated) with every service wired to it, runs the command and
 * answers an exit code: 0 done, 1 refused or failed, 2 a usage mistake. The commands themselves live beside
 * what they drive, in each module's and workflow's *.cli.ts.
 */

/** Where a run's lines go: the console for an operator, a buffer in tests. */
export interface CliIo {
  print(line: string): void;
  printError(line: string): void;
}

export interface RunCliOptions {
  io?: CliIo;
  /** The configuration; read from the environment when absent. */
  config?: AppConfig;
  /** An open database owned by the caller (tests); the runner then neither migrates nor closes it. */
  database?: DatabaseHandle;
}

const consoleIo: CliIo = { print: (line) => console.info(line), printError: (line) => console.error(line) };

const databaseCommands: Record<string, CliCommand<Services>> = {
  migrate: {
    summary: '执行数据库迁移 / apply database migrations',
    usage: 'migrate',
    async run({ open, print }) {
      await open();
      print('迁移完成 / migrations applied');
    },
  },
};

/** Every command, in the order `help` lists them. */
function commandTable(
  seed: CliCommand<Services>,
  backup: Record<string, CliCommand>,
): Record<string, CliCommand<Services>> {
  return {
    ...databaseCommands,
    ...backup,
    seed,
    ...staffCommands,
    ...memberCommands,
    ...memberLevelCommands,
    ...catalogueCommands,
    ...inventoryCommands,
    ...rateCommands,
    ...sellerCommands,
    ...orderCommands,
    ...trackingCommands,
    ...checkoutCommands,
    ...warehouseCommands,
    ...contentCommands,
    ...depositCommands,
    ...creditCommands,
    ...refundOrderCommands,
    ...servePreOrdersCommands,
    ...paymentCommands,
    ...reconciliationCommands,
    ...ticketCommands,
    ...ticketReplyCommands,
    ...messageCommands,
    ...supplierCommands,
  };
}

function printHelp(commands: Record<string, CliCommand<Services>>, print: (line: string) => void) {
  print('用法 / usage: npm run shop -- <command> [options]');
  print('');
  // Usage lines vary from 4 to 200 characters: each command gets its summary on a line of its own.
  for (const command of Object.values(commands)) {
    print(`  ${command.usage}`);
    print(`      ${command.summary}`);
  }
}

/** Runs one operator command; resolves with its exit code (0 done, 1 refused or failed, 2 usage mistake). */
export async function runCli(argv: readonly string[], options: RunCliOptions = {}): Promise<number> {
  const io = options.io ?? consoleIo;
  let opened: { database: DatabaseHandle; services: Services; deps: ServiceDeps } | undefined;
  const seed: CliCommand<Services> = {
    summary: '写入演示数据（可重复执行）/ add demo data (safe to repeat)',
    usage: 'seed',
    async run({ open, print }) {
      const { analyze } = await open();
      if (!opened) return;
      await runSeed(opened.deps, { info: (_obj: unknown, msg?: string) => print(msg ?? '') });
      for (const line of await ensureShopContent(opened.services)) print(line);
      await analyze();
      print('演示数据已就绪 / demo data ready');
    },
  };
  // The backup commands read the configuration only when they run: `help` works with a wrong one.
  const commands = commandTable(
    seed,
    backupCommands(() => config),
  );
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    printHelp(commands, name === undefined ? io.printError : io.print);
    return name === undefined ? 2 : 0;
  }
  const command = commands[name];
  if (!command) {
    io.printError(`未知命令 / unknown command: ${name}`);
    printHelp(commands, io.printError);
    return 2;
  }

  let values: OptionValues;
  try {
    values = parseArgs({
      args: [...rest],
      options: command.options ?? {},
      strict: true,
      allowPositionals: false,
    }).values as OptionValues;
  } catch (error) {
    io.printError(`参数错误 / bad arguments: ${error instanceof Error ? error.message : String(error)}`);
    io.printError(`用法 / usage: npm run shop -- ${command.usage}`);
    return 2;
  }

  const config = options.config ?? loadConfig();
  // The server's own limiter (Redis or PostgreSQL), so that staff:unlock lifts the locks the server counts.
  let rateLimiter: RateLimiter | undefined;
  const ctx: CliContext<Services> = {
    values,
    print: io.print,
    printError: io.printError,
    async open() {
      if (!opened) {
        const database = options.database ?? (await openDatabase(config.database));
        if (!options.database) await database.migrate();
        rateLimiter = shopRateLimiter(config.redisUrl, database);
        const deps: ServiceDeps = { config, database, clock: systemClock, rateLimiter };
        opened = { database, services: createServices(deps), deps };
      }
      const { database, services } = opened;
      return { services, analyze: () => database.analyze() };
    },
  };
  try {
    await command.run(ctx);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.printError(`参数错误 / bad arguments: ${error.message}`);
      io.printError(`用法 / usage: npm run shop -- ${command.usage}`);
      return 2;
    }
    if (error instanceof AppError) {
      io.printError(`失败 / failed: ${error.message}`);
      return 1;
    }
    // A database error's message holds the statement's values (a password's hash, a member's name).
    io.printError(`失败 / failed: ${describeError(error)}`);
    return 1;
  } finally {
    // A ship starts a tracking round in the background: it ends before the database closes.
    await opened?.services.tracking.idle();
    if (opened && !options.database) await opened.database.close();
    await rateLimiter?.close();
  }
}
