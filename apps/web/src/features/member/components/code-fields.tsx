import { MailOutlined, MobileOutlined, NumberOutlined, SafetyOutlined } from '@ant-design/icons';
import {
  type CodeScene,
  captchaCodeInputSchema,
  contactEmailSchema,
  phoneSchema,
  smsCodeSchema,
} from '@shop/domain';
import { Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { CaptchaImage } from '@/components/captcha-image';
import { useCaptcha } from '@/lib/captcha';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { useSendCode } from '../api/send-code';
import '../member-codes.css';

/** Where a code goes: a mobile number (+86 or +61) or an e-mail address. */
export type ContactChannel = 'phone' | 'email';

/** The contact of a request body, in the form the server keeps it (+8613800000000, lower-case address). */
export function contactOf(
  channel: ContactChannel,
  raw: string | undefined,
): { phone: string } | { email: string } {
  return channel === 'phone' ? { phone: phoneSchema.parse(raw) } : { email: contactEmailSchema.parse(raw) };
}

const CONTACT_INPUT = {
  phone: {
    placeholder: '手机号（+86 或 +61）',
    autoComplete: 'tel',
    inputMode: 'tel',
    icon: <MobileOutlined />,
    schema: phoneSchema,
  },
  email: {
    placeholder: '邮箱',
    autoComplete: 'email',
    inputMode: 'email',
    icon: <MailOutlined />,
    schema: contactEmailSchema,
  },
} as const;

/** Seconds left until `deadline` (ms), ticking once a second; `start` sets a new deadline. */
function useResendCountdown() {
  const [deadline, setDeadline] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline <= Date.now()) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return {
    left: Math.max(0, Math.ceil((deadline - now) / 1000)),
    start: (seconds: number) => {
      const at = Date.now();
      setNow(at);
      setDeadline(at + seconds * 1000);
    },
  };
}

/**
 * The phone number or e-mail address, the picture captcha and the 6-digit code of a form that proves a contact
 * (#31: 短信登录, 忘记密码, binding). 获取验证码 checks the contact and the captcha, calls sendCode/ and then
 * waits the server's `resendAfter` seconds; every captcha is good for one request, so a new one follows each.
 * Lives inside an antd Form, whose fields are named after the channel, `captchaCode` and `code`.
 */
export function CodeFields({
  channel,
  scene,
  contactHint,
}: {
  channel: ContactChannel;
  scene: CodeScene;
  /** A line under the phone or e-mail field. */
  contactHint?: string;
}) {
  const form = Form.useFormInstance();
  const captcha = useCaptcha();
  const send = useSendCode();
  const countdown = useResendCountdown();
  const input = CONTACT_INPUT[channel];

  const requestCode = async () => {
    let contact: string | undefined;
    try {
      contact = (await form.validateFields([channel]))[channel];
    } catch {
      return;
    }
    // Checked here, not on submit: the picture is for sending the code, and is empty again after it. Named
    // 图片验证码, as the code field below is a 验证码 too.
    const captchaCode = captchaCodeInputSchema.safeParse(form.getFieldValue('captchaCode') ?? '');
    if (!captchaCode.success) {
      form.setFields([{ name: 'captchaCode', errors: ['请输入图片验证码'] }]);
      return;
    }
    const captchaId = captcha.data?.captchaId;
    if (!captchaId) {
      notify.warn('请先获取验证码');
      void captcha.refetch();
      return;
    }
    send.mutate(
      {
        scene,
        ...contactOf(channel, contact),
        captchaId,
        captchaCode: captchaCode.data,
      },
      {
        onSuccess: ({ resendAfter, message }) => {
          countdown.start(resendAfter);
          notify.success(message || '验证码已发送，请查收');
        },
        onSettled: () => {
          form.setFieldValue('captchaCode', '');
          void captcha.refetch();
        },
      },
    );
  };

  return (
    <>
      <Form.Item name={channel} rules={[zodRule(input.schema)]} extra={contactHint}>
        <Input
          prefix={input.icon}
          placeholder={input.placeholder}
          aria-label={channel === 'phone' ? '手机号' : '邮箱'}
          autoComplete={input.autoComplete}
          inputMode={input.inputMode}
        />
      </Form.Item>
      <div className="captcha-row">
        <Form.Item name="captchaCode">
          <Input
            prefix={<SafetyOutlined />}
            placeholder="图片验证码"
            aria-label="图片验证码"
            autoComplete="off"
            // The field has no rules of its own: the error 获取验证码 set goes once the answer is typed.
            onChange={() => form.setFields([{ name: 'captchaCode', errors: [] }])}
          />
        </Form.Item>
        <CaptchaImage captcha={captcha} />
      </div>
      <div className="captcha-row">
        <Form.Item name="code" rules={[zodRule(smsCodeSchema)]}>
          <Input
            prefix={<NumberOutlined />}
            placeholder={channel === 'phone' ? '短信验证码' : '邮件验证码'}
            aria-label={channel === 'phone' ? '短信验证码' : '邮件验证码'}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
          />
        </Form.Item>
        <Button
          className="send-code-button"
          onClick={() => void requestCode()}
          loading={send.isPending}
          disabled={countdown.left > 0}
        >
          {countdown.left > 0 ? `${countdown.left} 秒后重发` : '获取验证码'}
        </Button>
      </div>
    </>
  );
}
