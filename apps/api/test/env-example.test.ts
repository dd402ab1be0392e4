import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, parseConfig } from '../src/config/env';

const root = join(import.meta.dirname, '..', '..', '..');
const example = readFileSync(join(root, '.env.example'), 'utf8');
/** The example's variables with the values it gives them (each line `#NAME=value`, commented out). */
const entries = [...example.matchAll(/^#?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(
  (m) => [m[1] ?? '', m[2] ?? ''] as const,
);

/** The variables the README's configuration table names, a `PREFIX_*` standing for every variable it starts. */
function readmeVariables(): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('| variable | default | meaning |'));
  const rows = table.split('\n').slice(2);
  const names: string[] = [];
  for (const row of rows) {
    if (!row.startsWith('|')) break;
    const cell = row.split(' | ')[0] ?? '';
    for (const [, name = ''] of cell.matchAll(/`([A-Z][A-Z0-9_]*\*?)`/g))
      names.push(
        ...(name.endsWith('*') ? ENV_VARIABLES.filter((v) => v.startsWith(name.slice(0, -1))) : [name]),
      );
  }
  return names;
}

describe('.env.example', () => {
  it('lists every variable the shop reads, once, and nothing else', () => {
    const names = entries.map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...ENV_VARIABLES].sort());
  });

  it('covers every variable of the README’s table', () => {
    const names = new Set(entries.map(([name]) => name));
    const documented = readmeVariables();
    expect(documented.length).toBeGreaterThan(60);
    expect(documented.filter((name) => !names.has(name))).toEqual([]);
  });

  it('gives defaults the shop accepts: uncommented as it is, it starts with the defaults', () => {
    const result = parseConfig(Object.fromEntries(entries), root);
    expect(result.ok, result.ok ? '' : result.errors.join('\n')).toBe(true);
  });
});
