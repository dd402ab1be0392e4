import { type AdminFapiao, FAPIAO_STATUS_LABELS, type FapiaoStatus, fapiaoStatusSchema } from '@shop/domain';
import { Card, Input, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { pageOf } from '@/components/paged-table';
import { useDownloadFapiao } from '@/features/fapiao/api/issue-fapiao';
import { useFapiaoList } from '@/features/fapiao/api/list-fapiao';
import { FapiaoTable } from '@/features/fapiao/components/fapiao-table';
import { IssueModal } from '@/features/fapiao/components/issue-modal';
import { pageFromSearch, pageToSearch } from '@/lib/list-controls';

type StatusFilter = FapiaoStatus | 'all';

const OPTIONS: { value: StatusFilter; label: string }[] = [
  ...(Object.entries(FAPIAO_STATUS_LABELS) as [FapiaoStatus, string][]).map(([value, label]) => ({
    value,
    label,
  })),
  { value: 'all', label: '全部' },
];

/** The filters in the address bar (?status=pending|issued|all&keyword=…); without one the 待开票 queue shows. */
function useFapiaoQuery() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: StatusFilter = raw === 'all' ? 'all' : (fapiaoStatusSchema.safeParse(raw).data ?? 'pending');
  const keyword = params.get('keyword') || undefined;
  const page = pageFromSearch(params);
  const go = (
    next: { status: StatusFilter; keyword: string | undefined },
    pageNo: number,
    pageSize: number,
  ) => {
    const search = new URLSearchParams();
    if (next.status !== 'pending') search.set('status', next.status);
    if (next.keyword) search.set('keyword', next.keyword);
    pageToSearch(search, { pageNo, pageSize });
    setParams(search);
  };
  return { status, keyword, page, go };
}

/**
 * 发票申请: the members' fapiao requests of CNY orders. The fapiao is issued in the tax-control system outside
 * the shop (docs/invoices.md); here staff attach its number and PDF, and the member downloads it.
 */
export default function FapiaoPage() {
  const { status, keyword, page, go } = useFapiaoQuery();
  const list = useFapiaoList({ status: status === 'all' ? undefined : status, keyword, ...page });
  const download = useDownloadFapiao();
  const [issuing, setIssuing] = useState<AdminFapiao>();
  return (
    <Card title="发票申请">
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<StatusFilter>
          options={OPTIONS}
          value={status}
          onChange={(value) => go({ status: value, keyword }, 1, page.pageSize)}
        />
        <Input.Search
          key={keyword ?? ''}
          defaultValue={keyword}
          allowClear
          placeholder="订单号、抬头或税号"
          aria-label="订单号、抬头或税号"
          style={{ width: 260 }}
          onSearch={(value) => go({ status, keyword: value.trim() || undefined }, 1, page.pageSize)}
        />
      </Space>
      <Typography.Paragraph type="secondary">
        发票在税控系统中开具后，在此填写发票号码并上传 PDF；商城不直接对接税控开票。
      </Typography.Paragraph>
      {list.isError ? (
        <LoadFailed title="发票申请加载失败" error={list.error} retry={list.refetch} />
      ) : (
        <FapiaoTable
          {...pageOf(list, page, (pageNo, pageSize) => go({ status, keyword }, pageNo, pageSize))}
          onIssue={setIssuing}
          onDownload={(row) => download.mutate(row)}
          downloading={download.isPending ? download.variables?.id : undefined}
        />
      )}
      {issuing && <IssueModal request={issuing} onClose={() => setIssuing(undefined)} />}
    </Card>
  );
}
