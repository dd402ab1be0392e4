import { type AdminCourierRow, adminCourierUpdateRequestSchema, suggestedTrackingCode } from '@shop/domain';
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
  trackingCode?: string;
}

/** Adds a courier, or changes one (its code stays). */
export function CourierModal({ courier, onClose }: { courier: AdminCourierRow | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const create = useCreateCourier();
  const update = useUpdateCourier();
  // A new courier left without a code gets the one its shop code suggests (SF → shunfeng), shown as it is typed.
  const suggested = suggestedTrackingCode(Form.useWatch('code', form) ?? '');
  const submit = (v: Values) => {
    const trackingCode = v.trackingCode?.trim().toLowerCase() ?? '';
    const fields = {
      code: v.code.trim(),
      name: v.name.trim(),
      isPublic: v.isPublic,
      estimatedDays: v.estimatedDays?.trim() ?? '',
      sort: v.sort ?? 0,
    };
    if (courier) update.mutate({ ...fields, trackingCode, active: v.active }, { onSuccess: onClose });
    else create.mutate({ ...fields, ...(trackingCode ? { trackingCode } : {}) }, { onSuccess: onClose });
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
      <Form.Item
        name="trackingCode"
        label="快递100编码"
        rules={[zodRule(shape.trackingCode, '快递100编码')]}
        normalize={(value: string) => value.toLowerCase()}
        extra={
          courier
            ? '快递100的快递公司编码（小写，如 shunfeng），发货后自动获取物流轨迹；留空则不自动跟踪'
            : suggested
              ? `留空则使用常用编码 ${suggested}；发货后自动获取物流轨迹`
              : '快递100的快递公司编码（小写，如 shunfeng）；留空则不自动跟踪'
        }
      >
        <Input maxLength={32} placeholder={suggested || '如 shunfeng'} />
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
