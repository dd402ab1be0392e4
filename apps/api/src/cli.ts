import { type ParseArgsConfig, parseArgs } from 'node:util';
import { passwordSchema, usernameSchema } from '@shop/domain';
import { z } from 'zod';
import { type AppConfig, loadConfig } from './config/env';
import { type DatabaseHandle, openDatabase } from './db/client';
import { runSeed } from './db/seed';
import { AppError } from './lib/app-error';
import { systemClock } from './lib/clock';
import { MemoryRateLimiter } from './lib/rate-limiter';
import { createServices, type Services } from './services';

/**
 * Operator command line: `npm run shop -- <command> [options]`. It uses the same config (environment)
 * and database as the server. Later modules add their commands to `commands`.
 */

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | undefined>;

interface CliContext {
  config: AppConfig;
  values: Values;
  /** Opens and migrates the database (once), with every service wired to it. */
  open(): Promise<{ database: DatabaseHandle; services: Services }>;
  print(line: string): void;
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
      const { services } = await open();
      await runSeed(services, { info: (_obj: unknown, msg?: string) => print(msg ?? '') });
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
