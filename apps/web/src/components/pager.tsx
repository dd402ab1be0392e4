import { Pagination } from 'antd';

/**
 * Paging under a list; hidden when everything fits on one page. Uses the component library, so only lazily
 * loaded pages may render it.
 */
export function Pager({
  pageNo,
  pageSize,
  totalCount,
  onChange,
  className = 'pager',
}: {
  pageNo: number;
  pageSize: number;
  totalCount: number;
  onChange: (pageNo: number) => void;
  className?: string;
}) {
  if (totalCount <= pageSize) return null;
  return (
    <Pagination
      className={className}
      current={pageNo}
      pageSize={pageSize}
      total={totalCount}
      showSizeChanger={false}
      onChange={onChange}
    />
  );
}
