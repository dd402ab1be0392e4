import { LOGIN_EXPIRED_MESSAGE, MessagePaths, ResultCode } from '@shop/domain';
import { describe, expect, it, vi } from 'vitest';
import { createAppQueryClient } from '@/app/query-client';
import { ApiError } from '@/lib/api-client';
import { createErrorHandler } from '@/lib/error-handler';
import { toastStore } from '@/lib/notify';
import { page } from '@/lib/page';
import { startSession, useSession } from '@/lib/session';
import { getToken } from '@/lib/storage';
import { fail, mockApi } from './utils';

const texts = () => toastStore.getState().toasts.map((t) => t.text);

describe('shared error handler (spec §8)', () => {
  it('on InvalidToken with a token held: toasts the expiry and logs out', () => {
    const onInvalidToken = vi.fn();
    createErrorHandler({ hasToken: () => true, onInvalidToken })(new ApiError(ResultCode.InvalidToken, 'x'));
    expect(texts()).toEqual([LOGIN_EXPIRED_MESSAGE]);
    expect(onInvalidToken).toHaveBeenCalledOnce();
  });

  it('on InvalidToken without a token: neither toast nor logout', () => {
    const onInvalidToken = vi.fn();
    createErrorHandler({ hasToken: () => false, onInvalidToken })(new ApiError(ResultCode.InvalidToken, 'x'));
    expect(texts()).toEqual([]);
    expect(onInvalidToken).not.toHaveBeenCalled();
  });

  it('on PasswordChangeRequired: hands over to the password change without a toast', () => {
    const onPasswordChangeRequired = vi.fn();
    createErrorHandler({ hasToken: () => true, onInvalidToken: vi.fn(), onPasswordChangeRequired })(
      new ApiError(ResultCode.PasswordChangeRequired, '管理员已重置您的密码，请先修改密码'),
    );
    expect(texts()).toEqual([]);
    expect(onPasswordChangeRequired).toHaveBeenCalledOnce();
  });

  it('ignores RequestCancel silently', () => {
    const onInvalidToken = vi.fn();
    createErrorHandler({ hasToken: () => true, onInvalidToken })(
      new ApiError(ResultCode.RequestCancel, '取消'),
    );
    expect(texts()).toEqual([]);
  });

  it('shows the server message of other errors as an error toast', () => {
    createErrorHandler({ hasToken: () => true, onInvalidToken: vi.fn() })(
      new ApiError(ResultCode.ParamsError, '用户名已存在'),
    );
    expect(toastStore.getState().toasts).toMatchObject([{ kind: 'error', text: '用户名已存在' }]);
  });

  it('runs for every failed query: a refused token ends the session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    mockApi({
      [MessagePaths.unreadCount]: { status: 401, body: fail(ResultCode.InvalidToken, '登录已过期') },
    });
    startSession('old-token');
    const queryClient = createAppQueryClient({ retry: false });
    await expect(
      queryClient.fetchQuery({
        queryKey: ['x'],
        queryFn: () => import('@/lib/api-client').then((m) => m.request(MessagePaths.unreadCount)),
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(texts()).toContain(LOGIN_EXPIRED_MESSAGE);
    expect(getToken()).toBeNull();
    expect(useSession.getState().token).toBeNull();
    // '/' is open to visitors: the page reloads 500 ms later (spec §4 'Logout').
    await vi.advanceTimersByTimeAsync(500);
    expect(reload).toHaveBeenCalledOnce();
  });
});
