import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The storefront module that draws a page, as named in the build's manifest (apps/web/src/app/routes.tsx
 * loads each of them on demand). Only the pages a shopper lands on from outside are listed: their code is
 * announced in the HTML (modulepreload) so it downloads with the entry instead of after it.
 */
const PAGE_MODULES: [RegExp, string][] = [
  [/^\/$/, 'src/app/routes/home.tsx'],
  [/^\/products(\/\d{1,9})?\/?$/, 'src/app/routes/products.tsx'],
  [/^\/product(\/\d{1,9})?\/?$/, 'src/app/routes/product.tsx'],
  [/^\/cart\/?$/, 'src/app/routes/cart.tsx'],
  [/^\/brands\/?$/, 'src/app/routes/brands.tsx'],
  [/^\/brand\/\d{1,9}\/?$/, 'src/app/routes/brand.tsx'],
  [/^\/article\/\d{1,9}\/?$/, 'src/app/routes/article.tsx'],
];

/** The source module of the page at this path, or undefined. */
export function pageModule(pathname: string): string | undefined {
  return PAGE_MODULES.find(([pattern]) => pattern.test(pathname))?.[1];
}

/** Every module of the table, for the test that keeps it in step with the storefront's routes. */
export const PAGE_MODULE_SOURCES = PAGE_MODULES.map(([, source]) => source);

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The files a page module needs beyond the entry's: its JavaScript chunks and style sheets. */
export interface PageAssets {
  scripts: string[];
  styles: string[];
}

/** The chunks reachable from `key` through static imports, the chunk itself first. */
function reachable(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) reachable(manifest, next, seen);
  return seen;
}

/** The app module the entry (src/boot.ts) imports once the first view is drawn; it fetches its own chunks. */
const APP_MODULE = 'src/main.tsx';

function assetsOf(manifest: Manifest, source: string): PageAssets {
  const loaded = new Set<string>();
  for (const key of Object.keys(manifest)) if (manifest[key]?.isEntry) reachable(manifest, key, loaded);
  reachable(manifest, APP_MODULE, loaded);
  const loadedStyles = new Set([...loaded].flatMap((key) => manifest[key]?.css ?? []));
  const needed = [...reachable(manifest, source)].filter((key) => !loaded.has(key));
  return {
    scripts: needed.map((key) => manifest[key]?.file ?? '').filter(Boolean),
    styles: [...new Set(needed.flatMap((key) => manifest[key]?.css ?? []))].filter(
      (f) => !loadedStyles.has(f),
    ),
  };
}

/**
 * The page assets of a build, read from its manifest and read again when the file changes (a rebuild needs
 * no restart). A build without a manifest gives none: the page still works, its code loads after the entry.
 */
export function pageAssetsReader(root: string) {
  const file = join(root, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; manifest: Manifest } | undefined;
  return async (pathname: string): Promise<PageAssets> => {
    const source = pageModule(pathname);
    if (!source) return { scripts: [], styles: [] };
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: -1 }));
    if (mtimeMs < 0) return { scripts: [], styles: [] };
    if (cached?.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, manifest: JSON.parse(await readFile(file, 'utf8')) as Manifest };
    }
    return assetsOf(cached.manifest, source);
  };
}
