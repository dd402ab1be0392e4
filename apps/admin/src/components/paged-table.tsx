import { Table, type TableColumnsType } from 'antd';
import { tablePagination } from '@/lib/list-controls';

/** A page of a server-paged list as a screen hands it to its table. */
export interface PageOf<T> {
  items: T[];
  totalCount: number;
  pageNo: number;
  pageSize: number;
  loading: boolean;
  onPage: (pageNo: number, pageSize: number) => void;
}

/** A list the server pages: its rows, the console's pager under it, and what to say when it is empty. */
export function PagedTable<T extends object>({
  columns,
  rowKey,
  scrollX,
  emptyText,
  unit,
  size = 'middle',
  items,
  totalCount,
  pageNo,
  pageSize,
  loading,
  onPage,
}: PageOf<T> & {
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  scrollX: number;
  emptyText: string;
  /** The total's unit, '共 N 条' by default (e.g. '个工单'). */
  unit?: string;
  size?: 'small' | 'middle';
}) {
  return (
    <Table<T>
      rowKey={rowKey}
      columns={columns}
      dataSource={items}
      loading={loading}
      size={size}
      scroll={{ x: scrollX }}
      locale={{ emptyText }}
      pagination={tablePagination({ pageNo, pageSize, totalCount }, onPage, unit)}
    />
  );
}
