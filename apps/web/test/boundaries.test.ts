import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The storefront's dependency rules (docs/conventions.md 'Shape', docs/design.md 'Layout'), read from the source files:
 * a feature never imports another feature; lib/ and components/ (shared by everything) never import a feature
 * or the app; nothing in apps/web imports the API server (the two meet only through packages/domain).
 */

const webRoot = resolve(dirname(decodeURIComponent(new URL(import.meta.url).pathname)), '..');
const srcRoot = join(webRoot, 'src');
const apiRoot = resolve(webRoot, '../api');

/** Every specifier a module imports or re-exports, statically or with import(). */
function importSpecifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bimport\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g,
    /\bexport\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s+from\s+['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) if (match[1]) found.push(match[1]);
  }
  return found;
}

/** Where a specifier points: an absolute file path (without extension), or null for a package. */
function target(fromFile: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return join(srcRoot, specifier.slice(2));
  if (specifier.startsWith('.')) return resolve(dirname(fromFile), specifier);
  return null;
}

/** The area of src/ a path belongs to: 'features/<name>', 'lib', 'components', 'app', or null outside src/. */
function areaOf(path: string): string | null {
  const rel = relative(srcRoot, path);
  if (rel.startsWith('..') || rel === '') return null;
  const [top, second] = rel.split(sep);
  if (top === 'features') return second ? `features/${second}` : 'features';
  return top ?? null;
}

/** The rule a file breaks by importing `specifier`, or null. */
function violation(fromFile: string, specifier: string): string | null {
  if (specifier === '@shop/api' || specifier.startsWith('@shop/api/')) return 'imports the API server';
  const to = target(fromFile, specifier);
  if (to === null) return null;
  const toApi = relative(apiRoot, to);
  if (!toApi.startsWith('..')) return 'imports the API server';
  const from = areaOf(fromFile);
  const into = areaOf(to);
  if (from === null || into === null) return null;
  if (from.startsWith('features/') && into.startsWith('features/') && from !== into) {
    return `${from} imports ${into} (features meet in routes, through props and slots)`;
  }
  if ((from === 'lib' || from === 'components') && (into.startsWith('features') || into === 'app')) {
    return `${from}/ imports ${into}/ (shared code depends on nothing above it)`;
  }
  return null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('storefront boundaries', () => {
  it('finds the import rules broken by a file', () => {
    const file = (path: string) => join(srcRoot, path);
    const cases: [string, string, boolean][] = [
      // [importing file, specifier, breaks a rule]
      ['features/cart/use-cart.ts', '@/features/catalogue/api/get-goods-list', true],
      ['features/cart/components/cart-view.tsx', '../../order/api/keys', true],
      ['features/cart/components/cart-view.tsx', '../api/get-cart-list', false],
      ['features/cart/use-cart.ts', '@/features/cart/api/keys', false],
      ['features/cart/use-cart.ts', '@/lib/notify', false],
      ['lib/session.ts', '@/features/member/api/keys', true],
      ['lib/session.ts', '../app/query-client', true],
      ['components/price.tsx', '@/app/routes', true],
      ['components/price.tsx', './skeleton', false],
      ['app/routes/cart.tsx', '@/features/cart/components/cart-view', false],
      ['app/routes/cart.tsx', '@/features/member/api/keys', false],
      ['features/order/api/get-order-list.ts', '@shop/api', true],
      ['features/order/api/get-order-list.ts', '../../../../../api/src/modules/order/order.routes', true],
      ['features/order/api/get-order-list.ts', '@shop/domain', false],
    ];
    for (const [from, specifier, breaks] of cases) {
      expect(violation(file(from), specifier) !== null, `${from} → ${specifier}`).toBe(breaks);
    }
    expect(
      importSpecifiers(
        "import { a } from '@/lib/a';\nimport type { B } from '../b';\nimport './c.css';\n" +
          "export * from './d';\nexport { e } from '@/features/e/e';\nconst f = () => import('./routes/f');",
      ),
    ).toEqual(['@/lib/a', '../b', './c.css', './d', '@/features/e/e', './routes/f']);
  });

  it('holds for every source and test file of the storefront', () => {
    const files = [...sourceFiles(srcRoot), ...sourceFiles(join(webRoot, 'test'))];
    expect(files.length).toBeGreaterThan(100);
    const broken = files.flatMap((file) =>
      importSpecifiers(readFileSync(file, 'utf8')).flatMap((specifier) => {
        const rule = violation(file, specifier);
        return rule ? [`${relative(webRoot, file)}: '${specifier}' — ${rule}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('names the currencies only through the domain (CURRENCY_LABELS: 澳币, 人民币)', () => {
    const spelled = sourceFiles(srcRoot).filter((file) => readFileSync(file, 'utf8').includes('澳元'));
    expect(spelled.map((file) => relative(webRoot, file))).toEqual([]);
  });

  it('asks before destructive and money actions only through useConfirm (components/confirm-dialog.tsx)', () => {
    const other = /\bPopconfirm\b|Modal\.confirm|modal\.confirm|\bconfirm\(\s*['"`]|window\.confirm/;
    const asking = sourceFiles(srcRoot).filter(
      (file) => !file.endsWith('confirm-dialog.tsx') && other.test(readFileSync(file, 'utf8')),
    );
    expect(asking.map((file) => relative(webRoot, file))).toEqual([]);
  });
});
