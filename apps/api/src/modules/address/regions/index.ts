import { auStates } from './au';
import { cnCentralSouth } from './cn-central-south';
import { cnEast } from './cn-east';
import { cnNorth } from './cn-north';
import { cnNortheast } from './cn-northeast';
import { cnNorthwest } from './cn-northwest';
import { cnSouthwest } from './cn-southwest';
import type { RegionRoot } from './types';

export type { RegionNode, RegionRoot } from './types';

/**
 * The address tree served at /res/static/address.json (spec §3 'Address tree', §7 'Addresses'): one root
 * per country with its maximum depth. China: province → city → district (municipalities have one city
 * named like the province, e.g. 北京市 → 北京市 → 朝阳区); Australia: state → city.
 * Cities without districts are leaves: the tree lists districts only where they are known reliably.
 */
export function buildRegionTree(): RegionRoot[] {
  return [
    {
      code: 'CN',
      name: '中国',
      maxDepth: 3,
      children: [...cnNorth, ...cnNortheast, ...cnEast, ...cnCentralSouth, ...cnSouthwest, ...cnNorthwest],
    },
    { code: 'AU', name: '澳大利亚', enName: 'Australia', maxDepth: 2, children: auStates },
  ];
}
