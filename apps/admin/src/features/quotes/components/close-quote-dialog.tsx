import { type AdminQuoteDetail, adminQuoteCloseRequestSchema } from '@shop/domain';
import { Form, Input } from 'antd';
import { FormModal } from '@/components/form-modal';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { useCloseQuote } from '../api/close-quote';

const reasonSchema = adminQuoteCloseRequestSchema.shape.reason;

/** 关闭询价: a quote nobody should accept any more (asked twice, goods gone), with the reason. */
export function CloseQuoteDialog({ quote, onClose }: { quote: AdminQuoteDetail; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const close = useCloseQuote();
  return (
    <FormModal<{ reason: string }>
      title={`关闭询价：${quote.quoteNo}`}
      okText="关闭询价"
      pending={close.isPending}
      onClose={onClose}
      form={form}
      name="quote-close"
      onFinish={({ reason }) => {
        if (close.isPending) return;
        close
          .mutateAsync({ id: quote.id, reason: reason.trim() })
          .then(() => {
            notify.success('询价已关闭');
            onClose();
          })
          .catch(() => undefined);
      }}
    >
      <Form.Item
        name="reason"
        label="关闭原因"
        extra="关闭后会员不能再按此询价下单，也不能再报价"
        rules={[zodRule(reasonSchema, '关闭原因')]}
      >
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </FormModal>
  );
}
