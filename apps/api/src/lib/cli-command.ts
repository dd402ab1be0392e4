import type { ParseArgsConfig } from 'node:util';
import type { Services } from '../services';
import type { OptionValues } from './cli-options';

/** What a module's operator command gets from the command line (cli.ts passes a superset). */
export interface ModuleCliContext {
  values: OptionValues;
  /** Opens and migrates the database (once), with every service wired to it. */
  open(): Promise<{ services: Services }>;
  print(line: string): void;
}

/** One operator command a module adds to cli.ts's command table. */
export interface ModuleCommand {
  summary: string;
  usage: string;
  options?: NonNullable<ParseArgsConfig['options']>;
  run(ctx: ModuleCliContext): Promise<void>;
}
