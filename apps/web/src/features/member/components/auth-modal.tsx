import { Modal } from 'antd';
import { AntdProvider } from '@/components/antd-provider';
import { closeAuthModal, useAuthModal } from '../auth-modal-store';
import { AuthTabs } from './auth-tabs';
import type { AgreementLinks } from './register-form';

/** The login/register dialog opened from the header (loaded on first use to keep the shell light). */
export function AuthModal({ agreements }: { agreements?: AgreementLinks }) {
  const { open, tab } = useAuthModal();
  return (
    <AntdProvider>
      <Modal
        open={open}
        onCancel={closeAuthModal}
        footer={null}
        width={420}
        destroyOnHidden
        title={<span className="auth-modal-title">欢迎来到澳中批发商城</span>}
      >
        <AuthTabs
          tab={tab}
          onTabChange={(next) => useAuthModal.setState({ tab: next })}
          agreements={agreements}
        />
      </Modal>
    </AntdProvider>
  );
}

export default AuthModal;
