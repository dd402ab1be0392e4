import {
  type AdminRecharge,
  creditedAmountProblem,
  formatPrice,
  RECHARGE_REVIEW_NOTE_MAX,
  rechargeApproveRequestSchema,
  toMinor,
} from '@shop/domain';
import { Alert, Descriptions, Form, Input, InputNumber, Modal } from 'antd';
import { useEffect } from 'react';
import { zodRule } from '@/lib/zod-rule';
import { SlipPreview } from './slip-preview';

const creditedSchema = rechargeApproveRequestSchema.shape.creditedAmount;

interface ApproveForm {
  /** Major units as typed (元 / dollars), sent as typed; minor units only to compare with the amount asked. */
  credited: number | null;
  note?: string;
}

/**
 * The review of a bank transfer: what the member said (amount, payer or reference, note, the transfer slip) beside
 * what finance credits: the amount that reached the account, in the recharge's currency, and a note the member
 * reads, required when the two differ (creditedAmountProblem, the server's rule).
 */
export function ApproveDialog({
  recharge,
  pending,
  onApprove,
  onClose,
}: {
  recharge: AdminRecharge | undefined;
  pending: boolean;
  /** `creditedAmount` in major units, as every amount on the wire. */
  onApprove: (input: { creditedAmount: number; note: string | undefined }) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ApproveForm>();
  useEffect(() => {
    if (recharge) form.setFieldsValue({ credited: recharge.amount, note: '' });
  }, [recharge, form]);
  const credited = Form.useWatch('credited', form);
  const asked = recharge ? toMinor(recharge.amount) : 0;
  const creditedMinor = typeof credited === 'number' ? toMinor(credited.toFixed(2)) : null;
  const differs = creditedMinor !== null && creditedMinor !== asked;
  return (
    <Modal
      title={recharge ? `审核银行转账：${recharge.rechargeNo}` : '审核银行转账'}
      open={recharge !== undefined}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确认入账"
      cancelText="取消"
      confirmLoading={pending}
      width={560}
      forceRender
    >
      {recharge && (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            className="form-alert"
            items={[
              { key: 'member', label: '会员', children: recharge.username },
              {
                key: 'amount',
                label: '申请金额',
                children: <strong>{formatPrice(asked, recharge.currency)}</strong>,
              },
              { key: 'reference', label: '付款人 / 流水号', children: recharge.reference || '—' },
              ...(recharge.note ? [{ key: 'note', label: '会员备注', children: recharge.note }] : []),
              {
                key: 'slip',
                label: '转账凭证',
                children: <SlipPreview rechargeNo={recharge.rechargeNo} hasSlip={recharge.hasSlip} />,
              },
            ]}
          />
          {differs && creditedMinor > 0 && (
            <Alert
              type="warning"
              showIcon
              className="form-alert"
              title={`实际到账与申请金额不同：将入账 ${formatPrice(creditedMinor, recharge.currency)}（申请 ${formatPrice(asked, recharge.currency)}），请在备注中说明原因，会员会收到消息。`}
            />
          )}
        </>
      )}
      <Form<ApproveForm>
        form={form}
        layout="vertical"
        name="approve-recharge"
        onFinish={(v) => {
          if (!recharge || pending || v.credited === null) return;
          onApprove({ creditedAmount: v.credited, note: v.note?.trim() || undefined });
        }}
      >
        <Form.Item
          label={`实际到账金额（${recharge?.currency ?? ''}，元）`}
          name="credited"
          rules={[
            {
              validator: async (_rule, value: number | null | undefined) => {
                if (typeof value !== 'number') throw new Error('请填写实际到账金额（大于0）');
              },
            },
            zodRule(creditedSchema),
          ]}
        >
          <InputNumber min={0.01} step={1} precision={2} className="full-width" />
        </Form.Item>
        <Form.Item
          label={differs ? '备注（会员可见，金额不同时必填）' : '备注（会员可见，可不填）'}
          name="note"
          dependencies={['credited']}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const typed: unknown = form.getFieldValue('credited');
                if (typeof typed !== 'number' || typed <= 0) return;
                const problem = creditedAmountProblem(asked, toMinor(typed.toFixed(2)), value ?? '');
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input.TextArea
            rows={2}
            maxLength={RECHARGE_REVIEW_NOTE_MAX}
            showCount
            placeholder="如：银行扣手续费 ¥10"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
