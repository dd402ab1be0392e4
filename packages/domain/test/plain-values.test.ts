import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The plain values the storefront's first page imports (ADR 048) live apart from the contracts' schemas: importing
 * one of these files runs it, and a schema in it, or in a file it imports, would bring the validation library into
 * the first download again (`npm run bench:size` measures it).
 */
const PLAIN_VALUE_FILES = ['catalogue-constants.ts', 'service-constants.ts', 'wechat-constants.ts'];

/** The modules a source's import and re-export lines name. */
function importsIn(source: string): string[] {
  return [...source.matchAll(/^\s*(?:import|export)\b[^;]*?from\s*'([^']+)'/gm)].map((m) => m[1] ?? '');
}

const importsOf = (file: string) =>
  importsIn(readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8'));

describe('the first page’s plain values', () => {
  it.each(PLAIN_VALUE_FILES)('%s imports no schema and no validation library', (file) => {
    for (const from of importsOf(file)) {
      expect(from).not.toBe('zod');
      expect(from).not.toMatch(/contracts|zod-locale/);
    }
  });

  it('reads the import lines it checks', () => {
    // The checker itself: a file that imports zod must be caught.
    const sample = "import { z } from 'zod';\nexport { a } from './contracts/service';";
    expect(importsIn(sample)).toEqual(['zod', './contracts/service']);
  });
});
