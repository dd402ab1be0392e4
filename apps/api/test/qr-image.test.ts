import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrImage } from '../src/lib/qr-image';

/** What a phone's camera reads of a code the shop draws: rasterised as a browser would, then decoded. */
async function scan(dataUrl: string): Promise<string | null> {
  const [head, body = ''] = dataUrl.split(',');
  expect(head).toBe('data:image/svg+xml;base64');
  const svg = Buffer.from(body, 'base64');
  expect(svg.toString()).toContain('<svg');
  const { data, info } = await sharp(svg, { density: 300 })
    .resize(480, 480, { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

describe('the QR codes the shop draws', () => {
  it('read back as what they encode: a payment code, an authenticator setup, a sign-in page', async () => {
    for (const text of [
      'weixin://wxpay/bizpayurl?pr=Ab3dE5fG7',
      'otpauth://totp/%E6%BE%B3%E4%B8%AD%E6%89%B9%E5%8F%91:boss?secret=JBSWY3DPEHPK3PXP&issuer=%E6%BE%B3%E4%B8%AD',
      'https://shop.example.com/api/memberService/wechat/sandbox/scan/?code=7f3a9c2e1b4d6f80a1c3e5f7092b4d6e',
    ])
      expect(await scan(qrImage(text))).toBe(text);
  });

  it('the check can fail: another text does not read back as this one', async () => {
    expect(await scan(qrImage('https://shop.example.com/a'))).not.toBe('https://shop.example.com/b');
  });
});
