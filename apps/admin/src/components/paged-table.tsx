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

/**
 * A screen's list query as its table's page: the rows (none while loading), the total, and a pager that goes
 * back to the first page when the page size changes.
 */
export function pageOf<T>(
  query: { data?: { items: T[]; totalCount: number } | undefined; isFetching: boolean },
  page: { pageNo: number; pageSize: number },
  go: (pageNo: number, pageSize: number) => void,
): PageOf<T> {
  return {
    items: query.data?.items ?? [],
    totalCount: query.data?.totalCount ?? 0,
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    loading: query.isFetching,
    onPage: (pageNo, pageSize) => go(pageSize === page.pageSize ? pageNo : 1, pageSize),
  };
}

/** A list the server pages: its rows, the console's pager under it, and what to say when it is empty. */
export function PagedTable<T extends object>({
  columns,
  rowKey,
  scrollX,
  emptyText,
  unit,
  size = 'middle',
  onRowClick,
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
  /** Opens a row's object on a click anywhere in it (a link or button in the row keeps its own click). */
  onRowClick?: (row: T) => void;
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
      rowClassName={onRowClick ? 'clickable-row' : undefined}
      onRow={
        onRowClick
          ? (row) => ({
              onClick: (event) => {
                if (!(event.target as HTMLElement).closest('a, button')) onRowClick(row);
              },
            })
          : undefined
      }
      pagination={tablePagination({ pageNo, pageSize, totalCount }, onPage, unit)}
    />
  );
}
