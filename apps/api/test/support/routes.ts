import type { App } from '../../src/app';

/**
 * Every route of the app, read from its OpenAPI document (made from the routes' own zod schemas), with a
 * way to build a request each schema accepts. Tests that must hold for every route (bad characters, login
 * before validation) iterate these instead of listing routes by hand, so a new route is covered the day it
 * is added.
 */

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  nullable?: boolean;
}

export interface Parameter {
  in: 'path' | 'query';
  name: string;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST';
  /** The OpenAPI path, parameters in braces: /api/salesService/template/{templateName}. */
  path: string;
  /** True when the route requires a bearer token ([{ bearerAuth: [] }] and nothing else). */
  memberOnly: boolean;
  /** True when the route is a console call behind the staff guard ([{ staffBearer: [] }]). */
  staffOnly: boolean;
  body: JsonSchema | undefined;
  parameters: Parameter[];
}

type OpenApiDoc = {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: Record<string, unknown>[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        parameters?: { in: string; name: string; schema?: unknown }[];
      }
    >
  >;
};

/** The app's operations, from its OpenAPI document. */
export function operations(app: App): Operation[] {
  const doc = app.swagger() as unknown as OpenApiDoc;
  const result: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const security = op.security ?? [];
      const parameters: Parameter[] = [];
      for (const p of op.parameters ?? []) {
        // A z.record query comes out of the converter as two odd entries; its values are strings.
        if (typeof p.schema !== 'object' || p.schema === null) continue;
        if (p.in !== 'path' && p.in !== 'query') continue;
        const name = p.name === 'additionalProperties' ? 'field' : p.name;
        parameters.push({ in: p.in, name, schema: p.schema as JsonSchema });
      }
      result.push({
        method: method.toUpperCase() as 'GET' | 'POST',
        path,
        memberOnly: security.length === 1 && Object.keys(security[0] ?? {}).join() === 'bearerAuth',
        staffOnly: security.length === 1 && Object.keys(security[0] ?? {}).join() === 'staffBearer',
        body: op.requestBody?.content?.['application/json']?.schema,
        parameters,
      });
    }
  }
  return result;
}

// Strings that pass the request contracts' formats: names, codes, phone numbers, ids, trade numbers ….
const STRING_CANDIDATES = [
  'abcd1234',
  'abc',
  'ABCD1234',
  'home',
  // An ABN with a good checksum (adminService/settings/seller/save/): before the phone number, which has 11
  // digits too but not the checksum.
  '51824753556',
  '13800138000',
  'buyer@example.com',
  '2000',
  // A 统一社会信用代码 with a good check character (a fapiao's 税号): before the ID number, which fits 18 characters
  // too but not the check.
  '91350100M000100Y43',
  '110101199003074512',
  'SB0123456789AB',
  // A recharge number (memberdeposit/cancelBankTransfer/).
  'R20260301060500000001',
  'CN11010200',
  // A moment with its time zone (a promotion's dates).
  '2026-12-01T00:00:00+08:00',
  // A TOTP code (adminService/staff/totp/enable/) and a console date filter.
  '123456',
  '2026-01-31',
  // The updateTime a console editor loaded (adminService/goods/save/).
  '2026-11-24T03:00:00.000Z',
  // A stored picture's path (adminService/goods/save/ images).
  'goods/a1.jpg',
  // A QR sign-in ticket (wechat/checkQrScan/, wechatBind/) and a sandbox scan code.
  'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  'abcdefghijklmnopqrstuvwx',
  // A region file's hashed name (res/static/regions/…) and an adjustment note's number.
  'address.0123456789.json',
  'ADJ-000001',
  '',
];

function stringFits(schema: JsonSchema, value: string): boolean {
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) return false;
  return (schema.allOf ?? []).every((part) => stringFits(part, value));
}

/** A value the schema accepts: every property present (optional ones too), one item per list. */
export function sample(schema: JsonSchema): unknown {
  if (schema.anyOf) {
    const first = schema.anyOf[0];
    if (!first) throw new Error('empty anyOf');
    return sample(first);
  }
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) out[key] = sample(child);
      if (typeof schema.additionalProperties === 'object') out.field = sample(schema.additionalProperties);
      return out;
    }
    case 'array':
      return schema.items ? [sample(schema.items)] : [];
    case 'string': {
      // Prefer a non-empty value, so that a bad character can go in the middle of it.
      const fit = STRING_CANDIDATES.find((c) => c !== '' && stringFits(schema, c));
      if (fit !== undefined) return fit;
      if (stringFits(schema, '')) return '';
      throw new Error(`no sample string for ${JSON.stringify(schema)}`);
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 1;
      return Math.max(1, schema.exclusiveMinimum === true ? min + 1 : min);
    }
    case 'boolean':
      return true;
    default:
      return 'abcd1234';
  }
}

export type Path = (string | number)[];

/** The paths of the free-text strings in a sample of the schema (enums left out: they refuse anything else). */
export function textPaths(schema: JsonSchema, path: Path = []): Path[] {
  if (schema.anyOf) {
    const first = schema.anyOf[0];
    return first ? textPaths(first, path) : [];
  }
  if (schema.enum) return [];
  switch (schema.type) {
    case 'object': {
      const paths = Object.entries(schema.properties ?? {}).flatMap(([key, child]) =>
        textPaths(child, [...path, key]),
      );
      if (typeof schema.additionalProperties === 'object')
        paths.push(...textPaths(schema.additionalProperties, [...path, 'field']));
      return paths;
    }
    case 'array':
      return schema.items ? textPaths(schema.items, [...path, 0]) : [];
    case 'string':
      return [path];
    default:
      return [];
  }
}

/** A deep copy of `value` with `fn` applied at `path`. */
export function updateAt(value: unknown, path: Path, fn: (old: unknown) => unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return fn(value);
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? updateAt(v, rest, fn) : v));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: updateAt(record[head as string], rest, fn) };
}

/** Puts `inserted` in the middle of a string (at its start when it is empty). */
export function insertInto(value: unknown, inserted: string): string {
  const s = String(value);
  const at = Math.floor(s.length / 2);
  return `${s.slice(0, at)}${inserted}${s.slice(at)}`;
}

/** The request URL of an operation with its path and query values (sampled unless given). */
export function urlOf(op: Operation, values: Record<string, string> = {}): string {
  const valueFor = (p: Parameter) => values[p.name] ?? String(sample(p.schema));
  let url = op.path;
  for (const p of op.parameters.filter((p) => p.in === 'path'))
    url = url.replace(`{${p.name}}`, encodeURIComponent(valueFor(p)));
  const query = op.parameters.filter((p) => p.in === 'query' && values[p.name] !== undefined);
  if (query.length > 0)
    url += `?${query.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(valueFor(p))}`).join('&')}`;
  return url;
}
