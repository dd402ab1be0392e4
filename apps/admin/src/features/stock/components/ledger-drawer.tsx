import type { AdminStockRow, StockLedgerEntry } from '@shop/domain';
import { Drawer, Grid, Table } from 'antd';
import { useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { formatTime } from '@/lib/date';
import { tablePagination } from '@/lib/list-controls';
import { useStockLedger } from '../api/stock';

/** A SKU's hand-made stock changes, newest first: who, when, before and after, why. */
export function LedgerDrawer({ row, onClose }: { row: AdminStockRow | undefined; onClose: () => void }) {
  const [pageNo, setPageNo] = useState(1);
  const ledger = useStockLedger(row?.skuCode, pageNo);
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open={row !== undefined}
      onClose={onClose}
      title={row ? `库存流水：${row.skuCode}` : '库存流水'}
      size={screens.md ? 640 : '100%'}
      destroyOnHidden
    >
      {ledger.isError ? (
        <LoadFailed title="库存流水加载失败" error={ledger.error} retry={ledger.refetch} />
      ) : (
        <Table<StockLedgerEntry>
          rowKey="id"
          size="small"
          loading={ledger.isFetching}
          dataSource={ledger.data?.items ?? []}
          scroll={{ x: 560 }}
          locale={{ emptyText: '还没有手工调整记录' }}
          pagination={{
            ...tablePagination({ pageNo, pageSize: 10, totalCount: ledger.data?.totalCount ?? 0 }, setPageNo),
            showSizeChanger: false,
          }}
          columns={[
            { title: '时间', dataIndex: 'time', width: 150, render: (v: string) => formatTime(v) },
            { title: '调整', width: 100, render: (_, e) => `${e.before} → ${e.after}` },
            { title: '原因', dataIndex: 'reason', render: (v: string) => v || '—' },
            { title: '操作人', dataIndex: 'actor', width: 120 },
          ]}
        />
      )}
    </Drawer>
  );
}
