import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consoleCodeIn } from './support/console-markers';
import { repoRoot } from './support/server';

/** ADR 020: the staff console is its own bundle; the storefront's files never carry any of it. */
describe('the storefront and the staff console builds', () => {
  it('keeps console code out of every storefront file', () => {
    expect(consoleCodeIn(join(repoRoot, 'apps/web/dist'))).toEqual([]);
  });

  it('finds the markers in the console build, so the check above can see console code', () => {
    const adminDist = join(repoRoot, 'apps/admin/dist');
    expect(existsSync(join(adminDist, 'index.html')), 'npm run build builds the console too').toBe(true);
    const found = new Set(consoleCodeIn(adminDist).flatMap((hit) => hit.markers));
    expect([...found].sort()).toEqual(
      ['/api/adminService/', 'shop-admin-token', '员工管理', '操作日志'].sort(),
    );
  });
});

/** Text only ProseMirror (under the console's Tiptap editor) carries: the class it gives the editing area. */
const PROSEMIRROR = 'ProseMirror-focused';

/** The console's scripts its page loads before anything is asked for: index.html's, and what they import, by file. */
function consoleEntry(dist: string): string[] {
  const assets = join(dist, 'assets');
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(assets, file), 'utf8');
    // Static imports only (`import … from "./x.js"`, `import "./x.js"`); an `import(` waits until it is asked for.
    for (const [, next] of code.matchAll(/(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g))
      if (next) walk(next);
  };
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  for (const [, file] of html.matchAll(/\/assets\/([^"']+\.js)/g)) if (file) walk(file);
  return [...seen];
}

/** ADR 062: the rich-text editor (Tiptap, ProseMirror) loads with the pages that edit rich text, never at the start. */
describe('the console build', () => {
  it('keeps the rich-text editor out of what the console loads first', () => {
    const dist = join(repoRoot, 'apps/admin/dist');
    const entry = consoleEntry(dist);
    expect(entry.length).toBeGreaterThan(1);
    const carrying = (files: string[]) =>
      files.filter((file) => readFileSync(join(dist, 'assets', file), 'utf8').includes(PROSEMIRROR));
    expect(carrying(entry)).toEqual([]);
    // The check can see the editor: it is in the build, in a chunk of its own.
    const all = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'));
    expect(carrying(all).map((file) => file.replace(/-[\w-]{8}\.js$/, ''))).toEqual(['vendor-tiptap']);
  });
});
