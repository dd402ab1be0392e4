import { QuoteListView } from '@/features/quote/components/quote-list-view';

/** 我的询价 (issue #38): the member's quotes, and a company admin's or viewer's, the company's. */
export function Component() {
  return <QuoteListView />;
}
