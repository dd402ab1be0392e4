import { Table, type TableColumnsType } from 'antd';

/** One page of a server-paged list, as the console's tables take it. */
export interface PageProps<T> {
  items: T[];
  totalCount: number;
  pageNo: number;
  pageSize: number;
  loading: boolean;
  onPage: (pageNo: number, pageSize: number) => void;
}

/** A server-paged antd Table: the page, the total in words, what it says when empty. */
export function PagedTable<T extends { id: number }>({
  columns,
  empty,
  total,
  minWidth,
  items,
  totalCount,
  pageNo,
  pageSize,
  loading,
  onPage,
}: PageProps<T> & {
  columns: TableColumnsType<T>;
  empty: string;
  total: (n: number) => string;
  minWidth: number;
}) {
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={items}
      loading={loading}
      scroll={{ x: minWidth }}
      locale={{ emptyText: empty }}
      pagination={{
        current: pageNo,
        pageSize,
        total: totalCount,
        showSizeChanger: true,
        pageSizeOptions: [20, 50, 100],
        showTotal: total,
        onChange: onPage,
      }}
    />
  );
}
