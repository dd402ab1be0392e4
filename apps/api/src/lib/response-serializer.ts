import fastJson from 'fast-json-stringify';
import { serializerCompiler as validatingSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * How the API writes its JSON answers from each route's zod response schema (docs/decisions/022):
 * - `validated`: zod checks every answer against the contract, then JSON.stringify (development);
 * - `compiled`: a serializer compiled once per schema by fast-json-stringify from the schema's JSON Schema, about
 *   5× faster on a 15 kB goods list (production). It writes only the contract's properties, like zod, and in the
 *   same order, so the bytes are the same;
 * - `checked`: both, and an answer whose bytes differ is an error naming the route (tests and the end-to-end
 *   suite run this way, so every answer they make proves the compiled one right).
 */
export type ResponseSerializer = 'validated' | 'compiled' | 'checked';

export const RESPONSE_SERIALIZERS = ['validated', 'compiled', 'checked'] as const;

type Serialize = (data: unknown) => string;
type SchemaCompiler = (route: {
  schema: unknown;
  method: string;
  url: string;
  httpStatus?: string;
}) => Serialize;

type JsonSchema = { [key: string]: unknown };

/**
 * zod writes a nullable value as `anyOf: [X, {type: 'null'}]`, which fast-json-stringify serialises by trying each
 * branch with a validator, the slowest path it has; `X` with `nullable: true` says the same and takes the fast one.
 */
function withNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullable);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = withNullable(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((branch: JsonSchema) => branch.type === 'null');
    const other = anyOf[1 - nullIndex] as JsonSchema | undefined;
    // Only a branch with a single type of its own: a nested anyOf or a $ref keeps the general form.
    if (nullIndex !== -1 && other && typeof other.type === 'string' && other.nullable === undefined) {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...other, nullable: true };
    }
  }
  return out;
}

/** The JSON Schema fast-json-stringify compiles for a zod schema: its output side, nullables in the fast form. */
export function serializerJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
  return withNullable(json) as JsonSchema;
}

// One compiled function per schema object: every route's error answers share one envelope schema.
const compiled = new WeakMap<object, Serialize>();

function compiledFor(schema: z.ZodType): Serialize {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = fastJson(serializerJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
    compiled.set(schema, serialize);
  }
  return serialize;
}

/** A route's response schema as Fastify hands it over: the zod schema itself (fastify-type-provider-zod). */
function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  throw new Error('response schema is not a zod schema');
}

/** The first place two answers differ, with a little of each around it, for the error of a `checked` answer. */
function firstDifference(expected: string, actual: string): string {
  let i = 0;
  while (i < expected.length && expected[i] === actual[i]) i += 1;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, i - 40), i + 40));
  return `at byte ${i}: expected ${around(expected)}, compiled ${around(actual)}`;
}

/** Writes with both serializers and answers zod's bytes; bytes that differ are an error naming the route. */
export function bothSerializers(
  route: { method: string; url: string; httpStatus?: string },
  validated: Serialize,
  fast: Serialize,
): Serialize {
  return (data) => {
    const expected = validated(data);
    const actual = fast(data);
    if (actual !== expected) {
      throw new Error(
        `compiled serializer differs for ${route.method} ${route.url} ${route.httpStatus ?? ''} ${firstDifference(expected, actual)}`,
      );
    }
    return expected;
  };
}

/** The serializer compiler Fastify uses for every route (app.setSerializerCompiler). */
export function responseSerializerCompiler(mode: ResponseSerializer): SchemaCompiler {
  const validating = validatingSerializerCompiler as unknown as SchemaCompiler;
  if (mode === 'validated') return validating;
  if (mode === 'compiled')
    return ({ schema }) => {
      const write = compiledFor(zodSchemaOf(schema));
      // As bytes: Fastify then takes the length from the buffer instead of counting a large answer's UTF-8 again.
      return (data) => Buffer.from(write(data)) as unknown as string;
    };
  return (route) => bothSerializers(route, validating(route), compiledFor(zodSchemaOf(route.schema)));
}
