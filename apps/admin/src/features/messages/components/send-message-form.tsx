import { adminMessageSendRequestSchema, MESSAGE_TYPE_LABELS, MessageType } from '@shop/domain';
import { Button, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { useSendMessage } from '../api/send-message';

const fields = adminMessageSendRequestSchema.shape;
const TYPE_OPTIONS = Object.entries(MESSAGE_TYPE_LABELS).map(([value, label]) => ({
  value: Number(value),
  label,
}));

interface Values {
  to: 'member' | 'all';
  username?: string;
  type: number;
  title: string;
  content: string;
  link?: string;
}

const INITIAL: Partial<Values> = { to: 'member', type: MessageType.System };

/** A message to one member (by username) or an announcement to every member; an announcement asks first. */
export function SendMessageForm() {
  const [form] = Form.useForm<Values>();
  const to = Form.useWatch('to', form) ?? 'member';
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const send = useSendMessage();
  const [modal, contextHolder] = Modal.useModal();

  const submit = async (values: Values) => {
    const body = {
      ...values,
      username: values.to === 'member' ? values.username : undefined,
      link: values.link ?? '',
      requestId,
    };
    if (values.to === 'all') {
      const confirmed = await modal.confirm({
        title: '发布给所有会员？',
        content: `「${values.title}」会出现在每位会员的消息中心，发出后不能撤回。`,
        okText: '发布',
        cancelText: '取消',
      });
      if (!confirmed) return;
    }
    await send.mutateAsync(body);
    notify.success(values.to === 'all' ? '公告已发布' : `已发送给 ${values.username}`);
    form.resetFields();
    setRequestId(crypto.randomUUID());
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={INITIAL}
      onFinish={(values) => submit(values).catch(() => undefined)}
    >
      {contextHolder}
      <Form.Item name="to" label="发送对象">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'member', label: '单个会员' },
            { value: 'all', label: '所有会员（公告）' },
          ]}
          onChange={(e) => {
            if (e.target.value === 'all') form.setFieldsValue({ type: MessageType.NoticeAnnouncement });
          }}
        />
      </Form.Item>
      {to === 'member' && (
        <Form.Item
          name="username"
          label="会员用户名"
          rules={[{ required: true, message: '请输入会员用户名' }, zodRule(fields.username)]}
        >
          <Input placeholder="会员登录用的用户名" autoComplete="off" />
        </Form.Item>
      )}
      <Form.Item name="type" label="消息类型" rules={[zodRule(fields.type)]}>
        <Select options={TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item name="title" label="标题" rules={[zodRule(fields.title)]}>
        <Input maxLength={100} showCount />
      </Form.Item>
      <Form.Item name="content" label="内容" rules={[zodRule(fields.content)]}>
        <Input.TextArea rows={5} maxLength={5000} showCount />
      </Form.Item>
      <Form.Item
        name="link"
        label="链接（可选）"
        rules={[zodRule(fields.link)]}
        extra="本站路径，如 /article/3，会员点开消息时打开"
      >
        <Input placeholder="/article/3" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={send.isPending}>
        {to === 'all' ? '发布公告' : '发送消息'}
      </Button>
    </Form>
  );
}
