import {
  type AdminMember,
  DEPOSIT_ADJUST_KINDS,
  type DepositAdjustKind,
  depositAdjustRequestSchema,
  formatPrice,
  toMinor,
} from '@shop/domain';
import { Alert, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { useAdjustDeposit } from '../api/adjust-deposit';

interface DepositForm {
  kind: DepositAdjustKind;
  currency: 'CNY' | 'AUD';
  amount: number;
  note?: string;
}

const shape = depositAdjustRequestSchema.shape;

/**
 * Cash received or a gift to a member's deposit. The dialog makes one request id when it opens and sends it
 * with every try, so a double click or a retry after a lost answer credits once.
 */
export function DepositDialog({ member, onClose }: { member: AdminMember | undefined; onClose: () => void }) {
  const [form] = Form.useForm<DepositForm>();
  const adjust = useAdjustDeposit();
  const [requestId, setRequestId] = useState('');
  useEffect(() => {
    if (!member) return;
    form.resetFields();
    setRequestId(crypto.randomUUID());
  }, [member, form]);
  return (
    <Modal
      title={member ? `余额入账：${member.username}` : '余额入账'}
      open={member !== undefined}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确认入账"
      cancelText="取消"
      confirmLoading={adjust.isPending}
      forceRender
    >
      <Alert
        type="warning"
        showIcon
        className="form-alert"
        title="入账后立即计入会员余额，不能撤销；会员会收到消息。请核对金额与币种。"
      />
      <Form<DepositForm>
        form={form}
        layout="vertical"
        name="deposit-adjust"
        initialValues={{ kind: 'cash', currency: 'CNY' }}
        onFinish={(v) => {
          if (!member || adjust.isPending) return;
          adjust.mutate(
            { memberId: member.id, ...v, note: v.note?.trim() || undefined, requestId },
            {
              onSuccess: (r) => {
                notify.success(
                  r.changed
                    ? `已入账 ${formatPrice(toMinor(r.amount), r.currency)}，余额 ${formatPrice(toMinor(r.balanceAfter), r.currency)}`
                    : '这笔入账已完成过，未重复入账',
                );
                onClose();
              },
            },
          );
        }}
      >
        <Form.Item label="类型" name="kind">
          <Radio.Group
            optionType="button"
            options={(Object.entries(DEPOSIT_ADJUST_KINDS) as [DepositAdjustKind, string][]).map(
              ([value, label]) => ({
                value,
                label,
              }),
            )}
          />
        </Form.Item>
        <Form.Item label="币种" name="currency">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'CNY', label: '人民币 CNY' },
              { value: 'AUD', label: '澳币 AUD' },
            ]}
          />
        </Form.Item>
        <Form.Item label="金额（元）" name="amount" rules={[zodRule(shape.amount)]}>
          <InputNumber min={0.01} step={1} precision={2} className="full-width" placeholder="如 100.50" />
        </Form.Item>
        <Form.Item label="备注（会员可见，可不填）" name="note" rules={[zodRule(shape.note)]}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="如：门店收现" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
