import type { ZodType } from 'zod';

/**
 * An antd Form rule from a domain schema: the form refuses what the server would refuse, with the same
 * Chinese message, before anything is sent.
 */
export function zodRule(schema: ZodType, label?: string) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const checked = schema.safeParse(value === '' ? undefined : value);
      if (checked.success) return;
      const message = checked.error.issues[0]?.message;
      throw new Error(message ?? `${label ?? ''}格式不正确`);
    },
  };
}
