import {
  type AdminOrderListRequest,
  adminOrderListRequestSchema,
  ORDER_STATUS_LABELS,
  PAY_CHANNEL_LABELS,
} from '@shop/domain';
import { DatePicker, Form, Input, Select } from 'antd';
import { FilterActions } from '@/components/filter-actions';
import { useFieldsFrom } from '@/lib/form-sync';
import { type DayRange, fromDayRange, toDayRange } from '@/lib/list-controls';
import { WAREHOUSE_OPTIONS } from '@/lib/warehouse-options';
import { zodRule } from '@/lib/zod-rule';

export type OrderFilterValues = Pick<
  AdminOrderListRequest,
  | 'status'
  | 'warehouse'
  | 'username'
  | 'orderNo'
  | 'payChannel'
  | 'from'
  | 'to'
  | 'receiver'
  | 'goods'
  | 'trackingNo'
>;

interface FormValues {
  status?: number;
  warehouse?: number;
  username?: string;
  orderNo?: string;
  payChannel?: string;
  dates?: DayRange;
  receiver?: string;
  goods?: string;
  trackingNo?: string;
}

const shape = adminOrderListRequestSchema.shape;

const statusOptions = Object.entries(ORDER_STATUS_LABELS)
  .map(([value, label]) => ({ value: Number(value), label: `${label}（${value}）` }))
  .sort((a, b) => a.value - b.value);
const payOptions = Object.entries(PAY_CHANNEL_LABELS).map(([value, label]) => ({ value, label }));

/**
 * The order list's filters: number, receiver (name or phone), goods (code or name), tracking number, status (spec
 * §4), warehouse, member, payment method and days (shop time); a grid that is two columns on a phone.
 */
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
    receiver: value.receiver,
    goods: value.goods,
    trackingNo: value.trackingNo,
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
      receiver: text(values.receiver),
      goods: text(values.goods),
      trackingNo: text(values.trackingNo),
    });
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      className="console-filters order-filters"
      name="order-filters"
    >
      <Form.Item label="订单号" name="orderNo">
        <Input placeholder="订单号或其中一段" allowClear />
      </Form.Item>
      <Form.Item label="收货人" name="receiver" rules={[zodRule(shape.receiver)]}>
        <Input placeholder="姓名或电话" allowClear />
      </Form.Item>
      <Form.Item label="商品" name="goods" rules={[zodRule(shape.goods)]}>
        <Input placeholder="商品/SKU 编码或名称" allowClear />
      </Form.Item>
      <Form.Item label="运单号" name="trackingNo" rules={[zodRule(shape.trackingNo)]}>
        <Input placeholder="运单号或其中一段" allowClear />
      </Form.Item>
      <Form.Item label="状态" name="status">
        <Select allowClear options={statusOptions} placeholder="全部状态" />
      </Form.Item>
      <Form.Item label="仓库" name="warehouse">
        <Select allowClear options={WAREHOUSE_OPTIONS} placeholder="全部仓库" />
      </Form.Item>
      <Form.Item label="会员" name="username">
        <Input placeholder="会员用户名" allowClear />
      </Form.Item>
      <Form.Item label="支付方式" name="payChannel">
        <Select allowClear options={payOptions} placeholder="全部" />
      </Form.Item>
      <Form.Item label="下单日期" name="dates" className="order-filters-wide">
        <DatePicker.RangePicker allowEmpty={[true, true]} className="full-width" />
      </Form.Item>
      <div className="order-filters-actions">
        <FilterActions
          onReset={() => {
            form.resetFields();
            onChange({});
          }}
        />
      </div>
    </Form>
  );
}
