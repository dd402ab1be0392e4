import { Navigate, useLocation } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { useCurrentStaff } from '@/features/session/api/get-current';
import { ChangePasswordForm } from '@/features/session/components/change-password-form';
import { GateScreen } from '@/features/session/components/gate-screen';
import { TotpSetupForm } from '@/features/session/components/totp-setup-form';
import { setConsoleTimeZone } from '@/lib/date';
import { paths } from '@/lib/paths';
import { useStaffToken } from '@/lib/token';
import { ConsoleLayout } from './layouts/console-layout';
import { PageLoading } from './page-loading';
import { SessionContext } from './session-context';

/**
 * Everything below /admin except the login page: without a token, the login page (coming back here after);
 * with one, the session from the server, and before anything else the gates it names, in the server's order
 * (ADR 019): a reset or generated password is changed, then a money role without its second factor sets it up. Only then the console itself.
 */
export function SessionGate() {
  const token = useStaffToken();
  const location = useLocation();
  if (!token) return <Navigate to={paths.login()} replace state={{ from: location.pathname }} />;
  return <SignedIn token={token} />;
}

function SignedIn({ token }: { token: string }) {
  const session = useCurrentStaff(token);
  if (session.isPending) return <PageLoading />;
  if (session.isError) {
    return <LoadFailed title="无法读取登录状态" error={session.error} retry={session.refetch} />;
  }
  const staff = session.data;
  setConsoleTimeZone(staff.timeZone);
  if (staff.mustChangePassword) {
    return (
      <GateScreen title="请修改密码" staff={staff}>
        <ChangePasswordForm required />
      </GateScreen>
    );
  }
  if (staff.totpSetupRequired) {
    return (
      <GateScreen title="设置两步验证" staff={staff}>
        <TotpSetupForm token={token} required />
      </GateScreen>
    );
  }
  return (
    <SessionContext.Provider value={staff}>
      <ConsoleLayout />
    </SessionContext.Provider>
  );
}
