import { RECHARGE_STATUS_LABELS, type Recharge } from '@shop/domain';
import { Input, Segmented, Space } from 'antd';

export type RechargeStatusFilter = Recharge['status'] | 'all';

const OPTIONS: { value: RechargeStatusFilter; label: string }[] = [
  ...(Object.entries(RECHARGE_STATUS_LABELS) as [Recharge['status'], string][]).map(([value, label]) => ({
    value,
    label,
  })),
  { value: 'all', label: '全部' },
];

/** Status tabs and a search by member username or recharge number. */
export function RechargeFilters({
  status,
  keyword,
  onChange,
}: {
  status: RechargeStatusFilter;
  keyword: string | undefined;
  onChange: (next: { status: RechargeStatusFilter; keyword: string | undefined }) => void;
}) {
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Segmented<RechargeStatusFilter>
        options={OPTIONS}
        value={status}
        onChange={(value) => onChange({ status: value, keyword })}
      />
      <Input.Search
        key={keyword ?? ''}
        defaultValue={keyword}
        allowClear
        placeholder="会员用户名或充值单号"
        aria-label="会员用户名或充值单号"
        style={{ width: 260 }}
        onSearch={(value) => onChange({ status, keyword: value.trim() || undefined })}
      />
    </Space>
  );
}
