import { readFile } from 'node:fs/promises';
import { Currency, InvalidAmountError, MAX_RECHARGE, ResultCode, toMinor } from '@shop/domain';
import { AppError } from './app-error';

/**
 * Reading the operator command line's options (the runner and every *.cli.ts), one way for all of them.
 */

/** Option values as node:util parseArgs gives them (repeatable options are lists). */
export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** A mistake of the operator: printed with the command's usage, without a stack trace, exit code 2. */
export class UsageError extends Error {}

/**
 * A string option, trimmed. Missing or blank: a UsageError naming the option when `required` is true or a
 * message, otherwise undefined.
 */
export function optionText(
  values: OptionValues,
  name: string,
  required: boolean | string = true,
): string | undefined {
  const value = values[name];
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (required === false) return undefined;
  throw new UsageError(`--${name}: ${required === true ? '必填 / required' : required}`);
}

/** A required string option, trimmed (see optionText). */
export function requiredText(values: OptionValues, name: string, message?: string): string {
  return optionText(values, name, message ?? true) as string;
}

/**
 * The order number every order command takes as `--order SO…` (README 'Operator commands'). `--no` is its
 * older spelling on the order:* status, ship and attach commands, still taken there (ORDER_NO_OPTIONS) so that
 * operators' scripts keep working; both at once must agree.
 */
export function orderNoOption(values: OptionValues): string {
  const order = optionText(values, 'order', false);
  const no = optionText(values, 'no', false);
  if (order !== undefined && no !== undefined && order !== no)
    throw new UsageError(
      '--no 是 --order 的旧写法，请只给 --order / --no is the old name of --order: give one',
    );
  const orderNo = order ?? no;
  if (orderNo === undefined) throw new UsageError('--order: 请指定订单号 / an order number is required');
  return orderNo;
}

/** The parseArgs options of an order number: `--order`, and `--no` where older scripts used it (orderNoOption). */
export const ORDER_NO_OPTIONS = { order: { type: 'string' }, no: { type: 'string' } } as const;

/** The operator's name on log rows and reviews when --by is not given. */
export const DEFAULT_OPERATOR = 'cli';

/** A positive amount in major units with at most 2 decimals, as minor units; a UsageError otherwise. */
export function amountOption(values: OptionValues, name = 'amount'): number {
  const text = requiredText(values, name, '请填写金额，如 100.50 / an amount is required, e.g. 100.50');
  let minor: number;
  try {
    minor = toMinor(text);
  } catch (error) {
    if (!(error instanceof InvalidAmountError)) throw error;
    minor = Number.NaN;
  }
  if (!Number.isSafeInteger(minor) || minor <= 0)
    throw new UsageError(
      `--${name}: 应为大于0、最多两位小数的金额，如 100.50 / a positive amount with up to 2 decimals`,
    );
  if (minor > toMinor(MAX_RECHARGE))
    throw new UsageError(`--${name}: 单笔最多 ${MAX_RECHARGE} / at most ${MAX_RECHARGE} at once`);
  return minor;
}

/** --currency as CNY or AUD (any case); a UsageError otherwise. */
export function currencyOption(values: OptionValues): Currency {
  const value = requiredText(values, 'currency', '请指定币种 CNY 或 AUD / CNY or AUD').toUpperCase();
  if (value !== Currency.AUD && value !== Currency.CNY)
    throw new UsageError('--currency: 应为 CNY 或 AUD / must be CNY or AUD');
  return value;
}

/** The operator's name (--by), at most 60 characters. */
export function byOption(values: OptionValues): string {
  const by = optionText(values, 'by', false) ?? DEFAULT_OPERATOR;
  if (by.length > 60) throw new UsageError('--by: 最多60个字符 / at most 60 characters');
  return by;
}

/** An optional free-text option of at most `max` characters. */
export function noteOption(values: OptionValues, name: string, max: number): string | undefined {
  const note = optionText(values, name, false);
  if (note !== undefined && note.length > max)
    throw new UsageError(`--${name}: 最多${max}个字符 / at most ${max} characters`);
  return note;
}

/** The values of a repeatable option (`--code A --code B`). */
export function listOption(value: OptionValues[string]): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
}

/** A whole number of at least `min` from an option, or a UsageError naming it. */
export function countOption(name: string, value: OptionValues[string], min: number): number {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value) || Number(value) < min) {
    throw new UsageError(`--${name}: 应为不小于 ${min} 的整数 / must be an integer ≥ ${min}`);
  }
  return Number(value);
}

/** Reads a file an option names, or fails with a message naming it (BadRequest, printed without a stack). */
export async function readInputFile<T>(file: string, read: (file: string) => Promise<T>): Promise<T> {
  try {
    return await read(file);
  } catch (error) {
    throw new AppError(
      ResultCode.BadRequest,
      `无法读取文件 / cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** The bytes of a file an option names (see readInputFile). */
export function readInputBytes(file: string): Promise<Buffer> {
  return readInputFile(file, (f) => readFile(f));
}

/** The JSON of the file `--file` names; a UsageError when it cannot be read as JSON. */
export async function jsonFileOption(values: OptionValues): Promise<unknown> {
  const file = requiredText(values, 'file');
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(
      `--file: 无法读取 JSON / not readable as JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
