import { useParams } from 'react-router';
import { AfterSaleDetailView } from '@/features/aftersale/components/after-sale-detail-view';
import { positiveIntParam } from '@/lib/params';

/** 售后详情 (issue #39): one after-sale's state and steps, 填写寄回单号 and 撤销申请. */
export function Component() {
  const { id } = useParams();
  return <AfterSaleDetailView afterSaleId={positiveIntParam(id)} />;
}
