import type { ZodType } from 'zod';

/**
 * An antd Form rule that checks a value against a domain schema, so the form shows the same Chinese
 * message the server would send.
 */
export function zodRule(schema: ZodType) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = schema.safeParse(value === '' ? undefined : value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
    },
  };
}
