/** One region of the address tree (spec §3 'Address tree'): a province, city or district; a state or city. */
export interface RegionNode {
  /** Unique in the whole tree. China: 'CN' + the 6-digit GB/T 2260 division code; Australia: 'AU-NSW', 'AU-NSW-SYD'. */
  code: string;
  /** The name a shopper picks and the parser answers (Chinese). */
  name: string;
  /** English name (Australian regions), so an address written in English can be matched. */
  enName?: string;
  /** China: the city's 6-digit postal code; Australia: the 4-digit postcode of the city centre. */
  postCode?: string;
  children?: RegionNode[];
}

/** A root of the tree: a country, with the number of levels below it (spec §3: 'each root having a maximum depth'). */
export interface RegionRoot extends RegionNode {
  maxDepth: number;
  children: RegionNode[];
}
