import { renderSVG } from 'uqr';

/**
 * A QR code of `text` as an image the page shows as it is (`<img src>`): SVG in a data URL, error correction M, a
 * one-module quiet zone. The shop draws its codes itself (a payment's cashier, the authenticator's setup, the
 * sandbox chat app's sign-in), so no third-party image and nothing new in the CSP.
 */
export function qrImage(text: string): string {
  const svg = renderSVG(text, { ecc: 'M', border: 1 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
