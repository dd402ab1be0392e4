import { type AdminOrderListRequest, ORDER_STATUS_LABELS, PAY_CHANNEL_LABELS } from '@shop/domain';
import { DatePicker, Form, Input, Select } from 'antd';
import { FilterActions } from '@/components/filter-actions';
import { useFieldsFrom } from '@/lib/form-sync';
import { type DayRange, fromDayRange, toDayRange } from '@/lib/list-controls';
import { WAREHOUSE_OPTIONS } from '@/lib/warehouse-options';

export type OrderFilterValues = Pick<
  AdminOrderListRequest,
  'status' | 'warehouse' | 'username' | 'orderNo' | 'payChannel' | 'from' | 'to'
>;

interface FormValues {
  status?: number;
  warehouse?: number;
  username?: string;
  orderNo?: string;
  payChannel?: string;
  dates?: DayRange;
}

const statusOptions = Object.entries(ORDER_STATUS_LABELS)
  .map(([value, label]) => ({ value: Number(value), label: `${label}（${value}）` }))
  .sort((a, b) => a.value - b.value);
const payOptions = Object.entries(PAY_CHANNEL_LABELS).map(([value, label]) => ({ value, label }));

/** The order list's filters: status (spec §4), warehouse, member, number, payment method, days (shop time). */
export function OrderFilters({
  value,
  onChange,
}: {
  value: OrderFilterValues;
  onChange: (filters: OrderFilterValues) => void;
}) {
  const [form] = Form.useForm<FormValues>();
  useFieldsFrom(form, {
    status: value.status,
    warehouse: value.warehouse,
    username: value.username,
    orderNo: value.orderNo,
    payChannel: value.payChannel,
    dates: toDayRange(value.from, value.to),
  });

  const submit = (values: FormValues) => {
    const text = (s: string | undefined) => s?.trim() || undefined;
    onChange({
      status: values.status ?? undefined,
      warehouse: values.warehouse ?? undefined,
      username: text(values.username),
      orderNo: text(values.orderNo),
      payChannel: values.payChannel ?? undefined,
      ...fromDayRange(values.dates),
    });
  };

  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      onFinish={submit}
      className="console-filters"
      name="order-filters"
    >
      <Form.Item label="状态" name="status">
        <Select allowClear options={statusOptions} placeholder="全部状态" className="filter-select" />
      </Form.Item>
      <Form.Item label="仓库" name="warehouse">
        <Select allowClear options={WAREHOUSE_OPTIONS} placeholder="全部仓库" className="filter-select" />
      </Form.Item>
      <Form.Item label="会员" name="username">
        <Input placeholder="会员用户名" allowClear />
      </Form.Item>
      <Form.Item label="订单号" name="orderNo">
        <Input placeholder="订单号或其中一段" allowClear />
      </Form.Item>
      <Form.Item label="支付方式" name="payChannel">
        <Select allowClear options={payOptions} placeholder="全部" className="filter-select" />
      </Form.Item>
      <Form.Item label="下单日期" name="dates">
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
