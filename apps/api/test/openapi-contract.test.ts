import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../src/plugins/openapi';
import { staffToken } from './support/staff';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The published API document is part of the contract (issue #40 'OpenAPI'): every operation has an operationId and
 * a declared tag, the storefront's shared shapes are components, and the document is committed under docs/api, so
 * a change of any call shows in review. `npm run openapi:write` writes it again after a deliberate change.
 */

type Operation = { operationId?: string; tags?: string[] };
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  tags?: { name: string; description?: string }[];
  components?: { schemas?: Record<string, unknown> };
};

const root = join(import.meta.dirname, '..', '..', '..');
const FILES = {
  storefront: join(root, 'docs', 'api', 'openapi.json'),
  console: join(root, 'docs', 'api', 'openapi-console.json'),
};
const CONSOLE = '/api/adminService/';
const writing = process.env.UPDATE_OPENAPI === '1';

let t: TestApp;
let storefront: Doc;
let whole: Doc;
beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  const read = async (token?: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/docs/json',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      })
    ).json() as Doc;
  storefront = await read();
  whole = await read((await staffToken(t, 'owner')).token);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );

/** The console's calls alone: its paths, with the components they may refer to. */
const consolePart = (doc: Doc): Doc => ({
  ...doc,
  paths: Object.fromEntries(Object.entries(doc.paths).filter(([path]) => path.startsWith(CONSOLE))),
});

describe('the API document', () => {
  it('gives every operation a unique operationId and a declared tag', () => {
    const ops = operations(whole);
    expect(ops.length).toBeGreaterThan(250);
    const ids = ops.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const declared = new Set(whole.tags?.map((tag) => tag.name));
    const undeclared = [...new Set(ops.flatMap(({ op }) => op.tags ?? []))].filter(
      (tag) => !declared.has(tag),
    );
    expect(undeclared).toEqual([]);
    expect(ops.filter(({ op }) => (op.tags ?? []).length === 0)).toEqual([]);
    expect(whole.tags?.every((tag) => (tag.description ?? '') !== '')).toBe(true);
  });

  it('names operations from their paths', () => {
    expect(operationIdOf('POST', '/api/goodsService/goods/list/')).toBe('goodsServiceGoodsList');
    expect(operationIdOf('GET', '/api/salesService/template/:name')).toBe('salesServiceTemplateNameGet');
  });

  it('writes the storefront’s shared shapes once, as components referred to by $ref', () => {
    const schemas = Object.keys(storefront.components?.schemas ?? {});
    for (const name of [
      'GoodsDetail',
      'GoodsListItem',
      'Sku',
      'CartLine',
      'OrderSummary',
      'OrderDetail',
      'Address',
    ])
      expect(
        schemas.some((s) => s === name || s.startsWith(`${name}`)),
        name,
      ).toBe(true);
    expect(
      JSON.stringify(storefront).match(/"\$ref":"#\/components\/schemas\//g)?.length ?? 0,
    ).toBeGreaterThan(20);
  });

  it('is the document committed in docs/api (npm run openapi:write after a deliberate change)', () => {
    const current = {
      storefront: `${JSON.stringify(storefront, null, 1)}\n`,
      console: `${JSON.stringify(consolePart(whole), null, 1)}\n`,
    };
    if (writing) {
      writeFileSync(FILES.storefront, current.storefront);
      writeFileSync(FILES.console, current.console);
    }
    for (const part of ['storefront', 'console'] as const) {
      expect(existsSync(FILES[part]), FILES[part]).toBe(true);
      const committed = readFileSync(FILES[part], 'utf8');
      // Not toEqual on the text: a difference names the paths that changed, not a megabyte of JSON.
      const was = JSON.parse(committed) as Doc;
      const now = JSON.parse(current[part]) as Doc;
      const changed = [...new Set([...Object.keys(was.paths), ...Object.keys(now.paths)])].filter(
        (path) => JSON.stringify(was.paths[path]) !== JSON.stringify(now.paths[path]),
      );
      expect(changed, `${part}: run npm run openapi:write and review the diff`).toEqual([]);
      expect(committed === current[part], `${part}: run npm run openapi:write and review the diff`).toBe(
        true,
      );
    }
  });
});
