/** The quote module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { quoteConsoleRoutes } from './quote.console.routes';
export { quoteRoutes } from './quote.routes';
export {
  claimAccept,
  createQuoteService,
  findQuote,
  type PricedLine,
  type QuoteLineRow,
  type QuoteRow,
  type QuoteService,
  setOrder,
} from './quote.service';
