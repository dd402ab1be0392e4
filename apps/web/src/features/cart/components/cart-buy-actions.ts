import { AddManyToCartButton } from './add-many-to-cart-button';
import { AddToCartButton } from './add-to-cart-button';
import { BuyNowButton } from './buy-now-button';

/**
 * What buying means on the catalogue's pages: the cart's buttons for one SKU, many SKUs of a product's grid at
 * once, and buying one SKU now. The routes hand them to the catalogue through its buy-action slot.
 */
export const cartBuyActions = {
  Add: AddToCartButton,
  AddMany: AddManyToCartButton,
  BuyNow: BuyNowButton,
};
