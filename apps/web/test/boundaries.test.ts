import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureBoundaries, importSpecifiers, sourceFiles } from '../../../scripts/feature-boundaries';

/**
 * The storefront's dependency rules (docs/conventions.md 'Shape', docs/design.md 'Layout'), read from the source files:
 * a feature never imports another feature; lib/ and components/ (shared by everything) never import a feature
 * or the app; nothing in apps/web imports the API server (the two meet only through packages/domain).
 */

const webRoot = resolve(dirname(decodeURIComponent(new URL(import.meta.url).pathname)), '..');
const { srcRoot, violation, check } = featureBoundaries(webRoot);

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
    const { files, broken } = check();
    expect(files.length).toBeGreaterThan(100);
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
