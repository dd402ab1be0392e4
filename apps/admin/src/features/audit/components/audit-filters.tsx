import type { AuditListRequest } from '@shop/domain';
import { DatePicker, Form, Input, Select } from 'antd';
import { FilterActions } from '@/components/filter-actions';
import { useFieldsFrom } from '@/lib/form-sync';
import { type DayRange, fromDayRange, toDayRange } from '@/lib/list-controls';

export type AuditFilterValues = Pick<
  AuditListRequest,
  'staffId' | 'action' | 'objectType' | 'objectId' | 'from' | 'to'
>;

interface FormValues {
  staffId?: number;
  action?: string;
  objectType?: string;
  objectId?: string;
  dates?: DayRange;
}

/** The audit log's filters: who, which action, which object, which days (inclusive, shop time). */
export function AuditFilters({
  value,
  staffOptions,
  onChange,
}: {
  value: AuditFilterValues;
  /** The staff to choose from; without them the filter takes a staff id. */
  staffOptions: { value: number; label: string }[] | undefined;
  onChange: (filters: AuditFilterValues) => void;
}) {
  const [form] = Form.useForm<FormValues>();
  useFieldsFrom(form, {
    staffId: value.staffId,
    action: value.action,
    objectType: value.objectType,
    objectId: value.objectId,
    dates: toDayRange(value.from, value.to),
  });

  const submit = (values: FormValues) => {
    const text = (s: string | undefined) => s?.trim() || undefined;
    onChange({
      staffId: values.staffId ?? undefined,
      action: text(values.action),
      objectType: text(values.objectType),
      objectId: text(values.objectId),
      ...fromDayRange(values.dates),
    });
  };

  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      onFinish={submit}
      className="audit-filters"
      name="audit-filters"
    >
      <Form.Item label="员工" name="staffId">
        {staffOptions ? (
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={staffOptions}
            placeholder="全部员工"
            className="filter-staff"
          />
        ) : (
          <Input placeholder="员工ID" />
        )}
      </Form.Item>
      <Form.Item label="操作" name="action">
        <Input placeholder="如 staff.create" allowClear />
      </Form.Item>
      <Form.Item label="对象类型" name="objectType">
        <Input placeholder="如 staff、order" allowClear />
      </Form.Item>
      <Form.Item label="对象ID" name="objectId">
        <Input placeholder="如订单号" allowClear />
      </Form.Item>
      <Form.Item label="日期" name="dates">
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      <FilterActions
        onReset={() => {
          form.resetFields();
          onChange({});
        }}
      />
    </Form>
  );
}
