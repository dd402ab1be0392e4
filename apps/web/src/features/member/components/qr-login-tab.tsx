import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { completeLogin } from '../session-actions';
import { LoginForm } from './login-form';
import { QrScanPanel, type ScannedUser } from './qr-scan-panel';
import { type AgreementLinks, RegisterForm } from './register-form';
import { WechatAvatar } from './wechat-avatar';

type Step = { kind: 'scan' } | { kind: 'needBind' | 'login' | 'register'; ticket: string; user: ScannedUser };

/**
 * The 扫码登录 tab (spec §4 'QR scan check'): a bound chat-app user is signed in as by a password (spec §4 'Login');
 * an unbound one is offered 登录并绑定 and 注册并绑定, after which scanning signs in directly.
 */
export function QrLoginTab({ agreements }: { agreements?: AgreementLinks | undefined }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'scan' });
  const onSignedIn = useCallback((token: string) => void completeLogin(queryClient, token), [queryClient]);
  const onNeedBind = useCallback(
    (ticket: string, user: ScannedUser) => setStep({ kind: 'needBind', ticket, user }),
    [],
  );

  if (step.kind === 'scan')
    return <QrScanPanel purpose="login" onSignedIn={onSignedIn} onNeedBind={onNeedBind} />;

  const back = (
    <Button type="link" block onClick={() => setStep({ kind: 'scan' })}>
      返回扫码登录
    </Button>
  );
  const who = (
    <div className="qr-bind-who">
      <WechatAvatar avatar={step.user.avatar} nickname={step.user.nickname} />
      <span>{step.user.nickname || '微信用户'}</span>
    </div>
  );
  if (step.kind === 'login' || step.kind === 'register')
    return (
      <div className="qr-bind">
        {who}
        <p className="qr-bind-note">
          {step.kind === 'login' ? '登录已有账号，完成后将绑定该微信' : '注册新账号，完成后将绑定该微信'}
        </p>
        {step.kind === 'login' ? (
          <LoginForm bindTicket={step.ticket} />
        ) : (
          <RegisterForm bindTicket={step.ticket} agreements={agreements} />
        )}
        {back}
      </div>
    );
  return (
    <div className="qr-bind" role="status">
      {who}
      <p className="qr-bind-title">该微信尚未绑定账号</p>
      <p className="qr-bind-note">绑定后，下次用微信扫码即可直接登录。</p>
      <Button type="primary" size="large" block onClick={() => setStep({ ...step, kind: 'login' })}>
        登录并绑定
      </Button>
      <Button
        size="large"
        block
        className="qr-bind-second"
        onClick={() => setStep({ ...step, kind: 'register' })}
      >
        注册并绑定
      </Button>
      {back}
    </div>
  );
}
