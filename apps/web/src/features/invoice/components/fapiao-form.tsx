import {
  type Fapiao,
  FapiaoKind,
  type FapiaoRequestInput,
  fapiaoRequestSchema,
  taxNoSchema,
} from '@shop/domain';
import { Button, Form, Input, Radio } from 'antd';
import { AntdProvider } from '@/components/antd-provider';
import { zodRule } from '@/lib/zod-rule';
import { useRequestFapiao } from '../api/request-fapiao';

type Values = Omit<FapiaoRequestInput, 'orderId'>;

const fields = fapiaoRequestSchema.shape;

/** Where the member's saved business details prefill a new request (/member/settings). */
export interface FapiaoPrefill {
  title: string;
  taxNo: string;
}

const SPECIAL_FIELDS: readonly { name: 'bank' | 'account' | 'address' | 'phone'; label: string }[] = [
  { name: 'bank', label: '开户银行' },
  { name: 'account', label: '银行账号' },
  { name: 'address', label: '注册地址' },
  { name: 'phone', label: '注册电话' },
];

interface FapiaoFormProps {
  orderId: number;
  current: Fapiao | null;
  prefill: FapiaoPrefill;
  onDone: () => void;
}

/** The form with the library's theme, as the order page loads it when 申请发票 is first pressed (ADR 056). */
export default function FapiaoFormPanel(props: FapiaoFormProps) {
  return (
    <AntdProvider>
      <FapiaoForm {...props} />
    </AntdProvider>
  );
}

/**
 * The 发票 request of a paid CNY order: 普通 needs a title and 税号, 专用 also the buyer's bank, account,
 * registered address and phone; each field is checked as the server checks it.
 */
export function FapiaoForm({ orderId, current, prefill, onDone }: FapiaoFormProps) {
  const save = useRequestFapiao();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? current?.kind ?? FapiaoKind.normal;
  const initial: Values = current
    ? {
        kind: current.kind,
        title: current.title,
        taxNo: current.taxNo,
        bank: current.bank,
        account: current.account,
        address: current.address,
        phone: current.phone,
      }
    : {
        kind: FapiaoKind.normal,
        title: prefill.title,
        taxNo: prefill.taxNo,
        bank: '',
        account: '',
        address: '',
        phone: '',
      };
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="narrow-form fapiao-form"
      aria-label="申请发票"
      initialValues={initial}
      onFinish={(values) =>
        save.mutate(
          {
            orderId,
            kind: values.kind,
            title: values.title?.trim() ?? '',
            taxNo: values.taxNo?.trim().toUpperCase() ?? '',
            ...(values.kind === FapiaoKind.special
              ? {
                  bank: values.bank?.trim() ?? '',
                  account: values.account?.trim() ?? '',
                  address: values.address?.trim() ?? '',
                  phone: values.phone?.trim() ?? '',
                }
              : {}),
          },
          { onSuccess: onDone },
        )
      }
    >
      <Form.Item name="kind" label="发票类型">
        <Radio.Group
          options={[
            { value: FapiaoKind.normal, label: '增值税普通发票' },
            { value: FapiaoKind.special, label: '增值税专用发票' },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="title"
        label="发票抬头"
        rules={[{ required: true, message: '请填写发票抬头' }, zodRule(fields.title)]}
      >
        <Input placeholder="单位名称或个人姓名" autoComplete="organization" />
      </Form.Item>
      <Form.Item
        name="taxNo"
        label="纳税人识别号（税号）"
        rules={[{ required: true, message: '请输入纳税人识别号（税号）' }, zodRule(taxNoSchema)]}
      >
        <Input placeholder="15、18或20位大写字母或数字" autoComplete="off" />
      </Form.Item>
      {kind === FapiaoKind.special &&
        SPECIAL_FIELDS.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            rules={[{ required: true, message: `专用发票须填写${field.label}` }, zodRule(fields[field.name])]}
          >
            <Input placeholder={field.label} autoComplete="off" />
          </Form.Item>
        ))}
      <div className="fapiao-form-actions">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {current ? '保存修改' : '提交申请'}
        </Button>
        <Button onClick={onDone}>取消</Button>
      </div>
    </Form>
  );
}
