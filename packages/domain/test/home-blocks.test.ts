import { describe, expect, it } from 'vitest';
import { type HomeBlock, splitHomeBlocks } from '../src';

const link = { type: 'url' as const, url: '/' };
const swiper: HomeBlock = { tmpKey: 'swiperAd', items: [{ image: 'a.jpg', link }] };
const right: HomeBlock = { tmpKey: 'swiperRightAd', items: [{ image: 'b.jpg', link }] };
const brand: HomeBlock = { tmpKey: 'BrandAd', title: '品牌', items: [] };
const floor: HomeBlock = { tmpKey: 'goodsFloor', title: '奶粉', query: {}, size: 8 };
const ad: HomeBlock = { tmpKey: 'imageAd', items: [] };

describe('splitHomeBlocks (spec §3 Home page info)', () => {
  it.each<[string, HomeBlock[], string[], [boolean, boolean, boolean]]>([
    ['empty template', [], [], [false, false, false]],
    [
      'swiperAd and swiperRightAd leave the list; BrandAd stays',
      [swiper, floor, right, brand, ad],
      ['goodsFloor', 'BrandAd', 'imageAd'],
      [true, true, true],
    ],
    ['no slots: everything in order', [floor, ad], ['goodsFloor', 'imageAd'], [false, false, false]],
    ['a repeated swiperAd is removed too', [swiper, swiper, floor], ['goodsFloor'], [true, false, false]],
  ])('%s', (_name, template, listed, [hasSwiper, hasRight, hasBrand]) => {
    const layout = splitHomeBlocks(template);
    expect(layout.blocks.map((b) => b.tmpKey)).toEqual(listed);
    expect(layout.swiperAd !== undefined).toBe(hasSwiper);
    expect(layout.swiperRightAd !== undefined).toBe(hasRight);
    expect(layout.brandAd !== undefined).toBe(hasBrand);
  });

  it('the BrandAd slot and the list hold the same block', () => {
    const layout = splitHomeBlocks([brand, floor]);
    expect(layout.brandAd).toBe(brand);
    expect(layout.blocks[0]).toBe(brand);
  });
});
