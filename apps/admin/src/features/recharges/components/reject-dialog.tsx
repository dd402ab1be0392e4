import { type AdminRecharge, formatPrice, rechargeRejectRequestSchema, toMinor } from '@shop/domain';
import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { zodRule } from '@/lib/zod-rule';

/** Asks for the reason of a rejection; the member reads it in their recharge list and a message. */
export function RejectDialog({
  recharge,
  pending,
  onReject,
  onClose,
}: {
  recharge: AdminRecharge | undefined;
  pending: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  useEffect(() => {
    if (recharge) form.resetFields();
  }, [recharge, form]);
  return (
    <Modal
      title={
        recharge
          ? `驳回充值：${recharge.username} ${formatPrice(toMinor(recharge.amount), recharge.currency)}`
          : '驳回充值'
      }
      open={recharge !== undefined}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="驳回"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={pending}
      forceRender
    >
      <Form form={form} layout="vertical" name="reject-recharge" onFinish={({ reason }) => onReject(reason)}>
        <Form.Item
          label="驳回原因（会员可见）"
          name="reason"
          rules={[zodRule(rechargeRejectRequestSchema.shape.reason)]}
        >
          <Input.TextArea rows={3} maxLength={100} showCount placeholder="如：未收到款项，请核对转账信息" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
