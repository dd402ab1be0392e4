import { z } from 'zod';
import '../zod-locale';

/**
 * The one string type of every request contract (docs/conventions.md 'Errors and bad input'). A request string
 * never holds a control character: C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F) are refused,
 * except tab, line feed and carriage return in the few fields a shopper types on several lines (remarks,
 * street addresses, pasted address text). A NUL would otherwise reach PostgreSQL, which cannot store it,
 * and the others are invisible characters no form produces. Lone UTF-16 surrogates (from a JSON '\ud800'
 * escape) are refused too: they cannot be encoded as UTF-8 and would be stored as U+FFFD silently.
 */

export const CONTROL_CHARACTER_MESSAGE = '不能包含控制字符';
export const INVALID_CHARACTER_MESSAGE = '包含无效字符';

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface TextOptions {
  /** Message when the value is missing or not a string (e.g. '请输入用户名'). */
  error?: string;
  /** Strip surrounding whitespace first, so a trailing newline pasted into a one-line field is not refused. */
  trim?: boolean;
  /** A field typed on several lines: tab, line feed and carriage return are allowed. */
  multiline?: boolean;
}

/** Whether a string holds a character no request field accepts (see the module comment). */
export function badCharacterMessage(value: string, multiline = false): string | null {
  if ((multiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).test(value)) return CONTROL_CHARACTER_MESSAGE;
  if (LONE_SURROGATE.test(value)) return INVALID_CHARACTER_MESSAGE;
  return null;
}

/**
 * A request string: `text({ error: '请输入姓名', trim: true }).min(1, …).max(50, …)`. The character check
 * runs before the checks chained after it, so a bad character is what the error names.
 */
export function text(options: TextOptions = {}): z.ZodString {
  const base = options.error === undefined ? z.string() : z.string({ error: options.error });
  const trimmed = options.trim ? base.trim() : base;
  return trimmed.superRefine((value, ctx) => {
    const message = badCharacterMessage(value, options.multiline);
    if (message) ctx.addIssue({ code: 'custom', message, input: value });
  });
}
