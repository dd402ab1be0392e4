/** The shop's name as the storefront's shell and every e-mail and SMS show it. */
export const SHOP_NAME = '澳中批发商城';
