import { Radio } from 'antd';

const ALL = 'all';

/**
 * A list's status filter as buttons with the count of each ('全部 12', '待处理 3' …); the server answers the
 * counts with the list, under the list's other filters.
 */
export function StatusTabs<S extends string>({
  statuses,
  labels,
  counts,
  value,
  onChange,
}: {
  /** The order of the buttons. */
  statuses: readonly S[];
  labels: Readonly<Record<S, string>>;
  counts: Readonly<Record<string, number>>;
  value: S | undefined;
  onChange: (status: S | undefined) => void;
}) {
  const all = statuses.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
  return (
    <Radio.Group
      aria-label="状态"
      optionType="button"
      buttonStyle="solid"
      value={value ?? ALL}
      onChange={(e) => onChange(e.target.value === ALL ? undefined : (e.target.value as S))}
      options={[
        { value: ALL, label: `全部 ${all}` },
        ...statuses.map((s) => ({ value: s, label: `${labels[s]} ${counts[s] ?? 0}` })),
      ]}
    />
  );
}
