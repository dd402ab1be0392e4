import {
  adminCourierRuleSaveRequestSchema,
  type CourierRule,
  type Currency,
  WAREHOUSE_NAMES,
  type Warehouse,
} from '@shop/domain';
import { Form, Input, InputNumber } from 'antd';
import { FormModal } from '@/components/form-modal';
import { zodRule } from '@/lib/zod-rule';
import { useSaveRule } from '../api/couriers';

const shape = adminCourierRuleSaveRequestSchema.shape;

interface Values {
  firstWeight: number;
  firstFee: string;
  extraWeight: number;
  extraFee: string;
  maxWeight?: number | null;
}

/** One fee rule: a courier from one warehouse, charged in one currency (domain checkout/shipping.ts). */
export function RuleModal({
  code,
  location,
  currency,
  rule,
  onClose,
}: {
  code: string;
  location: number;
  currency: Currency;
  rule: CourierRule | undefined;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveRule();
  const unit = currency === 'AUD' ? '澳元' : '元';
  return (
    <FormModal<Values>
      title={`运费规则：${code} · ${WAREHOUSE_NAMES[location as Warehouse]} · ${currency}`}
      okText="保存"
      pending={save.isPending}
      onClose={onClose}
      form={form}
      name="courier-rule"
      initialValues={
        rule
          ? { ...rule, firstFee: rule.firstFee.toFixed(2), extraFee: rule.extraFee.toFixed(2) }
          : { firstWeight: 1000, extraWeight: 500, maxWeight: null }
      }
      onFinish={(v) =>
        save.mutate(
          {
            code,
            location,
            currency,
            firstWeight: v.firstWeight,
            firstFee: v.firstFee.trim(),
            extraWeight: v.extraWeight,
            extraFee: v.extraFee.trim(),
            maxWeight: v.maxWeight ?? null,
          },
          { onSuccess: onClose },
        )
      }
    >
      <Form.Item name="firstWeight" label="首重（克）" rules={[zodRule(shape.firstWeight, '首重')]}>
        <InputNumber min={1} precision={0} className="full-width" />
      </Form.Item>
      <Form.Item name="firstFee" label={`首重运费（${unit}）`} rules={[zodRule(shape.firstFee, '首重运费')]}>
        <Input inputMode="decimal" placeholder="如 12.00" />
      </Form.Item>
      <Form.Item
        name="extraWeight"
        label="续重（克，不足按一个计）"
        rules={[zodRule(shape.extraWeight, '续重')]}
      >
        <InputNumber min={1} precision={0} className="full-width" />
      </Form.Item>
      <Form.Item
        name="extraFee"
        label={`每个续重运费（${unit}）`}
        rules={[zodRule(shape.extraFee, '续重运费')]}
      >
        <Input inputMode="decimal" placeholder="如 4.00" />
      </Form.Item>
      <Form.Item name="maxWeight" label="包裹最大重量（克，可不填）">
        <InputNumber min={1} precision={0} className="full-width" />
      </Form.Item>
    </FormModal>
  );
}
