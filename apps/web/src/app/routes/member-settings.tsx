import { AntdProvider } from '@/components/antd-provider';
import { ProfileForm } from '@/features/member/components/profile-form';

export function Component() {
  return (
    <div className="panel">
      <AntdProvider>
        <ProfileForm />
      </AntdProvider>
    </div>
  );
}
