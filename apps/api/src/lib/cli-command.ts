import type { ParseArgsConfig } from 'node:util';
import type { OptionValues } from './cli-options';

/**
 * One operator command (`npm run shop -- <name>`), wherever it lives: the runner (cli/run-cli.ts) collects the
 * commands of every module's and workflow's *.cli.ts. `S` names the services the command uses, so a module's
 * commands know only their own module.
 */
export interface CliCommand<S = unknown> {
  summary: string;
  usage: string;
  options?: NonNullable<ParseArgsConfig['options']>;
  run(ctx: CliContext<S>): Promise<void>;
}

export interface CliContext<S = unknown> {
  values: OptionValues;
  /** Opens and migrates the database (once), with every service wired to it; `analyze` after bulk writes. */
  open(): Promise<{ services: S; analyze(): Promise<void> }>;
  print(line: string): void;
  /** Prints to stderr (per-row errors of an import). */
  printError(line: string): void;
}
