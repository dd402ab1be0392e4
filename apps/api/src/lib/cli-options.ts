/**
 * Reading the operator command line's options (cli.ts and each module's commands), one way for all of them.
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
