import {
  EXPORT_FORMATS,
  EXPORT_KIND_NAMES,
  EXPORT_KINDS,
  EXPORT_MAX_DAYS,
  type ExportFormat,
  type ExportKind,
  type ExportStartRequest,
} from '@shop/domain';
import { Button, DatePicker, Form, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { daysInRange, lastMonth } from '../shop-days';

const DAY = 'YYYY-MM-DD';

const FORMAT_LABELS: Record<ExportFormat, string> = { xlsx: 'Excel（xlsx）', csv: 'CSV' };

interface Values {
  kind: ExportKind;
  format: ExportFormat;
  range: [Dayjs | null, Dayjs | null] | null;
}

/** Why a range cannot be exported, or null: both days chosen, at most EXPORT_MAX_DAYS of them. */
export function rangeProblem(range: Values['range'] | undefined): string | null {
  const [from, to] = range ?? [];
  if (!from || !to) return '请选择日期范围';
  if (from.isAfter(to, 'day')) return '开始日期不能晚于结束日期';
  if (daysInRange(from.format(DAY), to.format(DAY)) > EXPORT_MAX_DAYS)
    return `日期范围最多 ${EXPORT_MAX_DAYS} 天，请缩短后再导出`;
  return null;
}

/**
 * What to export: the content, the file's format, and the shop days to cover (last calendar month unless
 * changed; days after today on the shop's clock cannot be picked, nor a range longer than EXPORT_MAX_DAYS).
 */
export function ExportForm({
  today,
  zoneName,
  pending,
  onStart,
}: {
  /** Today on the shop's clock, 'yyyy-MM-dd'. */
  today: string;
  zoneName: string;
  pending: boolean;
  onStart: (request: ExportStartRequest) => void;
}) {
  const [form] = Form.useForm<Values>();
  const month = lastMonth(today);
  const initial: Values = { kind: 'orders', format: 'xlsx', range: [dayjs(month.from), dayjs(month.to)] };
  return (
    <Form<Values>
      form={form}
      name="finance-export"
      layout="vertical"
      className="export-form"
      initialValues={initial}
      // Enter confirms a date typed into the range, as the picker intends; only the button starts an export.
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
      }}
      onFinish={(values) => {
        const [from, to] = values.range ?? [];
        if (!from || !to) return;
        onStart({ kind: values.kind, format: values.format, from: from.format(DAY), to: to.format(DAY) });
      }}
    >
      <Form.Item label="内容" name="kind" rules={[{ required: true, message: '请选择导出内容' }]}>
        <Radio.Group
          optionType="button"
          options={EXPORT_KINDS.map((kind) => ({ value: kind, label: EXPORT_KIND_NAMES[kind] }))}
        />
      </Form.Item>
      <Form.Item label="格式" name="format" rules={[{ required: true, message: '请选择文件格式' }]}>
        <Radio.Group
          optionType="button"
          options={EXPORT_FORMATS.map((format) => ({ value: format, label: FORMAT_LABELS[format] }))}
        />
      </Form.Item>
      <Form.Item
        label="日期"
        name="range"
        extra={`按${zoneName}的自然日，含首尾两天，最多 ${EXPORT_MAX_DAYS} 天`}
        rules={[
          {
            validator: async (_rule, value: Values['range'] | undefined) => {
              const problem = rangeProblem(value);
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <DatePicker.RangePicker
          aria-label="日期范围"
          className="export-range"
          placeholder={['开始日期', '结束日期']}
          disabledDate={(day, info) => {
            const text = day.format(DAY);
            if (text > today) return true;
            if (!info?.from) return false;
            const from = info.from.format(DAY);
            const span = text < from ? daysInRange(text, from) : daysInRange(from, text);
            return span > EXPORT_MAX_DAYS;
          }}
        />
      </Form.Item>
      <Form.Item className="export-submit">
        <Button type="primary" htmlType="submit" loading={pending}>
          开始导出
        </Button>
      </Form.Item>
    </Form>
  );
}
