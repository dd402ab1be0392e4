import { ReloadOutlined } from '@ant-design/icons';
import { contactEmailSchema, phoneSchema, type SandboxMessage } from '@shop/domain';
import { Alert, Button, Card, Empty, Flex, Input, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { formatTime } from '@/lib/date';
import { useSandboxMessages } from '../api/list-sandbox-messages';
import { CHANNEL_LABELS } from './notice-labels';

/**
 * The recipient as the sandbox stores it (a lower-cased address, a number in E.164), so '13800138000' or
 * '0412 345 678' find the messages; undefined for an empty box, an error message for something neither.
 */
function toRecipient(text: string): { recipient: string | undefined } | { error: string } {
  const value = text.trim();
  if (!value) return { recipient: undefined };
  const parsed = value.includes('@') ? contactEmailSchema.safeParse(value) : phoneSchema.safeParse(value);
  return parsed.success
    ? { recipient: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? '收件人格式不正确' };
}

/** A verification code in a message about one (the digits staff read off for a demo or a test). */
function codeOf(message: SandboxMessage): string | undefined {
  if (!/验证码|code/i.test(`${message.subject} ${message.text}`)) return undefined;
  return /(?<!\d)\d{6}(?!\d)/.exec(message.text)?.[0];
}

/** One message as the sandbox 'sent' it: who, when, by which channel, its subject and its text as written. */
function SandboxMessageCard({ message }: { message: SandboxMessage }) {
  const code = codeOf(message);
  return (
    <li>
      <Card
        size="small"
        title={
          <Space size={8} wrap>
            <Tag color={message.channel === 'sms' ? 'cyan' : 'geekblue'}>
              {CHANNEL_LABELS[message.channel]}
            </Tag>
            <span>{message.recipient}</span>
          </Space>
        }
        extra={<Typography.Text type="secondary">{formatTime(message.createdAt)}</Typography.Text>}
      >
        {message.subject && (
          <div>
            <Typography.Text strong>{message.subject}</Typography.Text>
          </div>
        )}
        {code && (
          <div className="sandbox-code">
            验证码{' '}
            <Typography.Text strong copyable={{ text: code }}>
              {code}
            </Typography.Text>
          </div>
        )}
        <pre className="sandbox-text">{message.text}</pre>
      </Card>
    </li>
  );
}

/** 沙箱发件箱: what the sandbox 'sent', where demos and tests read codes and notices. */
export function SandboxOutbox() {
  const [input, setInput] = useState('');
  const [recipient, setRecipient] = useState<string>();
  const [error, setError] = useState<string>();
  const sandbox = useSandboxMessages(recipient);
  const messages = sandbox.data?.list ?? [];

  const search = (text: string) => {
    const next = toRecipient(text);
    if ('error' in next) return setError(next.error);
    setError(undefined);
    setRecipient(next.recipient);
  };

  if (sandbox.isError)
    return <LoadFailed title="沙箱发件箱加载失败" error={sandbox.error} retry={sandbox.refetch} />;
  if (sandbox.data && !sandbox.data.on)
    return (
      <Alert
        type="info"
        showIcon
        title="沙箱已关闭"
        description="生产环境默认关闭，SHOP_MAIL_SANDBOX / SHOP_SMS_SANDBOX=on 可开启。开启后，未配置真实邮件服务器或短信网关的邮件和短信（含验证码）不会真正发出，而是记在这里。"
      />
    );
  return (
    <>
      <Flex wrap gap="middle" justify="space-between" align="flex-start" style={{ marginBottom: 16 }}>
        <div style={{ width: 360, maxWidth: '100%' }}>
          <Input.Search
            aria-label="收件人"
            allowClear
            placeholder="收件人邮箱或手机号（+86 / +61）"
            enterButton="查找"
            value={input}
            status={error ? 'error' : undefined}
            onChange={(e) => setInput(e.target.value)}
            onSearch={search}
          />
          {error && <Typography.Text type="danger">{error}</Typography.Text>}
        </div>
        <Button icon={<ReloadOutlined />} loading={sandbox.isFetching} onClick={() => void sandbox.refetch()}>
          刷新
        </Button>
      </Flex>
      <Spin spinning={sandbox.isFetching}>
        {!sandbox.data ? (
          <div className="sandbox-loading" />
        ) : messages.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={recipient ? `沙箱没有发给 ${recipient} 的消息` : '沙箱还没有发出消息'}
          />
        ) : (
          <ol className="sandbox-list" aria-label="沙箱消息">
            {messages.map((m) => (
              <SandboxMessageCard key={m.id} message={m} />
            ))}
          </ol>
        )}
      </Spin>
    </>
  );
}
