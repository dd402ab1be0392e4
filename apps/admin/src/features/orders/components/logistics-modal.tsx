import { adminLogisticsAddRequestSchema } from '@shop/domain';
import { Form, Input, Select } from 'antd';
import { FormModal } from '@/components/form-modal';
import { zodRule } from '@/lib/zod-rule';
import { useAddLogistics } from '../api/add-logistics';

const shape = adminLogisticsAddRequestSchema.shape;

interface Values {
  logisticCode: string;
  description: string;
  location?: string;
  time?: string;
}

/** Adds a tracking event to one of the order's shipped parcels; the member sees it in the storefront. */
export function LogisticsModal({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const add = useAddLogistics();
  return (
    <FormModal<Values>
      title="添加物流轨迹"
      okText="添加"
      pending={add.isPending}
      onClose={onClose}
      form={form}
      name="add-logistics"
      initialValues={{ logisticCode: codes[0] }}
      onFinish={(values) =>
        add.mutate(
          {
            logisticCode: values.logisticCode,
            description: values.description,
            location: values.location?.trim() || undefined,
            time: values.time?.trim() || undefined,
          },
          { onSuccess: () => onClose() },
        )
      }
    >
      <Form.Item label="物流单号" name="logisticCode" rules={[{ required: true, message: '请选择物流单号' }]}>
        <Select options={codes.map((c) => ({ value: c, label: c }))} />
      </Form.Item>
      <Form.Item
        label="轨迹描述"
        name="description"
        rules={[{ required: true, message: '请填写轨迹描述' }, zodRule(shape.description)]}
      >
        <Input.TextArea rows={2} placeholder="如 已到达深圳转运中心" />
      </Form.Item>
      <Form.Item label="地点" name="location" rules={[zodRule(shape.location)]}>
        <Input placeholder="如 深圳" />
      </Form.Item>
      <Form.Item label="时间" name="time" extra="北京时间 yyyy-MM-dd HH:mm，不填为现在">
        <Input placeholder="2026-11-24 15:30" />
      </Form.Item>
    </FormModal>
  );
}
