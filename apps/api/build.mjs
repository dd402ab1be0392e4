// Bundles the API for `npm start` (ADR 046): the server and the operator command line, each one ES module in
// dist/ with the domain package inside and the npm dependencies left to node_modules. Type-checking stays a step
// of its own (`npm run typecheck`); esbuild only strips types.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiRoot = dirname(fileURLToPath(import.meta.url));

/** Where the bundle goes: server.js and cli.js, with their source maps. */
export const API_DIST = join(apiRoot, 'dist');

/**
 * Writes dist/server.js and dist/cli.js. Each file is written beside its place and renamed over it, so a process
 * starting meanwhile (another test run building at the same moment) reads one whole bundle or the other.
 */
export async function buildApi() {
  const result = await build({
    absWorkingDir: apiRoot,
    entryPoints: { server: 'src/server.ts', cli: 'src/cli.ts' },
    outdir: API_DIST,
    bundle: true,
    platform: 'node',
    target: 'node20.19',
    format: 'esm',
    packages: 'external',
    // The workspace package is TypeScript source, bundled like the API's own files.
    alias: { '@shop/domain': join(apiRoot, '..', '..', 'packages', 'domain', 'src', 'index.ts') },
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
  });
  await mkdir(API_DIST, { recursive: true });
  await Promise.all(
    result.outputFiles.map(async (file) => {
      const part = `${file.path}.${process.pid}.part`;
      await writeFile(part, file.contents);
      await rename(part, file.path);
    }),
  );
  return API_DIST;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildApi();
  process.stdout.write(`API bundled into ${API_DIST} in ${Date.now() - started} ms\n`);
}
