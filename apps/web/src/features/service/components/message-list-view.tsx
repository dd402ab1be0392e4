import { MESSAGE_TYPE_LABELS, type MemberMessage, messageTypeLabel, type UnreadCount } from '@shop/domain';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Pager } from '@/components/pager';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { formatDateTime } from '@/lib/date';
import { listQuery, positiveIntParam } from '@/lib/params';
import { useScrollStrip } from '@/lib/use-scroll-strip';
import { useMessageList, useReadAllMessages, useReadMessages, useUnreadCount } from '../api/messages';
import '../service.css';

/** Messages per page. */
export const MESSAGE_PAGE_SIZE = 10;

/** 全部, then the five types of spec §3 'Message types'. */
const TABS: readonly (number | undefined)[] = [undefined, ...Object.keys(MESSAGE_TYPE_LABELS).map(Number)];

function tabOf(value: string | null): number | undefined {
  const type = positiveIntParam(value);
  return TABS.includes(type) ? type : undefined;
}

/** The unread count of a tab: every type's for 全部 (undefined), else that type's. */
function unreadIn(unread: UnreadCount | undefined, type: number | undefined): number {
  return (type === undefined ? unread?.total : unread?.byType[String(type)]) ?? 0;
}

/** Only in-shop paths are followed (the server stores nothing else; a stray value is not a link). */
const isShopPath = (link: string) => link.startsWith('/') && !link.startsWith('//');

/**
 * The member's messages (spec §2 /member/message, §7 message/list/): a tab per type with its unread count,
 * unread ones marked; opening one shows it and marks it read, with its link; 全部已读 for the tab.
 */
export function MessageListView() {
  const [params, setParams] = useSearchParams();
  const type = tabOf(params.get('type'));
  const pageNo = positiveIntParam(params.get('pageNo')) ?? 1;
  const list = useMessageList({ pageNo, pageSize: MESSAGE_PAGE_SIZE, type });
  const unread = useUnreadCount().data ?? list.data?.unread;
  const readAll = useReadAllMessages();
  const tabsRef = useScrollStrip<HTMLDivElement>('[aria-selected="true"]', type);
  const unreadHere = unreadIn(unread, type);

  const go = (next: { type?: number; pageNo?: number }) =>
    setParams(listQuery({ type: next.type }, next.pageNo));

  return (
    <div className="message-page">
      <div className="message-toolbar">
        <div className="service-tabs" role="tablist" aria-label="消息类型" ref={tabsRef}>
          {TABS.map((tab) => {
            const count = unreadIn(unread, tab);
            return (
              <button
                key={tab ?? 'all'}
                type="button"
                role="tab"
                aria-selected={tab === type}
                className="service-tab"
                onClick={() => go({ type: tab })}
              >
                {tab === undefined ? '全部' : messageTypeLabel(tab)}
                {count > 0 && (
                  <span className="tab-count">
                    {count > 99 ? '99+' : count}
                    <span className="visually-hidden">条未读</span>
                  </span>
                )}
              </button>
            );
          })}
        </div>
        <button
          type="button"
          className="btn message-read-all"
          disabled={unreadHere === 0 || readAll.isPending}
          onClick={() => readAll.mutate(type)}
        >
          全部已读
        </button>
      </div>
      <div role="tabpanel">
        <QueryView
          query={list}
          loading={<Skeleton lines={5} />}
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState title="暂无消息" description="订单、工单和店铺公告的消息会出现在这里。" />}
        >
          {(data) => (
            <>
              <ul className="message-list" aria-busy={list.isFetching}>
                {data.items.map((message) => (
                  <MessageItem key={message.id} message={message} />
                ))}
              </ul>
              <Pager
                className="service-pager"
                pageNo={pageNo}
                pageSize={MESSAGE_PAGE_SIZE}
                totalCount={data.totalCount}
                onChange={(page) => go({ type, pageNo: page })}
              />
            </>
          )}
        </QueryView>
      </div>
    </div>
  );
}

function MessageItem({ message }: { message: MemberMessage }) {
  const [open, setOpen] = useState(false);
  const read = useReadMessages();
  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next && !message.read) read.mutate([message.id]);
  };
  const bodyId = `message-${message.id}`;
  return (
    <li className={`panel message-item${message.read ? '' : ' is-unread'}`}>
      <button
        type="button"
        className="message-head"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={toggle}
      >
        {!message.read && (
          <span className="unread-dot" title="未读">
            <span className="visually-hidden">未读</span>
          </span>
        )}
        <span className="message-title">{message.title}</span>
        <span className="muted message-meta">
          {messageTypeLabel(message.type)} · {formatDateTime(message.createdAt)}
        </span>
      </button>
      {open && (
        <div id={bodyId} className="message-body">
          <p>{message.content}</p>
          {isShopPath(message.link) && (
            <Link to={message.link} className="btn btn-small">
              查看详情
            </Link>
          )}
        </div>
      )}
    </li>
  );
}
