import { wechatUnbindRequestSchema } from '@shop/domain';
import { Button, Form, Input } from 'antd';
import { useCallback, useState } from 'react';
import { Skeleton } from '@/components/skeleton';
import { formatDateTime } from '@/lib/date';
import { zodRule } from '@/lib/zod-rule';
import { useCurrentMember } from '../api/get-current-member';
import { useWechatBinding } from '../api/get-wechat-binding';
import { useWechatUnbind } from '../api/unbind-wechat';
import { useWechatBind } from '../api/wechat-bind';
import { QrScanPanel } from './qr-scan-panel';
import { WechatAvatar } from './wechat-avatar';

/**
 * The member's chat-app binding on /member/security: who is bound and since when, with 解除绑定 (password asked);
 * or 绑定微信, which shows a QR code to scan and binds the confirmed user (spec §7 wechatBind/).
 */
export function WechatBindingCard() {
  const binding = useWechatBinding();
  const member = useCurrentMember();
  const bind = useWechatBind();
  const unbind = useWechatUnbind();
  const [mode, setMode] = useState<'idle' | 'scan' | 'unbind'>('idle');
  const [round, setRound] = useState(0);
  const memberId = member.data?.id;

  const onNeedBind = useCallback(
    (ticket: string) => {
      if (memberId === undefined) return;
      bind.mutate(
        { ticket, memberId },
        {
          onSettled: () => {
            setMode('idle');
            setRound((r) => r + 1);
          },
        },
      );
    },
    [bind.mutate, memberId],
  );

  if (binding.isPending) return <Skeleton lines={2} title={false} />;
  if (binding.isError) return null;

  if (binding.data) {
    const bound = binding.data;
    return (
      <div className="wechat-binding-card">
        <div className="wechat-binding">
          <WechatAvatar avatar={bound.avatar} nickname={bound.nickname} />
          <div className="wechat-binding-text">
            <p>已绑定微信：{bound.nickname || '微信用户'}</p>
            <p className="muted">绑定时间：{formatDateTime(bound.boundAt)}</p>
          </div>
          {mode !== 'unbind' && (
            <Button danger onClick={() => setMode('unbind')}>
              解除绑定
            </Button>
          )}
        </div>
        {mode === 'unbind' && (
          <Form
            layout="vertical"
            className="narrow-form"
            requiredMark={false}
            onFinish={({ password }: { password: string }) =>
              unbind.mutate({ password }, { onSuccess: () => setMode('idle') })
            }
          >
            <Form.Item
              name="password"
              label="登录密码"
              extra="解除后将不能再用该微信扫码登录"
              rules={[zodRule(wechatUnbindRequestSchema.shape.password)]}
            >
              <Input.Password placeholder="登录密码" autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" danger htmlType="submit" loading={unbind.isPending}>
              确认解除
            </Button>{' '}
            <Button onClick={() => setMode('idle')}>取消</Button>
          </Form>
        )}
      </div>
    );
  }

  return (
    <div className="wechat-binding-card">
      <div className="wechat-binding">
        <div className="wechat-binding-text">
          <p>未绑定微信</p>
          <p className="muted">绑定后可用微信扫码登录。</p>
        </div>
        {mode !== 'scan' && (
          <Button type="primary" onClick={() => setMode('scan')}>
            绑定微信
          </Button>
        )}
      </div>
      {mode === 'scan' && (
        <>
          <QrScanPanel key={round} purpose="bind" onNeedBind={onNeedBind} />
          <Button type="link" onClick={() => setMode('idle')}>
            取消绑定
          </Button>
        </>
      )}
    </div>
  );
}
