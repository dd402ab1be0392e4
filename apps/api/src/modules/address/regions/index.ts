import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  REGION_FILES,
  type RegionNode,
  type RegionRoot,
  type StateSuburbFile,
  suburbNodes,
} from '@shop/domain';
import { apiPath } from '../../../paths';

export type { RegionNode, RegionRoot } from './types';

/**
 * The region files (spec §3 'Address tree', §7 'Addresses'; docs/regions.md), written by `npm run
 * regions:build` into data/: the tree (China to county level, Australia to state level) and one suburb file
 * per Australian state. Served as they are on disk, under names carrying a hash of their content.
 */
const DATA_DIR = apiPath('src', 'modules', 'address', 'regions', 'data');

export interface RegionFiles {
  /** The tree's JSON text. */
  tree: string;
  /** Each Australian state's suburb file, by state code ('AU-TAS'). */
  states: ReadonlyMap<string, string>;
}

export function readRegionFiles(): RegionFiles {
  const tree = readFileSync(join(DATA_DIR, 'tree.json'), 'utf8');
  const states = new Map<string, string>();
  for (const state of Object.keys(REGION_FILES.states)) {
    states.set(state, readFileSync(join(DATA_DIR, `${state.toLowerCase()}.json`), 'utf8'));
  }
  return { tree, states };
}

/** The tree as served: China to county level, Australia to state level. */
export function buildRegionTree(files: RegionFiles = readRegionFiles()): RegionRoot[] {
  return JSON.parse(files.tree) as RegionRoot[];
}

/** The tree with every Australian state's suburbs under it: what the address parser reads. */
export function buildFullRegionTree(files: RegionFiles = readRegionFiles()): RegionRoot[] {
  return buildRegionTree(files).map((root) => ({
    ...root,
    children: root.children.map((node): RegionNode => {
      const text = files.states.get(node.code);
      return text ? { ...node, children: suburbNodes(JSON.parse(text) as StateSuburbFile) } : node;
    }),
  }));
}
