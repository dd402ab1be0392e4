import dayjs, { type Dayjs } from 'dayjs';

/** A RangePicker's value in the console's filter forms. */
export type DayRange = [Dayjs | null, Dayjs | null] | null;

const DAY = 'YYYY-MM-DD';

/** The RangePicker value of a filter's 'yyyy-MM-dd' days (shop time), or null when neither is set. */
export function toDayRange(from: string | undefined, to: string | undefined): DayRange {
  return from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null;
}

/** A RangePicker value as a filter's 'yyyy-MM-dd' days (both inclusive). */
export function fromDayRange(range: DayRange | undefined): {
  from: string | undefined;
  to: string | undefined;
} {
  const [from, to] = range ?? [];
  return { from: from ? from.format(DAY) : undefined, to: to ? to.format(DAY) : undefined };
}

/** A console table's pagination: page sizes 20/50/100, the total in words (`共 N 条`). */
export function tablePagination(
  page: { pageNo: number; pageSize: number; totalCount: number },
  onPage: (pageNo: number, pageSize: number) => void,
  unit = '条',
) {
  return {
    current: page.pageNo,
    pageSize: page.pageSize,
    total: page.totalCount,
    showSizeChanger: true,
    pageSizeOptions: [20, 50, 100],
    showTotal: (total: number) => `共 ${total} ${unit}`,
    onChange: onPage,
  };
}

/** A console list's page size unless the staff member picks another. */
export const DEFAULT_PAGE_SIZE = 20;

function positive(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** A list's page from the address bar: the first page of DEFAULT_PAGE_SIZE when missing or wrong. */
export function pageFromSearch(params: URLSearchParams): { pageNo: number; pageSize: number } {
  return {
    pageNo: positive(params.get('pageNo')) ?? 1,
    pageSize: positive(params.get('pageSize')) ?? DEFAULT_PAGE_SIZE,
  };
}

/** Puts a list's page into the address bar's search, leaving the defaults out so the address stays short. */
export function pageToSearch(search: URLSearchParams, page: { pageNo?: number; pageSize?: number }): void {
  if (page.pageNo && page.pageNo > 1) search.set('pageNo', String(page.pageNo));
  if (page.pageSize && page.pageSize !== DEFAULT_PAGE_SIZE) search.set('pageSize', String(page.pageSize));
}
