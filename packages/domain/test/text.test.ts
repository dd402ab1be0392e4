import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from '../src';
import { CONTROL_CHARACTER_MESSAGE, INVALID_CHARACTER_MESSAGE, text } from '../src';

/** The messages of a failed parse, or [] when it succeeds. */
function errors(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('text()', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['BEL', 'a\u0007b'],
    ['ESC', '\u001b[31m'],
    ['unit separator', 'a\u001fb'],
    ['DEL', 'a\u007fb'],
    ['C1 NEL', 'a\u0085b'],
    ['C1 CSI', 'a\u009bb'],
    ['line feed', 'a\nb'],
    ['carriage return', 'a\rb'],
    ['tab', 'a\tb'],
    ['vertical tab', 'a\u000bb'],
  ])('refuses %s in a one-line field', (_name, value) => {
    expect(errors(text(), value)).toEqual([CONTROL_CHARACTER_MESSAGE]);
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['vertical tab', 'a\u000bb'],
    ['form feed', 'a\u000cb'],
    ['DEL', 'a\u007fb'],
    ['C1', 'a\u0090b'],
  ])('refuses %s in a multi-line field', (_name, value) => {
    expect(errors(text({ multiline: true }), value)).toEqual([CONTROL_CHARACTER_MESSAGE]);
  });

  it.each([
    ['line feed', '第一行\n第二行'],
    ['CRLF', '第一行\r\n第二行'],
    ['tab', '数量\t2'],
  ])('accepts %s in a multi-line field', (_name, value) => {
    expect(text({ multiline: true }).parse(value)).toBe(value);
  });

  it.each([
    ['a high surrogate alone', 'a\ud800b'],
    ['a low surrogate alone', 'a\udc00b'],
    ['a high surrogate at the end', 'ab\ud83d'],
    ['two low surrogates', '\udc00\udc00'],
  ])('refuses %s', (_name, value) => {
    expect(errors(text(), value)).toEqual([INVALID_CHARACTER_MESSAGE]);
  });

  it.each([
    ['Chinese', '澳洲奶粉 900g'],
    ['an emoji (a surrogate pair)', '礼物🎁'],
    ['Latin with accents', 'Nestlé'],
    ['no-break space', 'a\u00a0b'],
    ['empty', ''],
  ])('accepts %s', (_name, value) => {
    expect(text().parse(value)).toBe(value);
  });

  it('trims before the check when asked, so a pasted trailing newline is not refused', () => {
    expect(text({ trim: true }).parse(' 张三\n')).toBe('张三');
    expect(errors(text({ trim: true }), ' 张\n三 ')).toEqual([CONTROL_CHARACTER_MESSAGE]);
  });

  it('names the bad character before the checks chained after it', () => {
    const schema = text({ error: '请输入编号' }).regex(/^[A-Z0-9]{8}$/, '编号格式不正确');
    expect(errors(schema, 'ABCD\u000012')[0]).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(errors(schema, 42)).toEqual(['请输入编号']);
  });
});

// ------------------------------------------------------------------------ every request contract

type Node = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

/** Every string schema reachable from `schema`, with its path. */
function stringNodes(schema: Node, path: string, seen = new Set<Node>()): { path: string; node: Node }[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def;
  const child = (s: unknown, p: string) => stringNodes(s as Node, p, seen);
  switch (def.type) {
    case 'string':
      return [{ path, node: schema }];
    case 'object':
      return Object.entries(def.shape as Record<string, Node>).flatMap(([k, v]) => child(v, `${path}.${k}`));
    case 'array':
      return child(def.element, `${path}[]`);
    case 'record':
      return [...child(def.keyType, `${path}{key}`), ...child(def.valueType, `${path}{value}`)];
    case 'union':
      return (def.options as Node[]).flatMap((o, i) => child(o, `${path}|${i}`));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return child(def.innerType, path);
    case 'pipe':
      return [...child(def.in, path), ...child(def.out, path)];
    case 'lazy':
      return child((def.getter as () => Node)(), path);
    default:
      return [];
  }
}

// Every request contract the domain exports: the *RequestSchema objects and the shared field sets.
const requestContracts = Object.entries(domain).filter(
  ([name, value]) =>
    value instanceof z.ZodType &&
    (/RequestSchema$/.test(name) ||
      ['usernameSchema', 'passwordSchema', 'profileFieldsSchema'].includes(name)),
) as [string, Node][];
const filterFields = Object.entries(domain.goodsFilterFields).map(
  ([name, schema]) => [`goodsFilterFields.${name}`, schema as unknown as Node] as [string, Node],
);

describe('every request contract', () => {
  const strings = [...requestContracts, ...filterFields].flatMap(([name, schema]) =>
    stringNodes(schema, name),
  );

  it('has string fields to check', () => {
    expect(requestContracts.length).toBeGreaterThan(40);
    expect(strings.length).toBeGreaterThan(30);
  });

  it('builds every string field on text(), which refuses control characters', () => {
    const unchecked = strings
      .filter(
        ({ node }) =>
          !node.safeParse('x\u0000y').error?.issues.some((i) => i.message === CONTROL_CHARACTER_MESSAGE),
      )
      .map(({ path }) => path);
    expect(unchecked).toEqual([]);
  });
});
