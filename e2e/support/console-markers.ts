import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Strings only the staff console's code has (ADR 020): its API prefix, its token key, its page titles. The
 * console builds from its own workspace, so none of them may appear in the storefront's files.
 */
export const CONSOLE_MARKERS = ['/api/adminService/', 'shop-admin-token', '员工管理', '操作日志'] as const;

/** The JavaScript files under a build's assets/ that carry console code, each with the markers found in it. */
export function consoleCodeIn(distDir: string): { file: string; markers: string[] }[] {
  const assets = join(distDir, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const text = readFileSync(join(assets, file), 'utf8');
      return { file, markers: CONSOLE_MARKERS.filter((marker) => text.includes(marker)) };
    })
    .filter((hit) => hit.markers.length > 0);
}
