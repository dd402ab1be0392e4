import { adminMemberListRequestSchema } from '@shop/domain';
import { Button, Form, Input, InputNumber } from 'antd';
import { useFieldsFrom } from '@/lib/form-sync';
import { zodRule } from '@/lib/zod-rule';

export interface MemberFilterValues {
  keyword?: string | undefined;
  level?: number | undefined;
}

/** Search by part of username, name, phone, e-mail or company, and by level. */
export function MemberFilters({
  value,
  onChange,
}: {
  value: MemberFilterValues;
  onChange: (next: MemberFilterValues) => void;
}) {
  const [form] = Form.useForm<MemberFilterValues>();
  useFieldsFrom(form, { keyword: value.keyword, level: value.level });
  return (
    <Form
      form={form}
      layout="inline"
      name="member-filters"
      style={{ marginBottom: 16, rowGap: 8 }}
      onFinish={(v) => onChange({ keyword: v.keyword?.trim() || undefined, level: v.level ?? undefined })}
    >
      <Form.Item label="关键词" name="keyword">
        <Input allowClear placeholder="用户名、姓名、电话、邮箱或公司" style={{ width: 260 }} />
      </Form.Item>
      <Form.Item label="等级" name="level" rules={[zodRule(adminMemberListRequestSchema.shape.level)]}>
        <InputNumber min={0} max={999} precision={0} style={{ width: 100 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form.Item>
    </Form>
  );
}
