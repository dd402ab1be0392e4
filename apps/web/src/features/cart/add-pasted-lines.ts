import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withFailureMessage } from '@/lib/failure-message';
import { useIsLoggedIn } from '@/lib/session';
import { batchAddCartItems } from './api/batch-add-cart-items';
import { loadCartList } from './api/get-cart-list';
import { guestCart } from './guest-cart-store';
import { batchBodyOf, guestItemOfPaste, guestRefusal, type PasteAddLine } from './paste-order';

/** What became of the batch: added, or refused whole before any call (a visitor's cart), with the reason. */
export type PasteAddResult = { added: true } | { added: false; reason: string };

/**
 * Adds the kept lines of a pasted order in one go (issue #37): a member's through one batchAddItems/ call, which
 * takes all lines or none; a visitor's into the local cart in one change, checked first as the server would. A
 * refusal adds nothing, so the buyer can fix the preview and try again; the server's refusal is thrown (the shared
 * handler toasts it and ends an expired session) and the panel keeps it beside the preview.
 */
export function useAddPastedLines() {
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (lines: readonly PasteAddLine[]): Promise<PasteAddResult> => {
      if (!loggedIn) {
        const reason = guestRefusal(guestCart.get().data, lines);
        if (reason) return { added: false, reason };
        guestCart.addMany(lines.map(guestItemOfPaste));
        return { added: true };
      }
      try {
        await batchAddCartItems(batchBodyOf(lines));
      } catch (error) {
        throw withFailureMessage(error, '加入购物车失败，请检查网络后重试');
      }
      await loadCartList(queryClient, { refresh: true }).catch(() => undefined);
      return { added: true };
    },
  });
}
