import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers (docs/decisions/009-workflows-and-module-boundaries.md): routes → workflow → service →
 * repository. A module never imports a sibling module, not even a type; flows across modules live in workflows/;
 * lib/ is the bottom and imports nothing above it; plugins know no module. The domain package imports no app,
 * no Node module and nothing of the DOM's.
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

// Every import and export-from, type-only ones included (they still tie the modules together).
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? '');
}

/** The top folder of src/ a file belongs to, and for modules and workflows the module's own name. */
function placeOf(path: string): { layer: string; unit: string } {
  const parts = relative(apiSrc, path).split('/');
  const layer = parts.length > 1 ? (parts[0] ?? '') : (parts[0] ?? '').replace(/\.ts$/, '');
  // A workflow is its file with the routes and commands beside it (place-order.ts, .routes.ts, .cli.ts).
  const workflow = (parts[1] ?? '').replace(/(\.routes|\.cli)?\.ts$/, '');
  const unit =
    layer === 'modules' ? `modules/${parts[1]}` : layer === 'workflows' ? `workflows/${workflow}` : layer;
  return { layer, unit };
}

interface Edge {
  from: string;
  to: string;
  file: string;
}

function apiEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(apiSrc)) {
    for (const spec of importsOf(file)) {
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec);
      if (!target.startsWith(apiSrc)) continue;
      edges.push({ from: placeOf(file).unit, to: placeOf(target).unit, file: relative(apiSrc, file) });
    }
  }
  return edges;
}

const layerOf = (unit: string) => unit.split('/')[0] ?? unit;

describe('API boundaries', () => {
  const edges = apiEdges();

  it('prints the graph of modules and workflows', () => {
    const graph = new Map<string, Set<string>>();
    for (const e of edges) {
      if (e.from === e.to || !['modules', 'workflows'].includes(layerOf(e.from))) continue;
      if (!['modules', 'workflows'].includes(layerOf(e.to))) continue;
      graph.set(e.from, (graph.get(e.from) ?? new Set()).add(e.to));
    }
    const lines = [...graph].sort().map(([from, to]) => `${from} → ${[...to].sort().join(', ')}`);
    console.info(`module graph:\n${lines.join('\n')}`);
    expect(lines.every((line) => line.startsWith('workflows/'))).toBe(true);
  });

  it('a module imports no sibling module and no workflow, not even a type', () => {
    const crossing = edges
      .filter((e) => layerOf(e.from) === 'modules' && e.from !== e.to)
      .filter((e) => ['modules', 'workflows'].includes(layerOf(e.to)))
      .map((e) => `${e.file} → ${e.to}`);
    expect(crossing).toEqual([]);
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

describe('domain package', () => {
  it('imports no app, no Node module and nothing outside itself but its libraries', () => {
    const bad = sourceFiles(domainSrc).flatMap((file) =>
      importsOf(file)
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
