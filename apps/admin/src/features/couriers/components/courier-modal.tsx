import { type AdminCourierRow, adminCourierUpdateRequestSchema } from '@shop/domain';
import { Form, Input, InputNumber, Switch } from 'antd';
import { FormModal } from '@/components/form-modal';
import { zodRule } from '@/lib/zod-rule';
import { useCreateCourier, useUpdateCourier } from '../api/couriers';

const shape = adminCourierUpdateRequestSchema.shape;

interface Values {
  code: string;
  name: string;
  isPublic: boolean;
  active: boolean;
  estimatedDays?: string;
  sort?: number;
}

/** Adds a courier, or changes one (its code stays). */
export function CourierModal({ courier, onClose }: { courier: AdminCourierRow | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const create = useCreateCourier();
  const update = useUpdateCourier();
  const submit = (v: Values) => {
    const fields = {
      code: v.code.trim(),
      name: v.name.trim(),
      isPublic: v.isPublic,
      estimatedDays: v.estimatedDays?.trim() ?? '',
      sort: v.sort ?? 0,
    };
    if (courier) update.mutate({ ...fields, active: v.active }, { onSuccess: onClose });
    else create.mutate(fields, { onSuccess: onClose });
  };
  return (
    <FormModal<Values>
      title={courier ? `修改快递：${courier.code}` : '添加快递'}
      okText="保存"
      pending={create.isPending || update.isPending}
      onClose={onClose}
      form={form}
      name="courier"
      initialValues={courier ? { ...courier } : { isPublic: true, active: true, sort: 0, estimatedDays: '' }}
      onFinish={submit}
    >
      <Form.Item
        name="code"
        label="快递编码"
        rules={[zodRule(shape.code, '快递编码')]}
        extra="如 SF，保存为大写"
      >
        <Input disabled={courier !== null} maxLength={32} />
      </Form.Item>
      <Form.Item name="name" label="名称" rules={[zodRule(shape.name, '名称')]}>
        <Input maxLength={60} placeholder="如 顺丰速运" />
      </Form.Item>
      <Form.Item name="estimatedDays" label="时效说明" rules={[zodRule(shape.estimatedDays)]}>
        <Input maxLength={40} placeholder="如 3-5个工作日" />
      </Form.Item>
      <Form.Item name="sort" label="排序（小的在前）">
        <InputNumber min={-9999} max={9999} precision={0} />
      </Form.Item>
      <Form.Item name="isPublic" label="向顾客展示" valuePropName="checked">
        <Switch />
      </Form.Item>
      {courier && (
        <Form.Item name="active" label="启用" valuePropName="checked" extra="停用后结算与发货都不再提供">
          <Switch />
        </Form.Item>
      )}
    </FormModal>
  );
}
