import { useQueryClient } from '@tanstack/react-query';
import { setLoginNotice } from '@/lib/login-notice';
import { setStaffToken } from '@/lib/token';
import { logout } from './api/logout';
import { logoutAll } from './api/logout-all';

/**
 * Signs out here (or on every device): the server revokes the token(s), and the console forgets its token
 * and every cached answer whatever the server said, so the next person at this browser sees nothing.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async ({ everywhere }: { everywhere: boolean }) => {
    try {
      await (everywhere ? logoutAll() : logout());
    } catch {
      // Already expired or offline: signing out locally is what matters.
    }
    setLoginNotice(everywhere ? '已在所有设备上退出登录' : '已退出登录');
    setStaffToken(null);
    queryClient.clear();
  };
}
