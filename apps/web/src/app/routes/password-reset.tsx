import { resetLinkTokenSchema } from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { AntdProvider } from '@/components/antd-provider';
import { EmptyState } from '@/components/empty-state';
import { Skeleton } from '@/components/skeleton';
import { useResetLinkStatus } from '@/features/member/api/get-reset-link-status';
import { memberKeys } from '@/features/member/api/keys';
import { openAuthModal } from '@/features/member/auth-modal-store';
import { ResetLinkForm } from '@/features/member/components/reset-link-form';
import { toApiError } from '@/lib/api-client';

const DONE_TEXT = '新密码已设置，请使用新密码登录。其他设备上的登录已失效。';

/**
 * /password-reset#<secret>: the one-time link staff handed over to a member without a proved phone or e-mail
 * address (ADR 045). The secret follows '#', so it is never sent to a server but by this page's own calls.
 */
export function Component() {
  const token = useLocation().hash.replace(/^#/, '');
  const valid = resetLinkTokenSchema.safeParse(token);
  return (
    <div className="container">
      <h1 className="page-title">设置新密码</h1>
      <div className="panel reset-link-panel">
        {valid.success ? (
          <LinkReset key={valid.data} token={valid.data} />
        ) : (
          <EmptyState title="链接不完整" description="请复制客服提供的完整链接，在浏览器中打开。" />
        )}
      </div>
    </div>
  );
}

function LinkReset({ token }: { token: string }) {
  const status = useResetLinkStatus(token);
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <EmptyState
        title="密码已设置"
        description={DONE_TEXT}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => openAuthModal('login')}>
            去登录
          </button>
        }
      />
    );
  }
  if (status.isPending) return <Skeleton lines={3} />;
  if (status.isError) {
    return (
      <EmptyState
        title="链接已失效"
        description={`${toApiError(status.error).message}。链接只能使用一次，有效期 30 分钟。`}
      />
    );
  }
  return (
    <AntdProvider>
      <ResetLinkForm
        token={token}
        username={status.data.username}
        onDone={() => setDone(true)}
        onRefused={() => void queryClient.invalidateQueries({ queryKey: memberKeys.resetLink(token) })}
      />
    </AntdProvider>
  );
}
