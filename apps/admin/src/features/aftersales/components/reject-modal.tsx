import { type AdminAfterSaleDetail, adminAfterSaleRejectRequestSchema } from '@shop/domain';
import { Form, Input } from 'antd';
import { FormModal } from '@/components/form-modal';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { useRejectAfterSale } from '../api/reject-after-sale';

const reasonSchema = adminAfterSaleRejectRequestSchema.shape.reason;

/** 拒绝: the member reads the reason; the pieces may be asked for again. */
export function RejectModal({
  afterSale,
  onClose,
}: {
  afterSale: AdminAfterSaleDetail;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectAfterSale();
  return (
    <FormModal<{ reason: string }>
      title={`拒绝售后申请：${afterSale.afterSaleNo}`}
      okText="确认拒绝"
      pending={reject.isPending}
      onClose={onClose}
      form={form}
      name="aftersale-reject"
      onFinish={({ reason }) => {
        if (reject.isPending) return;
        reject
          .mutateAsync({ id: afterSale.id, version: afterSale.version, reason: reason.trim() })
          .then(() => {
            notify.success('已拒绝该售后申请');
            onClose();
          })
          .catch(() => undefined);
      }}
    >
      <Form.Item
        name="reason"
        label="拒绝原因"
        extra="会员可在售后详情中看到"
        rules={[zodRule(reasonSchema, '拒绝原因')]}
      >
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </FormModal>
  );
}
