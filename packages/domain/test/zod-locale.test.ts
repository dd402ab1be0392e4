import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import '../src';

describe('zod locale (spec §5 generic form messages are Chinese)', () => {
  it.each([
    ['a wrong type', z.number(), 'x', '无效输入：期望 数字，实际接收 string'],
    ['an unknown key', z.strictObject({}), { a: 1 }, '出现未知的键(key): "a"'],
  ])('explains %s in Chinese', (_name, schema, input, message) => {
    expect(schema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });
});
