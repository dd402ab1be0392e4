import { type SavedListAddToCartResponse, SavedListPaths } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { withActionFailure } from '@/lib/failure-message';
import { SavedListFailure } from '../messages';

/**
 * What addToCart/ did: the server's message, how many cart lines it wrote (none when nothing can be bought now:
 * an answer, not a failure), and the goods it could not add with the reason.
 */
export interface AddToCartResult {
  message: string;
  added: number;
  unavailable: SavedListAddToCartResponse['unavailable'];
}

/** savedList/addToCart/: the list's goods go into the cart, as the SKUs' rules and stock allow now. */
export async function addSavedListToCart(id: number): Promise<AddToCartResult> {
  const envelope = await withActionFailure(
    requestEnvelope(SavedListPaths.addToCart, { id }),
    SavedListFailure.addToCart,
  );
  return {
    message: envelope.message,
    added: envelope.data?.ids.length ?? 0,
    unavailable: envelope.data?.unavailable ?? [],
  };
}

export function useAddSavedListToCart() {
  return useMutation({ mutationFn: addSavedListToCart });
}
