import type { RegionNode } from './types';

/**
 * Helpers that keep the data files short and readable. Codes are GB/T 2260 division codes written
 * relative to their parent: a province '44', a city '03' (→ 440300) or, for county-level cities governed
 * by the province directly, '9004' (→ 429004); a district '05' (→ 440305 under 4403) or '0229'
 * (→ 500229, relative to the province, for Chongqing's counties).
 */

/** Districts of one city from 'NN名称 NN名称 …'. */
function districtNodes(province2: string, city4: string, list: string): RegionNode[] {
  return list
    .trim()
    .split(/\s+/)
    .map((token) => {
      const match = /^(\d{4}|\d{2})(\D\S*)$/.exec(token);
      if (!match?.[1] || !match[2]) throw new Error(`bad district entry '${token}' in ${city4}`);
      const code = match[1].length === 2 ? `${city4}${match[1]}` : `${province2}${match[1]}`;
      return { code: `CN${code}`, name: match[2] };
    });
}

/**
 * One province: `cities` has a line per city, 'NN 名称 [邮编]'; `districts` maps a city's NN (or NNNN)
 * to its districts. Cities without an entry are leaves (their districts are not in the tree yet).
 */
export function province(
  code2: string,
  name: string,
  cities: string,
  districts: Record<string, string> = {},
): RegionNode {
  const children = cities
    .trim()
    .split('\n')
    .map((line) => {
      const [part, cityName, postCode] = line.trim().split(/\s+/);
      if (!part || !cityName || !/^(\d{2}|\d{4})$/.test(part)) throw new Error(`bad city line '${line}'`);
      const city6 = part.length === 2 ? `${code2}${part}00` : `${code2}${part}`;
      const node: RegionNode = { code: `CN${city6}`, name: cityName };
      if (postCode) node.postCode = postCode;
      const list = districts[part];
      if (list) node.children = districtNodes(code2, city6.slice(0, 4), list);
      return node;
    });
  return { code: `CN${code2}0000`, name, children };
}
