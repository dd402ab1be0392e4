import { formatAbn, isValidAbn, SellerMessages, type SellerSaveRequest } from '@shop/domain';
import { Alert, Button, Card, Form, Input, Radio, Switch, Typography } from 'antd';
import { LoadFailed } from '@/components/load-failed';
import { formatTime } from '@/lib/date';
import { useSaveSeller, useSeller } from '../api/settings';

const abnRule = {
  validator: async (_rule: unknown, value: unknown) => {
    const text = typeof value === 'string' ? value.trim() : '';
    if (text !== '' && !isValidAbn(text)) throw new Error(SellerMessages.badAbn);
  },
};

/**
 * 商家与GST: the legal name, ABN and address a tax invoice names, whether the shop is registered for GST, and
 * whether its AUD prices include it (ADR 038). Not registered, no GST is charged or shown anywhere.
 */
export function SellerCard() {
  const seller = useSeller();
  const save = useSaveSeller();
  const [form] = Form.useForm<SellerSaveRequest>();
  const registered = Form.useWatch('gstRegistered', form);
  return (
    <Card title="商家信息与GST" loading={seller.isPending}>
      {seller.isError ? (
        <LoadFailed title="商家信息加载失败" error={seller.error} retry={seller.refetch} />
      ) : seller.data ? (
        <Form
          form={form}
          layout="vertical"
          name="seller"
          className="seller-form"
          initialValues={{
            ...seller.data,
            abn: seller.data.abn === '' ? '' : formatAbn(seller.data.abn),
          }}
          onFinish={(values) =>
            save.mutate({
              legalName: values.legalName ?? '',
              abn: values.abn ?? '',
              address: values.address ?? '',
              gstRegistered: values.gstRegistered,
              pricesIncludeGst: values.pricesIncludeGst,
            })
          }
        >
          <Form.Item
            name="gstRegistered"
            label="已登记澳洲GST"
            valuePropName="checked"
            extra="未登记时全站不收取、不显示GST。"
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="legalName"
            label="商家法定名称"
            rules={[{ required: registered, message: SellerMessages.legalNameRequired }]}
          >
            <Input maxLength={200} placeholder="如 Example Trading Pty Ltd" />
          </Form.Item>
          <Form.Item
            name="abn"
            label="ABN"
            rules={[{ required: registered, message: SellerMessages.abnRequired }, abnRule]}
          >
            <Input inputMode="numeric" maxLength={20} placeholder="11位数字，如 51 824 753 556" />
          </Form.Item>
          <Form.Item name="address" label="商家地址">
            <Input maxLength={300} placeholder="如 1 George St, Sydney NSW 2000" />
          </Form.Item>
          <Form.Item name="pricesIncludeGst" label="澳币价格">
            <Radio.Group
              options={[
                { value: true, label: '已含GST（按价格的 1/11 计算GST）' },
                { value: false, label: '不含GST（结算时另加 10%）' },
              ]}
            />
          </Form.Item>
          {!registered && (
            <Alert type="info" showIcon className="seller-note" message="当前未登记GST：订单不收取GST。" />
          )}
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
          </Form.Item>
          <Typography.Text type="secondary">
            {seller.data.updatedAt ? `上次保存：${formatTime(seller.data.updatedAt)}` : '尚未设置'}
            。修改会记入操作日志，并立即用于结算。
          </Typography.Text>
        </Form>
      ) : null}
    </Card>
  );
}
