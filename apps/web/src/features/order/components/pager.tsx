import { Pagination } from 'antd';

/** Paging under a list; hidden when everything fits on one page. */
export function Pager({
  pageNo,
  pageSize,
  totalCount,
  onChange,
}: {
  pageNo: number;
  pageSize: number;
  totalCount: number;
  onChange: (pageNo: number) => void;
}) {
  if (totalCount <= pageSize) return null;
  return (
    <Pagination
      className="order-pager"
      current={pageNo}
      pageSize={pageSize}
      total={totalCount}
      showSizeChanger={false}
      onChange={onChange}
    />
  );
}
