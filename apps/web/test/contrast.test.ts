import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Small print a shopper must read on the browsing pages: WCAG AA asks 4.5:1 against its background. */
const src = join(import.meta.dirname, '..', 'src');
const css = ['app/styles.css', 'features/catalogue/catalogue.css']
  .map((file) => readFileSync(join(src, file), 'utf8'))
  .join('\n');

function declaredColor(selector: string): string {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const rule = new RegExp(`(?:^|\\n)${escaped} \\{([^}]*)\\}`).exec(css);
  const value = rule?.[1] ? /\bcolor:\s*([^;]+);/.exec(rule[1])?.[1]?.trim() : undefined;
  if (!value) throw new Error(`no color for ${selector}`);
  const variable = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
  if (!variable) return value;
  const declared = new RegExp(`${variable}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
  if (!declared) throw new Error(`no value for ${variable}`);
  return declared;
}

function luminance(hex: string): number {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [dark, light] = [luminance(a), luminance(b)].sort((x, y) => x - y) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

describe('contrast of the SKU code and the stock labels', () => {
  it.each(['.goods-item-code', '.stock-ok', '.stock-short', '.pre-order-badge'])(
    '%s is at least 4.5:1 on white and on the page grey',
    (selector) => {
      const color = declaredColor(selector);
      expect(contrast(color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(color, '#f5f5f5')).toBeGreaterThanOrEqual(4.5);
    },
  );
});
