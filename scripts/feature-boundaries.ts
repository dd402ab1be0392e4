import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The feature-slice rules of the storefront and the console (docs/conventions.md 'Shape'), read from the source
 * files: a feature never imports another feature; lib/ and components/ (shared by everything) never import a
 * feature or the app; nothing imports the API server (the apps meet it only through packages/domain). Each app's
 * tests/boundaries.test.ts runs them over its own files.
 */

/** Every specifier a module imports or re-exports, statically or with import(). */
export function importSpecifiers(source: string): string[] {
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

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** The rules of one app (apps/web or apps/admin), given its folder. */
export function featureBoundaries(appRoot: string) {
  const srcRoot = join(appRoot, 'src');
  const apiRoot = resolve(appRoot, '../api');

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
    if (!relative(apiRoot, to).startsWith('..')) return 'imports the API server';
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

  /** Every source and test file of the app, and each import among them that breaks a rule. */
  function check(): { files: string[]; broken: string[] } {
    const files = [...sourceFiles(srcRoot), ...sourceFiles(join(appRoot, 'test'))];
    const broken = files.flatMap((file) =>
      importSpecifiers(readFileSync(file, 'utf8')).flatMap((specifier) => {
        const rule = violation(file, specifier);
        return rule ? [`${relative(appRoot, file)}: '${specifier}' — ${rule}`] : [];
      }),
    );
    return { files, broken };
  }

  return { srcRoot, violation, check };
}
