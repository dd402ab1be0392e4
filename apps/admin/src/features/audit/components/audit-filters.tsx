import {
  AUDIT_ACTION_LABELS,
  AUDIT_OBJECT_LABELS,
  type AuditListRequest,
  auditActionGroups,
  auditObjectLabel,
} from '@shop/domain';
import { DatePicker, Form, Input, Select } from 'antd';
import { FilterActions } from '@/components/filter-actions';
import { useFieldsFrom } from '@/lib/form-sync';
import { type DayRange, fromDayRange, toDayRange } from '@/lib/list-controls';

export type AuditFilterValues = Pick<
  AuditListRequest,
  'staffId' | 'action' | 'objectType' | 'objectId' | 'from' | 'to'
>;

/**
 * The action filter's choices: per kind of object, all its actions (audit/list/ takes the kind without a dot)
 * and each action by its label.
 */
const ACTION_OPTIONS = auditActionGroups().map((group) => ({
  label: group.label,
  title: group.objectType,
  options: [
    { value: group.objectType, label: `全部${group.label}操作` },
    ...group.actions.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
  ],
}));

const OBJECT_OPTIONS = Object.keys(AUDIT_OBJECT_LABELS).map((code) => ({
  value: code,
  label: auditObjectLabel(code),
}));

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
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={ACTION_OPTIONS}
          placeholder="全部操作"
          className="filter-action"
        />
      </Form.Item>
      <Form.Item label="对象类型" name="objectType">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={OBJECT_OPTIONS}
          placeholder="全部类型"
          className="filter-object"
        />
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
