import { useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { sessionKeys } from '@/features/session/api/keys';
import { LoginForm } from '@/features/session/components/login-form';
import { clearLoginNotice, peekLoginNotice } from '@/lib/login-notice';
import { paths } from '@/lib/paths';
import { setStaffToken, useStaffToken } from '@/lib/token';

/** The console's login page; back to where the staff member was going once signed in. */
export default function LoginPage() {
  const token = useStaffToken();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [notice] = useState(peekLoginNotice);
  useEffect(clearLoginNotice, []);
  const from = (location.state as { from?: string } | null)?.from;
  const target = from && from !== paths.login() ? from : paths.home();
  if (token) return <Navigate to={target} replace />;
  return (
    <main className="centered-page login-page">
      <Card className="login-card">
        <Typography.Title level={3} className="login-title">
          澳中批发商城 · 员工后台
        </Typography.Title>
        {notice && <Alert type="warning" showIcon title={notice} className="form-alert" />}
        <LoginForm
          onSignedIn={({ token: signedIn, staff }) => {
            queryClient.setQueryData(sessionKeys.current(signedIn), staff);
            // The stored token re-renders this page, which then goes on to `target`.
            setStaffToken(signedIn);
          }}
        />
      </Card>
    </main>
  );
}
