import { totpEnableRequestSchema } from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Spin, Typography } from 'antd';
import { useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { sessionKeys } from '../api/keys';
import { useEnableTotp } from '../api/totp-enable';
import { useTotpSetup } from '../api/totp-setup';

/**
 * Second factor setup: the QR code of a new secret for the authenticator app, the secret to type in by hand,
 * and a code from the app to prove it works. `required`: the role needs it before anything else.
 */
export function TotpSetupForm({
  token,
  required = false,
  onDone,
}: {
  token: string;
  required?: boolean;
  onDone?: () => void;
}) {
  const setup = useTotpSetup(token);
  const enable = useEnableTotp();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<{ code: string }>();

  if (setup.isPending) return <Spin description="正在生成密钥…" />;
  if (setup.isError) {
    return <LoadFailed title="无法生成两步验证密钥" error={setup.error} retry={setup.refetch} />;
  }
  const submit = ({ code }: { code: string }) => {
    setError(null);
    enable.mutate(
      { code: code.trim() },
      {
        onSuccess: async () => {
          notify.success('两步验证已开启');
          await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
          onDone?.();
        },
        onError: (failure) => {
          form.setFieldValue('code', '');
          setError(failure.message);
        },
      },
    );
  };
  return (
    <div className="totp-setup">
      {required && (
        <Alert
          type="info"
          showIcon
          title="你的角色管理资金，登录需要两步验证。设置完成后才能使用后台。"
          className="form-alert"
        />
      )}
      <ol className="totp-steps">
        <li>在手机上安装身份验证器（如 Google Authenticator、Microsoft Authenticator）。</li>
        <li>用它扫描下面的二维码；无法扫描时手动输入密钥。</li>
        <li>输入验证器中显示的6位数字，完成设置。</li>
      </ol>
      <div className="totp-qr">
        <img src={setup.data.qrCode} alt="两步验证二维码" width={180} height={180} />
      </div>
      <Typography.Paragraph className="totp-secret">
        密钥：
        <Typography.Text code copyable={{ text: setup.data.secret }} data-testid="totp-secret">
          {setup.data.secret}
        </Typography.Text>
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} className="form-alert" role="alert" />}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={enable.isPending}>
        <Form.Item label="验证码" name="code" rules={[zodRule(totpEnableRequestSchema.shape.code)]}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="6位数字" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={enable.isPending}>
          确认开启
        </Button>
      </Form>
    </div>
  );
}
