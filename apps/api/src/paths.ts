import { resolve } from 'node:path';

/**
 * The API's folder (apps/api), found from this file's place. The sources (src/) and the bundle `npm run build`
 * makes (dist/, ADR 046) are both one level below it, so the folders the server reads at run time resolve the
 * same from either.
 */
export const API_ROOT = resolve(import.meta.dirname, '..');

/** A path inside the API's folder. */
export function apiPath(...parts: string[]): string {
  return resolve(API_ROOT, ...parts);
}
