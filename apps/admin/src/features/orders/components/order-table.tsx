import { type AdminOrderRow, formatPrice } from '@shop/domain';
import { Button, Table, type TableColumnsType } from 'antd';
import { formatTime } from '@/lib/date';
import { tablePagination } from '@/lib/list-controls';
import { StatusTag } from './status-tag';

/** One page of every member's orders; a row's number opens its detail; rows can be picked for a batch step. */
export function OrderTable({
  items,
  totalCount,
  pageNo,
  pageSize,
  loading,
  selected,
  onSelect,
  onOpen,
  onPage,
}: {
  items: AdminOrderRow[];
  totalCount: number;
  pageNo: number;
  pageSize: number;
  loading: boolean;
  /** Picked order numbers; undefined when the staff member may not take batch steps. */
  selected: string[] | undefined;
  onSelect: (orderNos: string[]) => void;
  onOpen: (orderNo: string) => void;
  onPage: (pageNo: number, pageSize: number) => void;
}) {
  const columns: TableColumnsType<AdminOrderRow> = [
    {
      title: '订单号',
      dataIndex: 'orderNo',
      width: 190,
      render: (orderNo: string) => (
        <Button type="link" className="link-cell" onClick={() => onOpen(orderNo)}>
          {orderNo}
        </Button>
      ),
    },
    { title: '会员', dataIndex: 'username', width: 120 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 110,
      render: (status: number, row) => <StatusTag status={status} label={row.statusName} />,
    },
    {
      title: '金额',
      dataIndex: 'totalAmount',
      width: 110,
      align: 'right',
      render: (amount: number, row) => formatPrice(amount, row.currency),
    },
    { title: '支付方式', dataIndex: 'payChannelName', width: 130, render: (v: string | null) => v ?? '—' },
    {
      title: '仓库',
      dataIndex: 'warehouses',
      width: 150,
      render: (v: string, row) => `${v || '—'}${row.isPickup ? '（自提）' : ''}`,
    },
    { title: '收货人', dataIndex: 'receiverName', width: 100, render: (v: string) => v || '—' },
    { title: '下单时间', dataIndex: 'createTime', width: 150, render: (v: string) => formatTime(v) },
  ];
  return (
    <Table<AdminOrderRow>
      rowKey="orderNo"
      columns={columns}
      dataSource={items}
      loading={loading}
      size="middle"
      scroll={{ x: 1060 }}
      locale={{ emptyText: '没有符合条件的订单' }}
      rowSelection={
        selected
          ? {
              selectedRowKeys: selected,
              onChange: (keys) => onSelect(keys.map(String)),
              preserveSelectedRowKeys: true,
            }
          : undefined
      }
      pagination={tablePagination({ pageNo, pageSize, totalCount }, onPage, '个订单')}
    />
  );
}
