import { AfterSaleListView } from '@/features/aftersale/components/after-sale-list-view';

/** 我的售后 (issue #39): the member's after-sales by state. */
export function Component() {
  return <AfterSaleListView />;
}
