import {
  type AdminAfterSaleApproveRequest,
  type AdminAfterSaleDetail,
  AFTER_SALE_SHIP_BACK_DAYS,
  AFTER_SALE_TYPE_LABELS,
  AfterSaleMessages,
  adminAfterSaleApproveRequestSchema,
} from '@shop/domain';
import { Alert, Form, Input, InputNumber } from 'antd';
import { FormModal } from '@/components/form-modal';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { useApproveAfterSale } from '../api/approve-after-sale';

const shape = adminAfterSaleApproveRequestSchema.shape;

interface Values {
  returnAddress: string;
  shipBackDays: number;
  note: string;
}

/**
 * 同意: a return or an exchange names where the goods go back (the settings' address to start from) and the days
 * the member has to send them; a refund only needs neither, and is refunded next.
 */
export function ApproveModal({
  afterSale,
  onClose,
}: {
  afterSale: AdminAfterSaleDetail;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const approve = useApproveAfterSale();
  const goodsBack = afterSale.type !== 'refund';
  const submit = (values: Values) => {
    if (approve.isPending) return;
    const note = (values.note ?? '').trim();
    const body: AdminAfterSaleApproveRequest = goodsBack
      ? {
          id: afterSale.id,
          version: afterSale.version,
          returnAddress: values.returnAddress.trim(),
          shipBackDays: values.shipBackDays,
          note,
        }
      : { id: afterSale.id, version: afterSale.version, note };
    approve
      .mutateAsync(body)
      .then(() => {
        notify.success('已同意该售后申请');
        onClose();
      })
      .catch(() => undefined);
  };
  return (
    <FormModal<Values>
      title={`同意${AFTER_SALE_TYPE_LABELS[afterSale.type]}：${afterSale.afterSaleNo}`}
      okText="确认同意"
      pending={approve.isPending}
      onClose={onClose}
      form={form}
      name="aftersale-approve"
      initialValues={{
        returnAddress: afterSale.defaultReturnAddress,
        shipBackDays: AFTER_SALE_SHIP_BACK_DAYS,
        note: '',
      }}
      onFinish={submit}
    >
      {goodsBack ? (
        <>
          <Form.Item
            name="returnAddress"
            label="退货地址"
            extra="会员按此地址寄回商品"
            rules={[
              { required: true, whitespace: true, message: AfterSaleMessages.returnAddress },
              zodRule(shape.returnAddress),
            ]}
          >
            <Input.TextArea rows={3} maxLength={300} showCount placeholder="收件人、电话、地址" />
          </Form.Item>
          <Form.Item
            name="shipBackDays"
            label="寄回期限（天）"
            rules={[{ required: true, message: '请填写寄回期限' }, zodRule(shape.shipBackDays)]}
          >
            <InputNumber min={1} max={60} precision={0} className="full-width" />
          </Form.Item>
        </>
      ) : (
        <Alert
          type="info"
          showIcon
          className="form-alert"
          title="仅退款，会员无需寄回商品；同意后即可退款。"
        />
      )}
      <Form.Item name="note" label="备注（可不填）" rules={[zodRule(shape.note)]}>
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
    </FormModal>
  );
}
