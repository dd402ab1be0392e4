import type { HomeBlock } from './contracts/catalogue';

type BlockOf<K extends HomeBlock['tmpKey']> = Extract<HomeBlock, { tmpKey: K }>;

/** The home page's named slots and the blocks that render in order below them (spec §3 'Home page info'). */
export interface HomeLayout {
  swiperAd: BlockOf<'swiperAd'> | undefined;
  swiperRightAd: BlockOf<'swiperRightAd'> | undefined;
  brandAd: BlockOf<'BrandAd'> | undefined;
  /** Every block except swiperAd and swiperRightAd, in template order (BrandAd stays). */
  blocks: HomeBlock[];
}

/**
 * Splits the home template (spec §3 'Home page info'): swiperAd and swiperRightAd are taken into their slots
 * and removed from the list; BrandAd is taken into its slot and also kept in the list. When a key repeats,
 * its first block fills the slot.
 */
export function splitHomeBlocks(template: readonly HomeBlock[]): HomeLayout {
  const first = <K extends HomeBlock['tmpKey']>(key: K) =>
    template.find((block): block is BlockOf<K> => block.tmpKey === key);
  return {
    swiperAd: first('swiperAd'),
    swiperRightAd: first('swiperRightAd'),
    brandAd: first('BrandAd'),
    blocks: template.filter((block) => block.tmpKey !== 'swiperAd' && block.tmpKey !== 'swiperRightAd'),
  };
}

/**
 * The console's live preview of the home page (首页装修): the console frames the storefront's '/?preview=draft'
 * and posts it the template being edited; the page says when it is ready to receive one. Same origin only on
 * both sides, so nothing but the shop's own console can make the home page draw a template.
 */
export const HomePreview = {
  /** The query that puts '/' in preview mode. */
  query: 'preview=draft',
  /** Parent → page: `{ type, template }`. */
  template: 'shop:home-preview',
  /** Page → parent: the page listens now. */
  ready: 'shop:home-preview-ready',
} as const;
