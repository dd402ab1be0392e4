import { join } from 'node:path';
import { API_DIST } from '../../build.mjs';

/**
 * The file a spawned server or command line runs: the API's bundle, as `npm start` runs it (ADR 046). The global
 * setup bundles the current sources before any test file runs, so it is never stale.
 */
export function bundled(entry: 'server' | 'cli'): string {
  return join(API_DIST, `${entry}.js`);
}
