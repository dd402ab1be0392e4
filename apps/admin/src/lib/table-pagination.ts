/** The console's paging under a list: page sizes 20/50/100 and the total, '共 N 条'. */
export function tablePagination(
  pageNo: number,
  pageSize: number,
  total: number,
  onChange: (pageNo: number, pageSize: number) => void,
) {
  return {
    current: pageNo,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [20, 50, 100],
    showTotal: (count: number) => `共 ${count} 条`,
    onChange,
  };
}
