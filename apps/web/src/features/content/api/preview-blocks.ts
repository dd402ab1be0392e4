import { drawableHomeBlocks, type HomeBlock } from '@shop/domain';

/**
 * The blocks of a draft the console posts to its live preview (app/routes/home.tsx) that this storefront can
 * draw, in order. No server checked the draft, so it is checked here: this module (and the validation library)
 * loads only in the preview, never on a shopper's home page (ADR 048).
 */
export function checkPreviewBlocks(raw: unknown): HomeBlock[] {
  return drawableHomeBlocks(raw);
}
