import type { Member } from '@shop/domain';
import { Button, Form, Tag } from 'antd';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { useBindContact } from '../api/bind-contact';
import { useCurrentMember } from '../api/get-current-member';
import { CodeFields, type ContactChannel, contactOf } from './code-fields';

const CHANNEL_LABEL: Record<ContactChannel, string> = { phone: '手机号', email: '邮箱' };

/** What current/ says of a contact: its masked value ('' when none) and whether a code proved it. */
function contactState(member: Member, channel: ContactChannel) {
  return channel === 'phone'
    ? { value: member.phone ?? '', verified: member.phoneVerified === true }
    : { value: member.email, verified: member.emailVerified === true };
}

interface ContactCardProps {
  /** The contact whose binding form is open, or null. */
  editing: ContactChannel | null;
  onEditingChange: (channel: ContactChannel | null) => void;
}

/**
 * 联系方式与验证 on /member/settings (#31): the masked phone and e-mail of current/ with 已验证 / 未验证, and for
 * each 绑定 or 更换: captcha, a code (sendCode/ scene bind), then bindContact/ and current/ read again.
 */
export function ContactVerificationCard({ editing, onEditingChange }: ContactCardProps) {
  return (
    <QueryView query={useCurrentMember()} loading={<Skeleton lines={2} title={false} />} compact>
      {(member) => (
        <div className="contact-list">
          {(['phone', 'email'] as const).map((channel) => {
            const { value, verified } = contactState(member, channel);
            return (
              <div key={channel} className="contact-row">
                <div className="contact-line">
                  <span className="contact-label">{CHANNEL_LABEL[channel]}</span>
                  <span className="contact-value">{value || '未绑定'}</span>
                  <Tag color={verified ? 'success' : 'warning'}>{verified ? '已验证' : '未验证'}</Tag>
                  {editing !== channel && (
                    <Button size="small" onClick={() => onEditingChange(channel)}>
                      {verified ? '更换' : '绑定'}
                    </Button>
                  )}
                </div>
                {editing === channel && (
                  <BindContactForm channel={channel} onClose={() => onEditingChange(null)} />
                )}
              </div>
            );
          })}
          <p className="muted contact-note">
            验证后的手机号可用于短信登录和找回密码；邮件和短信通知只发送到已验证的邮箱和手机号。
          </p>
        </div>
      )}
    </QueryView>
  );
}

interface BindValues {
  phone?: string;
  email?: string;
  captchaCode?: string;
  code: string;
}

function BindContactForm({ channel, onClose }: { channel: ContactChannel; onClose: () => void }) {
  const [form] = Form.useForm<BindValues>();
  const bind = useBindContact();
  return (
    <Form
      name={`bind-${channel}`}
      form={form}
      layout="vertical"
      className="narrow-form contact-bind-form"
      requiredMark={false}
      onFinish={(values) =>
        bind.mutate(
          { ...contactOf(channel, values[channel]), code: values.code.trim() },
          { onSuccess: onClose, onError: () => form.setFieldValue('code', '') },
        )
      }
    >
      <CodeFields
        channel={channel}
        scene="bind"
        contactHint={channel === 'phone' ? '中国大陆（+86）或澳大利亚（+61）手机号' : undefined}
      />
      <div className="contact-bind-actions">
        <Button type="primary" htmlType="submit" loading={bind.isPending}>
          确认绑定
        </Button>
        <Button onClick={onClose}>取消</Button>
      </div>
    </Form>
  );
}
