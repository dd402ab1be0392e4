import {
  MEMBER_NOTICE_KINDS,
  MEMBER_NOTICE_LABELS,
  type Member,
  type MemberNoticeKind,
  type NoticePrefs,
} from '@shop/domain';
import { Button, Radio, Switch } from 'antd';
import { useState } from 'react';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { useCurrentMember } from '../api/get-current-member';
import { useNoticePrefs } from '../api/get-notice-prefs';
import { useUpdateNoticePrefs } from '../api/update-notice-prefs';
import type { ContactChannel } from './code-fields';
import '../member-codes.css';

type NoticeChannel = 'email' | 'sms';

const CHANNELS: readonly { key: NoticeChannel; label: string; contact: ContactChannel }[] = [
  { key: 'email', label: '邮件', contact: 'email' },
  { key: 'sms', label: '短信', contact: 'phone' },
];

/**
 * 通知设置 on /member/settings (#31): each notice by e-mail and by SMS, and their language, from noticePrefs/ and
 * saved with updateNoticePrefs/. `onBind` opens the binding of a contact that is not verified yet.
 */
export function NoticePrefsCard({ onBind }: { onBind: (channel: ContactChannel) => void }) {
  const member = useCurrentMember().data;
  return (
    <QueryView query={useNoticePrefs()} loading={<Skeleton lines={4} title={false} />}>
      {(prefs) => (
        // Keyed by what the server holds, so the switches start from it after each save.
        <NoticePrefsForm key={JSON.stringify(prefs)} prefs={prefs} member={member} onBind={onBind} />
      )}
    </QueryView>
  );
}

function NoticePrefsForm({
  prefs,
  member,
  onBind,
}: {
  prefs: NoticePrefs;
  member: Member | undefined;
  onBind: (channel: ContactChannel) => void;
}) {
  const [draft, setDraft] = useState(prefs);
  const save = useUpdateNoticePrefs();
  const toggle = (channel: NoticeChannel, kind: MemberNoticeKind, on: boolean) =>
    setDraft((d) => ({ ...d, [channel]: { ...d[channel], [kind]: on } }));
  const unverified = member
    ? CHANNELS.filter(({ contact }) =>
        contact === 'phone' ? member.phoneVerified !== true : member.emailVerified !== true,
      )
    : [];

  return (
    <div className="notice-prefs">
      <table className="notice-prefs-table">
        <thead>
          <tr>
            <th scope="col">通知</th>
            {CHANNELS.map(({ key, label }) => (
              <th key={key} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {MEMBER_NOTICE_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row">{MEMBER_NOTICE_LABELS[kind]}</th>
              {CHANNELS.map(({ key, label }) => (
                <td key={key}>
                  <Switch
                    size="small"
                    checked={draft[key][kind]}
                    onChange={(on) => toggle(key, kind, on)}
                    aria-label={`${MEMBER_NOTICE_LABELS[kind]}：${label}`}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="notice-prefs-locale">
        <span id="notice-locale-label">通知语言</span>
        <Radio.Group
          aria-labelledby="notice-locale-label"
          value={draft.locale}
          onChange={(event) => setDraft((d) => ({ ...d, locale: event.target.value }))}
          options={[
            { label: '中文', value: 'zh-CN' },
            { label: 'English', value: 'en' },
          ]}
        />
      </div>
      <ul className="notice-prefs-notes muted">
        <li>站内消息始终发送，不受以上设置影响。</li>
        <li>邮件和短信只发送到已验证的邮箱和手机号。</li>
        {unverified.map(({ key, label, contact }) => (
          <li key={key}>
            您还没有已验证的{contact === 'phone' ? '手机号' : '邮箱'}，{label}通知暂不会发送。
            <button type="button" className="link-button" onClick={() => onBind(contact)}>
              去绑定
            </button>
          </li>
        ))}
      </ul>
      <Button type="primary" onClick={() => save.mutate(draft)} loading={save.isPending}>
        保存设置
      </Button>
    </div>
  );
}
