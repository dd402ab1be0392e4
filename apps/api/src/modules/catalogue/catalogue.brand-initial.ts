import { pinyin } from 'pinyin-pro';

/**
 * The A–Z group of a brand (spec §7 'goodsbrand/list': grouped by first letter, Chinese characters by their
 * pinyin initial): 'Swisse' → 'S', '爱他美' → 'A', 'Nestlé' → 'N', '3M' → '#'.
 */
export function brandInitial(name: string): string {
  const first = [...name.trim()][0] ?? '';
  const latin = first.normalize('NFD').charAt(0);
  if (/^[A-Za-z]$/.test(latin)) return latin.toUpperCase();
  if (/^\p{Script=Han}$/u.test(first)) {
    const initial = pinyin(first, { pattern: 'first', toneType: 'none' }).charAt(0).toUpperCase();
    if (/^[A-Z]$/.test(initial)) return initial;
  }
  return '#';
}
