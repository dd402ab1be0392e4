import { useState } from 'react';
import { AntdProvider } from '@/components/antd-provider';
import { CompanySummary } from '@/features/company/components/company-summary';
import type { ContactChannel } from '@/features/member/components/code-fields';
import { ContactVerificationCard } from '@/features/member/components/contact-verification-card';
import { NoticePrefsCard } from '@/features/member/components/notice-prefs-card';
import { ProfileForm } from '@/features/member/components/profile-form';

const CONTACT_PANEL_ID = 'contact-verification';

export function Component() {
  // The binding form open in 联系方式与验证; 通知设置 opens it for a contact that is not verified yet.
  const [editing, setEditing] = useState<ContactChannel | null>(null);
  const bind = (channel: ContactChannel) => {
    setEditing(channel);
    document.getElementById(CONTACT_PANEL_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <AntdProvider>
      <div className="panel-stack">
        <div className="panel">
          <ProfileForm />
        </div>
        <section className="panel" aria-labelledby="company-summary-title">
          <h2 className="panel-title" id="company-summary-title">
            我的公司
          </h2>
          <CompanySummary />
        </section>
        <section className="panel" id={CONTACT_PANEL_ID} aria-labelledby="contact-verification-title">
          <h2 className="panel-title" id="contact-verification-title">
            联系方式与验证
          </h2>
          <ContactVerificationCard editing={editing} onEditingChange={setEditing} />
        </section>
        <section className="panel" aria-labelledby="notice-prefs-title">
          <h2 className="panel-title" id="notice-prefs-title">
            通知设置
          </h2>
          <NoticePrefsCard onBind={bind} />
        </section>
      </div>
    </AntdProvider>
  );
}
