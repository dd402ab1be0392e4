import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureBoundaries, importSpecifiers } from '../../../scripts/feature-boundaries';

/**
 * The console's dependency rules, the storefront's (docs/conventions.md 'Shape'): a feature never imports another
 * feature (what two features share lives in components/ or lib/, as lib/catalogue-image.ts for brands and
 * categories); lib/ and components/ never import a feature or the app; nothing imports the API server.
 */

const adminRoot = resolve(dirname(decodeURIComponent(new URL(import.meta.url).pathname)), '..');
const { srcRoot, violation, check } = featureBoundaries(adminRoot);

describe('console boundaries', () => {
  it('finds the import rules broken by a file', () => {
    const file = (path: string) => join(srcRoot, path);
    const cases: [string, string, boolean][] = [
      // [importing file, specifier, breaks a rule]
      ['features/categories/components/category-modal.tsx', '@/features/brands/api/brands', true],
      ['features/categories/components/category-modal.tsx', '../../brands/api/brands', true],
      ['features/categories/components/category-modal.tsx', '../api/categories', false],
      ['features/categories/components/category-modal.tsx', '@/lib/catalogue-image', false],
      ['features/brands/components/brand-modal.tsx', '@/components/form-modal', false],
      ['lib/transfer.ts', '@/features/goods-sheet/import-modal', true],
      ['components/paged-table.tsx', '../app/routes', true],
      ['components/paged-table.tsx', './status-tabs', false],
      ['app/routes/brands.tsx', '@/features/brands/api/brands', false],
      ['features/orders/api/orders.ts', '@shop/api', true],
      ['features/orders/api/orders.ts', '../../../../../api/src/modules/order/order.routes', true],
      ['features/orders/api/orders.ts', '@shop/domain', false],
    ];
    for (const [from, specifier, breaks] of cases) {
      expect(violation(file(from), specifier) !== null, `${from} → ${specifier}`).toBe(breaks);
    }
    // A planted cross-feature import is read out of the source and refused.
    const planted =
      "import { useBrandList } from '@/features/brands/api/brands';\nimport { x } from '../api/x';";
    const from = file('features/promotions/components/promotion-modal.tsx');
    expect(importSpecifiers(planted).filter((specifier) => violation(from, specifier))).toEqual([
      '@/features/brands/api/brands',
    ]);
  });

  it('holds for every source and test file of the console', () => {
    const { files, broken } = check();
    expect(files.length).toBeGreaterThan(200);
    expect(broken).toEqual([]);
  });
});
