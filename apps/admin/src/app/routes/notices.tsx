import { NOTICE_STATUSES, type NoticeStatus } from '@shop/domain';
import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { NoticeLog } from '@/features/notices/components/notice-log';
import { SandboxOutbox } from '@/features/notices/components/sandbox-outbox';

const TABS = ['log', 'sandbox'] as const;
type Tab = (typeof TABS)[number];

/** The tab and the status in the address bar (?tab=sandbox, ?status=failed), so a view can be reloaded and passed on. */
function useNoticeQuery() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'sandbox' ? 'sandbox' : 'log';
  const status = NOTICE_STATUSES.find((s) => s === params.get('status'));
  const go = (next: { tab: Tab; status?: NoticeStatus | undefined }) => {
    const search = new URLSearchParams();
    if (next.tab !== 'log') search.set('tab', next.tab);
    if (next.status) search.set('status', next.status);
    setParams(search);
  };
  return { tab, status, go };
}

/** 站外通知 (notice.manage): the outbox of e-mail and SMS with each failed notice's answer, and the sandbox's outbox. */
export default function NoticesPage() {
  const { tab, status, go } = useNoticeQuery();
  return (
    <Card title="站外通知">
      <Tabs
        activeKey={tab}
        onChange={(key) => go({ tab: key === 'sandbox' ? 'sandbox' : 'log', status })}
        items={[
          {
            key: 'log',
            label: '通知记录',
            children: <NoticeLog status={status} onStatus={(next) => go({ tab: 'log', status: next })} />,
          },
          { key: 'sandbox', label: '沙箱发件箱', children: <SandboxOutbox /> },
        ]}
      />
    </Card>
  );
}
