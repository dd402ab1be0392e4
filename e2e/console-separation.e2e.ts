import { existsSync } from 'node:fs';
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
