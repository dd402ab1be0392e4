import type { PackShape } from './categories';

/**
 * Demo artwork drawn as SVG at seed time (no downloads, no stock photos): coloured backgrounds, simple
 * shapes and lettering. The home page's ads carry Chinese copy when the server that rasterizes them (the image
 * host, spec §3 'Images') has a CJK font (fonts-noto-cjk), else their Latin copy (demo-content.ts checks).
 */

/** Accent colours of tiles and banners, used in turn. */
export const ACCENT_COLOURS = [
  '#e4572e',
  '#29335c',
  '#f3a712',
  '#669bbc',
  '#a8c686',
  '#8e5572',
  '#3d5a80',
  '#ee6c4d',
];

const FONT = 'Noto Sans CJK SC, Source Han Sans SC, DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

/** Chinese (and full-width) characters: about 1 em wide, against about 0.62 em for Latin letters. */
const WIDE = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/u;

/** Escapes text for an SVG text node or attribute. */
function esc(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

/** How many em `text` takes: Chinese characters 1 em, Latin ones about 0.62 (bold capitals a little more). */
export function textEms(text: string): number {
  let ems = 0;
  for (const ch of text) ems += WIDE.test(ch) ? 1 : /[A-Z0-9$]/.test(ch) ? 0.68 : 0.56;
  return Math.max(ems, 1);
}

/** A font size that fits `text` in `width` pixels. */
export function fit(text: string, width: number, max: number): number {
  return Math.max(10, Math.min(max, Math.floor(width / textEms(text))));
}

/** Mixes a #rrggbb colour towards white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (v: number) =>
    Math.round(amount >= 0 ? v + (255 - v) * amount : v * (1 + amount))
      .toString(16)
      .padStart(2, '0');
  return `#${channel((n >> 16) & 255)}${channel((n >> 8) & 255)}${channel(n & 255)}`;
}

/** Initials of a Latin brand name: 'Manuka Health' → 'MH', 'Blackmores' → 'B', 'UGG Australia' → 'UGG'. */
export function initialsOf(nameEn: string): string {
  const words = nameEn.split(/[\s&-]+/).filter((w) => /[A-Za-z0-9]/.test(w));
  const first = words[0] ?? '?';
  if (/\d/.test(first) || (first.length <= 4 && first === first.toUpperCase())) return first.toUpperCase();
  if (words.length === 1) return first.charAt(0).toUpperCase();
  return words
    .slice(0, 3)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

function text(
  x: number,
  y: number,
  content: string,
  size: number,
  fill: string,
  weight = 700,
  anchor = 'middle',
) {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" text-anchor="${anchor}" fill="${fill}">${esc(content)}</text>`;
}

/** The outline of a pack shape centred at (cx, cy) in a box of about `s` pixels, with a label band. */
function packShape(shape: PackShape, cx: number, cy: number, s: number, fill: string, band: string): string {
  const h = s / 2;
  switch (shape) {
    case 'tin':
      return `<rect x="${cx - h * 0.7}" y="${cy - h * 0.8}" width="${s * 0.7}" height="${s * 0.95}" rx="${s * 0.06}" fill="${fill}"/><ellipse cx="${cx}" cy="${cy - h * 0.8}" rx="${h * 0.7}" ry="${s * 0.08}" fill="${shade(fill, 0.35)}"/><rect x="${cx - h * 0.7}" y="${cy - h * 0.15}" width="${s * 0.7}" height="${s * 0.3}" fill="${band}"/>`;
    case 'bottle':
      return `<rect x="${cx - s * 0.12}" y="${cy - h}" width="${s * 0.24}" height="${s * 0.14}" rx="${s * 0.03}" fill="${shade(fill, -0.35)}"/><rect x="${cx - h * 0.6}" y="${cy - h * 0.78}" width="${s * 0.6}" height="${s * 1.1}" rx="${s * 0.12}" fill="${fill}"/><rect x="${cx - h * 0.6}" y="${cy - h * 0.1}" width="${s * 0.6}" height="${s * 0.34}" fill="${band}"/>`;
    case 'jar':
      return `<rect x="${cx - h * 0.8}" y="${cy - h * 0.7}" width="${s * 0.8}" height="${s * 0.16}" rx="${s * 0.04}" fill="${shade(fill, -0.35)}"/><rect x="${cx - h * 0.75}" y="${cy - h * 0.45}" width="${s * 0.75}" height="${s * 0.8}" rx="${s * 0.1}" fill="${fill}"/><rect x="${cx - h * 0.75}" y="${cy - h * 0.05}" width="${s * 0.75}" height="${s * 0.26}" fill="${band}"/>`;
    case 'tube':
      return `<path d="M${cx - h * 0.5} ${cy - h * 0.85} L${cx + h * 0.5} ${cy - h * 0.85} L${cx + h * 0.32} ${cy + h * 0.75} L${cx - h * 0.32} ${cy + h * 0.75} Z" fill="${fill}"/><rect x="${cx - h * 0.22}" y="${cy + h * 0.75}" width="${s * 0.22}" height="${s * 0.12}" rx="${s * 0.02}" fill="${shade(fill, -0.35)}"/><rect x="${cx - h * 0.45}" y="${cy - h * 0.25}" width="${s * 0.45}" height="${s * 0.28}" fill="${band}"/>`;
    case 'boot':
      return `<path d="M${cx - h * 0.55} ${cy - h * 0.9} L${cx + h * 0.1} ${cy - h * 0.9} L${cx + h * 0.15} ${cy + h * 0.2} Q${cx + h * 0.9} ${cy + h * 0.25} ${cx + h * 0.9} ${cy + h * 0.62} L${cx + h * 0.9} ${cy + h * 0.8} L${cx - h * 0.6} ${cy + h * 0.8} Z" fill="${fill}"/><rect x="${cx - h * 0.6}" y="${cy + h * 0.68}" width="${h * 1.5}" height="${s * 0.08}" fill="${shade(fill, -0.45)}"/><rect x="${cx - h * 0.58}" y="${cy - h * 0.92}" width="${h * 0.7}" height="${s * 0.1}" rx="${s * 0.03}" fill="${band}"/>`;
    case 'shirt':
      return `<path d="M${cx - h * 0.35} ${cy - h * 0.85} L${cx - h * 0.95} ${cy - h * 0.55} L${cx - h * 0.75} ${cy - h * 0.15} L${cx - h * 0.55} ${cy - h * 0.25} L${cx - h * 0.55} ${cy + h * 0.85} L${cx + h * 0.55} ${cy + h * 0.85} L${cx + h * 0.55} ${cy - h * 0.25} L${cx + h * 0.75} ${cy - h * 0.15} L${cx + h * 0.95} ${cy - h * 0.55} L${cx + h * 0.35} ${cy - h * 0.85} Q${cx} ${cy - h * 0.55} ${cx - h * 0.35} ${cy - h * 0.85} Z" fill="${fill}"/><rect x="${cx - h * 0.55}" y="${cy + h * 0.05}" width="${h * 1.1}" height="${s * 0.16}" fill="${band}"/>`;
    case 'bag':
      return `<rect x="${cx - h * 0.2}" y="${cy - h * 0.95}" width="${h * 0.4}" height="${s * 0.16}" rx="${s * 0.04}" fill="none" stroke="${shade(fill, -0.35)}" stroke-width="${s * 0.04}"/><rect x="${cx - h * 0.6}" y="${cy - h * 0.7}" width="${s * 0.6}" height="${s * 0.8}" rx="${s * 0.08}" fill="${fill}"/><rect x="${cx - h * 0.6}" y="${cy - h * 0.1}" width="${s * 0.6}" height="${s * 0.14}" fill="${band}"/><circle cx="${cx - h * 0.4}" cy="${cy + h * 0.95}" r="${s * 0.04}" fill="#444"/><circle cx="${cx + h * 0.4}" cy="${cy + h * 0.95}" r="${s * 0.04}" fill="#444"/>`;
    case 'pouch':
      return `<path d="M${cx - h * 0.6} ${cy - h * 0.8} L${cx + h * 0.6} ${cy - h * 0.8} L${cx + h * 0.7} ${cy + h * 0.8} L${cx - h * 0.7} ${cy + h * 0.8} Z" fill="${fill}"/><rect x="${cx - h * 0.6}" y="${cy - h * 0.8}" width="${s * 0.6}" height="${s * 0.06}" fill="${shade(fill, -0.3)}"/><rect x="${cx - h * 0.64}" y="${cy - h * 0.1}" width="${s * 0.64}" height="${s * 0.28}" fill="${band}"/>`;
    default:
      return `<rect x="${cx - h * 0.8}" y="${cy - h * 0.75}" width="${s * 0.8}" height="${s * 0.75}" rx="${s * 0.03}" fill="${fill}"/><path d="M${cx - h * 0.8} ${cy - h * 0.75} L${cx - h * 0.55} ${cy - h * 0.95} L${cx + h * 1.0} ${cy - h * 0.95} L${cx + h * 0.8} ${cy - h * 0.75} Z" fill="${shade(fill, 0.3)}"/><rect x="${cx - h * 0.8}" y="${cy - h * 0.15}" width="${s * 0.8}" height="${s * 0.26}" fill="${band}"/>`;
  }
}

/** Where a pack's initials go: on its label band, or (boots) in white on the shaft. */
function labelSpot(shape: PackShape, cx: number, cy: number, s: number, brandColor: string) {
  if (shape === 'boot') return { x: cx - s * 0.11, y: cy - s * 0.05, width: s * 0.28, fill: '#ffffff' };
  return { x: cx, y: cy + s * 0.045, width: s * 0.5, fill: brandColor };
}

function packLabel(
  shape: PackShape,
  cx: number,
  cy: number,
  s: number,
  brandColor: string,
  initials: string,
  max: number,
) {
  const spot = labelSpot(shape, cx, cy, s, brandColor);
  return text(spot.x, spot.y, initials, fit(initials, spot.width, max), spot.fill);
}

export interface PackShotInput {
  background: string;
  brandColor: string;
  shape: PackShape;
  brandEn: string;
  /** A short Latin product line, e.g. 'Fish Oil 1000mg'. */
  label: string;
  /** 0 front, 1 angled, 2 detail: different compositions of the same pack. */
  view: number;
}

/** A product pack shot (the 'good' gallery images), 800 × 800. */
export function packShotSvg(input: PackShotInput): string {
  const initials = initialsOf(input.brandEn);
  const bg = input.view === 1 ? shade(input.background, -0.06) : input.background;
  const size = input.view === 2 ? 620 : 460;
  const cy = input.view === 2 ? 430 : 380;
  const pack = packShape(input.shape, 400, cy, size, input.brandColor, '#ffffff');
  const rotate = input.view === 1 ? ' transform="rotate(-8 400 400)"' : '';
  const label = input.label.length > 34 ? `${input.label.slice(0, 33)}…` : input.label;
  return svg(
    800,
    800,
    `<rect width="800" height="800" fill="${bg}"/><circle cx="660" cy="140" r="90" fill="${shade(input.background, 0.45)}"/>` +
      `<g${rotate}>${pack}${packLabel(input.shape, 400, cy, size, input.brandColor, initials, 64)}</g>` +
      text(
        400,
        700,
        input.brandEn.toUpperCase(),
        fit(input.brandEn, 640, 44),
        shade(input.brandColor, -0.2),
      ) +
      text(400, 750, label, fit(label, 700, 30), '#555555', 400),
  );
}

/** A 'real photo' style image: the pack on a shelf with a shadow, 800 × 800. */
export function shelfShotSvg(input: PackShotInput): string {
  const initials = initialsOf(input.brandEn);
  return svg(
    800,
    800,
    `<rect width="800" height="800" fill="#ece8e1"/><rect y="560" width="800" height="240" fill="#c9b79c"/><rect y="560" width="800" height="14" fill="#a8916f"/>` +
      `<ellipse cx="400" cy="590" rx="200" ry="26" fill="#000" fill-opacity="0.18"/>` +
      packShape(input.shape, 400, 380, 400, input.brandColor, '#ffffff') +
      packLabel(input.shape, 400, 380, 400, input.brandColor, initials, 56),
  );
}

/** The illustration inside a product's description, 750 × 400. */
export function contentArtSvg(input: PackShotInput): string {
  const initials = initialsOf(input.brandEn);
  const label = input.label.length > 40 ? `${input.label.slice(0, 39)}…` : input.label;
  return svg(
    750,
    400,
    `<rect width="750" height="400" fill="${input.background}"/><rect x="380" y="40" width="330" height="320" rx="24" fill="#ffffff" fill-opacity="0.7"/>` +
      packShape(input.shape, 545, 200, 260, input.brandColor, '#ffffff') +
      packLabel(input.shape, 545, 200, 260, input.brandColor, initials, 40) +
      text(
        40,
        150,
        input.brandEn.toUpperCase(),
        fit(input.brandEn, 320, 40),
        input.brandColor,
        700,
        'start',
      ) +
      text(40, 200, label, fit(label, 320, 22), '#444444', 400, 'start') +
      `<rect x="40" y="240" width="120" height="8" rx="4" fill="${input.brandColor}"/>`,
  );
}

/** A brand logo, 400 × 200: the Latin name on the brand colour. */
export function brandLogoSvg(nameEn: string, color: string): string {
  return svg(
    400,
    200,
    `<rect width="400" height="200" fill="#ffffff"/><rect x="12" y="12" width="376" height="176" rx="20" fill="${color}"/>` +
      text(200, 100 + fit(nameEn, 340, 64) * 0.35, nameEn, fit(nameEn, 340, 64), '#ffffff'),
  );
}

/** A brand page banner, 1200 × 400. */
export function brandBannerSvg(nameEn: string, color: string): string {
  return svg(
    1200,
    400,
    `<rect width="1200" height="400" fill="${color}"/><circle cx="1050" cy="80" r="220" fill="${shade(color, 0.2)}"/><circle cx="980" cy="380" r="140" fill="${shade(color, -0.15)}"/>` +
      text(80, 230, nameEn.toUpperCase(), fit(nameEn, 760, 96), '#ffffff', 700, 'start'),
  );
}

/** A category tile, 300 × 300: the group's pack shape on the root's colour. */
export function categoryTileSvg(background: string, shape: PackShape, accent: string): string {
  return svg(
    300,
    300,
    `<rect width="300" height="300" rx="36" fill="${background}"/><circle cx="150" cy="150" r="118" fill="#ffffff" fill-opacity="0.65"/>` +
      packShape(shape, 150, 150, 170, accent, shade(accent, 0.6)),
  );
}

/** The width (px) an ad's copy may take: from its left margin to a gap before the circle on the right. */
export function adTextRoom(width: number, height: number): number {
  return width * 0.8 - adCircleRadius(width, height) - width * 0.07 - width * 0.03;
}

/** The decoration's circle: most of a banner's height, at most a fifth of a squarer ad's width. */
function adCircleRadius(width: number, height: number): number {
  return Math.min(height * 0.42, width * 0.2);
}

/** A home page advertisement of any size: headline, sub line and a few decorative shapes. */
export function adBannerSvg(
  width: number,
  height: number,
  headline: string,
  subline: string,
  color: string,
  shape: PackShape,
): string {
  // The copy ends before the decoration's circle on the right, whatever the banner's proportions.
  const room = adTextRoom(width, height);
  const r = adCircleRadius(width, height);
  const big = fit(headline, room, height * 0.22);
  return svg(
    width,
    height,
    `<rect width="${width}" height="${height}" fill="${color}"/><circle cx="${width * 0.8}" cy="${height * 0.5}" r="${r}" fill="${shade(color, 0.25)}"/>` +
      packShape(shape, width * 0.8, height * 0.5 + r * 0.05, r * 1.31, '#ffffff', shade(color, -0.2)) +
      text(width * 0.07, height * 0.48, headline, big, '#ffffff', 700, 'start') +
      text(
        width * 0.07,
        height * 0.48 + big,
        subline,
        fit(subline, room, height * 0.1),
        shade(color, 0.75),
        400,
        'start',
      ),
  );
}

/** A warehouse entry tile, 400 × 240: the warehouse code in large letters over a caption ('仓库' or 'WAREHOUSE'). */
export function warehouseTileSvg(code: string, color: string, caption = 'WAREHOUSE'): string {
  return svg(
    400,
    240,
    `<rect width="400" height="240" rx="24" fill="${color}"/><rect x="24" y="170" width="352" height="10" rx="5" fill="#ffffff" fill-opacity="0.5"/>` +
      `<path d="M300 60 L360 90 L360 150 L300 150 Z" fill="#ffffff" fill-opacity="0.35"/>` +
      text(40, 140, code.toUpperCase(), 96, '#ffffff', 700, 'start') +
      text(40, 215, caption, 22, '#ffffff', 400, 'start'),
  );
}
