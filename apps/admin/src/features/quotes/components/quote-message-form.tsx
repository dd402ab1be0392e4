import { adminQuoteMessageRequestSchema } from '@shop/domain';
import { Button, Form, Input } from 'antd';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { useSendQuoteMessage } from '../api/send-quote-message';

const textSchema = adminQuoteMessageRequestSchema.shape.text;

/** A message to the member without a new price (a question, a note on stock or delivery). */
export function QuoteMessageForm({ quoteId }: { quoteId: number }) {
  const [form] = Form.useForm<{ text: string }>();
  const send = useSendQuoteMessage();
  const submit = ({ text }: { text: string }) => {
    if (send.isPending) return;
    send
      .mutateAsync({ id: quoteId, text: text.trim() })
      .then(() => {
        notify.success('消息已发送');
        form.resetFields();
      })
      .catch(() => undefined);
  };
  return (
    <Form form={form} layout="vertical" name="quote-message" onFinish={submit}>
      <Form.Item name="text" label="回复会员" rules={[zodRule(textSchema, '内容')]}>
        <Input.TextArea rows={3} maxLength={1000} showCount placeholder="不改报价，只回复会员" />
      </Form.Item>
      <Button htmlType="submit" loading={send.isPending}>
        发送消息
      </Button>
    </Form>
  );
}
