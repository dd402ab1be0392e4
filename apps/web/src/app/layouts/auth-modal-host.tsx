import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuthModal } from '@/features/member/auth-modal-store';
import { useAgreementLinks } from '../agreement-links';

const AuthModal = lazy(() => import('@/features/member/components/auth-modal'));

/** Mounts the login/register dialog once it is first asked for, so its code loads only then. */
export function AuthModalHost() {
  const open = useAuthModal((s) => s.open);
  const [wanted, setWanted] = useState(open);
  const agreements = useAgreementLinks();
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  if (!wanted && !open) return null;
  return (
    <Suspense fallback={<div className="modal-loading" role="status" aria-label="加载中" />}>
      <AuthModal agreements={agreements} />
    </Suspense>
  );
}
