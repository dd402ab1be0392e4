import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers and modules (docs/design.md 'Modules and their faces', ADR 009, ADR 044): routes → workflow
 * → service → repository. Each module has one face, its index.ts, and other code imports only that face; a
 * module imports no workflow; workflows import faces, never a repository, and not each other; lib/ is the bottom
 * and imports nothing above it; plugins know no module. A module reads and writes only its own tables, but for
 * the declared read models and shared columns below. The domain package imports no app, no Node module and
 * nothing of the DOM's.
 */

const apiSrc = resolve(import.meta.dirname, '..', 'src');
const domainSrc = resolve(import.meta.dirname, '..', '..', '..', 'packages', 'domain', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Every import and export-from (type-only ones included: they still tie the modules together) and import(). */
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

export function importsIn(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? '');
}

/** The names a text imports from any of the API's schema files (db/schema, db/*-schema, modules' *.schema). */
const SCHEMA_IMPORT =
  /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]*(?:db\/schema|-schema|\.schema))['"]/g;

export function schemaNamesIn(text: string): string[] {
  return [...text.matchAll(SCHEMA_IMPORT)].flatMap((m) =>
    (m[1] ?? '')
      .split(',')
      .map(
        (part) =>
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0] ?? '',
      )
      .filter(Boolean),
  );
}

/** The top folder of src/ a file belongs to, and for modules and workflows the module's own name. */
function placeOf(path: string): { layer: string; unit: string } {
  const parts = relative(apiSrc, path).split('/');
  const layer = parts.length > 1 ? (parts[0] ?? '') : (parts[0] ?? '').replace(/\.ts$/, '');
  // A workflow is its file with the routes and commands beside it (refund-order.ts, .routes.ts, .console.routes.ts,
  // .cli.ts), whether the import names the file with its extension or without.
  const workflow = (parts[1] ?? '').replace(/\.ts$/, '').replace(/(\.console\.routes|\.routes|\.cli)$/, '');
  const unit =
    layer === 'modules' ? `modules/${parts[1]}` : layer === 'workflows' ? `workflows/${workflow}` : layer;
  return { layer, unit };
}

interface Edge {
  from: string;
  to: string;
  file: string;
  /** The imported path inside src/, without extension. */
  target: string;
}

function edgesOf(file: string, text: string): Edge[] {
  return importsIn(text)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => resolve(dirname(file), spec))
    .filter((target) => target.startsWith(apiSrc))
    .map((target) => ({
      from: placeOf(file).unit,
      to: placeOf(target).unit,
      file: relative(apiSrc, file),
      target: relative(apiSrc, target),
    }));
}

const layerOf = (unit: string) => unit.split('/')[0] ?? unit;

/** Whether an import of a module from outside it goes through its face (`modules/<m>` or `modules/<m>/index`). */
export function throughFace(edge: Pick<Edge, 'from' | 'to' | 'target' | 'file'>): boolean {
  if (layerOf(edge.to) !== 'modules' || edge.from === edge.to) return true;
  // A module's schema may reference another's table for a foreign key; db/schema.ts gathers every schema.
  if (edge.target.endsWith('.schema') && (/\.schema\.ts$/.test(edge.file) || edge.file === 'db/schema.ts'))
    return true;
  return edge.target === edge.to || edge.target === `${edge.to}/index`;
}

/** The tables in db/schema.ts belong to no module: the demo seed's steps and the database rate limiter's counters. */
const OWNERS_IN_DB: Record<string, string> = { seedSteps: 'seed', rateCounters: 'lib' };

/**
 * Uses of another module's tables that are declared (ADR 044): a read model, and the columns a module owns on
 * another's rows. `module table` → why.
 */
const DECLARED: Record<string, string> = {
  // The dashboard's reports are a read model over the shop's tables: they read, never write.
  'dashboard orders': 'read model',
  'dashboard orderPacks': 'read model',
  'dashboard recharges': 'read model',
  'dashboard skus': 'read model',
  'dashboard supportTickets': 'read model',
  'dashboard orderItems': 'read model',
  'dashboard members': 'read model',
  // The finance exports read the money tables the same way, a page at a time, and write only their own.
  'exports orders': 'read model',
  'exports members': 'read model',
  'exports payments': 'read model',
  'exports paymentRefunds': 'read model',
  'exports depositLogs': 'read model',
  'exports recharges': 'read model',
  'exports staff': 'read model (the name of who asked)',
  // Stock is the `stock` column of the catalogue's SKUs, the sales count the `sales` column of its goods.
  'inventory skus': 'owns skus.stock',
  'inventory goods': 'owns goods.sales',
  // Deposits are the balance columns of the member's row.
  'deposit members': 'owns members.cny_deposit and members.aud_deposit',
};

/**
 * The tables of every schema file with the module each belongs to, by their exported name and by their name in
 * SQL (the same map holds both: `orders` is both).
 */
function tableOwners(files: readonly string[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const { layer, unit } = placeOf(file);
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      const name = m[1] ?? '';
      const owner = layer === 'modules' ? unit.slice('modules/'.length) : (OWNERS_IN_DB[name] ?? '');
      owners.set(name, owner);
      owners.set(m[2] ?? '', owner);
    }
  }
  return owners;
}

/** Table names a text's SQL reads or writes by name (outside comments): `from x`, `join x`, `into x`, `update x`. */
export function sqlTablesIn(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  return [...code.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_]+)"?(?=[\s(,)`]|$)/g)].map(
    (m) => m[1] ?? '',
  );
}

/** `module table` for every table a module's file imports or names in its SQL that another module owns. */
export function foreignTables(module: string, text: string, owners: ReadonlyMap<string, string>): string[] {
  return [...schemaNamesIn(text), ...sqlTablesIn(text)]
    .filter((name) => owners.has(name) && owners.get(name) !== module)
    .map((name) => `${module} ${name}`);
}

describe('API boundaries', () => {
  const files = sourceFiles(apiSrc);
  const texts = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
  const edges = files.flatMap((file) => edgesOf(file, texts.get(file) ?? ''));
  const owners = tableOwners(files);

  it('reads the whole server: more than 100 files, every table with an owner', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(owners.size).toBeGreaterThan(60);
    expect([...owners].filter(([, owner]) => owner === '').map(([name]) => name)).toEqual([]);
  });

  it('has checkers that catch what they are for', () => {
    expect(
      importsIn("import { a } from './x';\nexport * from '../y';\nconst z = await import('../z');"),
    ).toEqual(['./x', '../y', '../z']);
    const into = { from: 'workflows/place-order', to: 'modules/order', file: 'workflows/place-order.ts' };
    expect(throughFace({ ...into, target: 'modules/order/order.create.repository' })).toBe(false);
    expect(throughFace({ ...into, target: 'modules/order' })).toBe(true);
    expect(throughFace({ ...into, target: 'modules/order/index' })).toBe(true);
    const schemaEdge = {
      from: 'modules/order',
      to: 'modules/member',
      target: 'modules/member/member.schema',
    };
    expect(throughFace({ ...schemaEdge, file: 'modules/order/order.schema.ts' })).toBe(true);
    expect(throughFace({ ...schemaEdge, file: 'modules/order/order.repository.ts' })).toBe(false);
    expect(
      foreignTables(
        'order',
        "import { orders, type payments as p } from '../../db/schema';",
        new Map([
          ['orders', 'order'],
          ['payments', 'payment'],
        ]),
      ),
    ).toEqual(['order payments']);
    expect(
      sqlTablesIn('sql`select * from payments p join orders o on o.id = p.order_id` // from members'),
    ).toEqual(['payments', 'orders']);
  });

  it('prints the graph of modules and workflows, every arrow into a face', () => {
    const graph = new Map<string, Set<string>>();
    for (const e of edges) {
      if (e.from === e.to || !['modules', 'workflows'].includes(layerOf(e.from))) continue;
      if (!['modules', 'workflows'].includes(layerOf(e.to))) continue;
      graph.set(e.from, (graph.get(e.from) ?? new Set()).add(e.to));
    }
    const lines = [...graph].sort().map(([from, to]) => `${from} → ${[...to].sort().join(', ')}`);
    console.info(`module graph:\n${lines.join('\n')}`);
    expect(edges.filter((e) => !throughFace(e)).map((e) => `${e.file} → ${e.target}`)).toEqual([]);
  });

  it('a module imports no workflow', () => {
    const crossing = edges
      .filter((e) => layerOf(e.from) === 'modules' && layerOf(e.to) === 'workflows')
      .map((e) => `${e.file} → ${e.to}`);
    expect(crossing).toEqual([]);
  });

  it('a module uses only its own tables, the declared read models and shared columns aside', () => {
    const found = new Set<string>();
    for (const [file, text] of texts) {
      const { layer, unit } = placeOf(file);
      // A schema's foreign keys name the tables they reference; that is no use of their rows.
      if (layer !== 'modules' || file.endsWith('.schema.ts')) continue;
      for (const use of foreignTables(unit.slice('modules/'.length), text, owners)) found.add(use);
    }
    const undeclared = [...found].filter((use) => !(use in DECLARED)).sort();
    expect(undeclared).toEqual([]);
  });

  it('lib/ imports nothing above it, and plugins know no module or workflow', () => {
    const above = new Set(['modules', 'workflows', 'plugins', 'services', 'app', 'cli', 'server']);
    const fromLib = edges.filter((e) => e.from === 'lib' && above.has(layerOf(e.to)));
    const fromPlugins = edges.filter(
      (e) => e.from === 'plugins' && ['modules', 'workflows', 'services'].includes(layerOf(e.to)),
    );
    expect([...fromLib, ...fromPlugins].map((e) => `${e.file} → ${e.to}`)).toEqual([]);
  });

  it('workflows do not import each other', () => {
    const crossing = edges
      .filter((e) => layerOf(e.from) === 'workflows' && layerOf(e.to) === 'workflows' && e.from !== e.to)
      .map((e) => `${e.file} → ${e.to}`);
    expect(crossing).toEqual([]);
  });
});

/**
 * Route files say who calls them (docs/conventions.md 'Names'): a file serving the staff console's paths
 * (packages/domain's Admin…Paths) is a `.console.routes.ts`, and a `.console.routes.ts` serves nothing else.
 */
function misnamedRouteFile(name: string, text: string): boolean {
  const servesStaff = /\bAdmin\w*Paths\./.test(text);
  const servesOthers = /\b(?!Admin)\w+Paths\./.test(text);
  return name.endsWith('.console.routes.ts') ? !servesStaff || servesOthers : servesStaff;
}

describe('route file names', () => {
  it('tells a staff route file from the others', () => {
    expect(misnamedRouteFile('x.routes.ts', 'app.post(AdminOrderPaths.list')).toBe(true);
    expect(misnamedRouteFile('x.console.routes.ts', 'app.post(OrderPaths.list')).toBe(true);
    expect(misnamedRouteFile('x.console.routes.ts', 'AdminOrderPaths.list; PaymentPaths.refundNotify')).toBe(
      true,
    );
    expect(misnamedRouteFile('x.console.routes.ts', 'app.post(AdminOrderPaths.list')).toBe(false);
    expect(misnamedRouteFile('x.routes.ts', 'app.post(OrderPaths.list')).toBe(false);
  });

  it('serves the staff console from *.console.routes.ts only', () => {
    const files = sourceFiles(apiSrc).filter((file) => file.endsWith('.routes.ts'));
    expect(files.filter((file) => file.endsWith('.console.routes.ts')).length).toBeGreaterThan(15);
    const misnamed = files
      .filter((file) => misnamedRouteFile(file, readFileSync(file, 'utf8')))
      .map((file) => relative(apiSrc, file));
    expect(misnamed).toEqual([]);
  });
});

describe('domain package', () => {
  it('imports no app, no Node module and nothing outside itself but its libraries', () => {
    const bad = sourceFiles(domainSrc).flatMap((file) =>
      importsIn(readFileSync(file, 'utf8'))
        .filter(
          (spec) =>
            spec.startsWith('node:') ||
            spec.startsWith('@shop/') ||
            (spec.startsWith('.') && !resolve(dirname(file), spec).startsWith(domainSrc)),
        )
        .map((spec) => `${relative(domainSrc, file)} → ${spec}`),
    );
    expect(bad).toEqual([]);
  });

  it('uses no browser or Node global', () => {
    const globals = /\b(?:window|document|localStorage|process|Buffer|require)\s*[.(]/;
    const bad = sourceFiles(domainSrc).filter((file) =>
      globals.test(readFileSync(file, 'utf8').replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '')),
    );
    expect(bad.map((f) => relative(domainSrc, f))).toEqual([]);
  });
});
