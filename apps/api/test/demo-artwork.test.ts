import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { adBannerSvg, adTextRoom, fit, textEms } from '../src/seed/data/artwork';
import { DEMO_ADS, rendersChinese } from '../src/seed/demo-content';

describe('the demo home ads', () => {
  it('are drawn with Chinese copy on this machine (fonts-noto-cjk is installed by scripts/ensure-browser.sh)', async () => {
    expect(await rendersChinese()).toBe(true);
  });

  it.each(DEMO_ADS.flatMap((ad) => [ad.zh, ad.en].map((copy) => ({ copy, size: ad.size }))))(
    '$copy.0 fits left of its picture at $size.0×$size.1',
    ({ copy: [headline, subline], size: [width, height] }) => {
      const room = adTextRoom(width, height);
      expect(fit(headline, room, height * 0.22) * textEms(headline)).toBeLessThanOrEqual(room);
      expect(fit(subline, room, height * 0.1) * textEms(subline)).toBeLessThanOrEqual(room);
    },
  );

  it('draws the Chinese headline in glyphs, not in missing-glyph boxes', async () => {
    const ad = DEMO_ADS.find((a) => a.zh[0] === '新会员专享');
    if (!ad) throw new Error('no 新会员专享 ad');
    const png = await sharp(Buffer.from(adBannerSvg(400, 200, ad.zh[0], ad.zh[1], ad.color, ad.shape)))
      .png()
      .toBuffer();
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([400, 200]);
    // The copy's strip left of the picture has white text in it.
    const { data, info } = await sharp(png)
      .extract({ left: 20, top: 50, width: Math.floor(adTextRoom(400, 200)), height: 100 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    let white = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      if ((data[i] ?? 0) > 240 && (data[i + 1] ?? 0) > 240 && (data[i + 2] ?? 0) > 240) white += 1;
    }
    expect(white).toBeGreaterThan(200);
  });
});
