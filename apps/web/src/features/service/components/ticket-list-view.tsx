import { supportTicketTypeLabel, TICKET_STATUS_LABELS, type TicketDetail, TicketStatus } from '@shop/domain';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Pager } from '@/components/pager';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { formatDateTime } from '@/lib/date';
import { listQuery, positiveIntParam } from '@/lib/params';
import { paths } from '@/lib/paths';
import { useScrollStrip } from '@/lib/use-scroll-strip';
import { useTicketList } from '../api/get-ticket-list';
import { NewTicketForm } from './new-ticket-form';
import { TicketStatusTag } from './ticket-status';
import '../service.css';

/** Tickets per page (list/ default). */
export const TICKET_PAGE_SIZE = 10;

const TABS: readonly (TicketStatus | undefined)[] = [
  undefined,
  TicketStatus.WaitingMember,
  TicketStatus.Open,
  TicketStatus.WaitingShop,
  TicketStatus.Closed,
];

function tabOf(value: string | null): TicketStatus | undefined {
  return TABS.find((tab) => tab !== undefined && tab === value);
}

/**
 * The member's support tickets (spec §2 /member/supportticket): a tab per status, a page at a time, and the
 * 新建工单 form (?new=1, with &orderId= when opened from an order). Tab, page and form live in the address.
 */
export function TicketListView() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const status = tabOf(params.get('status'));
  const pageNo = positiveIntParam(params.get('pageNo')) ?? 1;
  const creating = params.get('new') === '1';
  const orderId = positiveIntParam(params.get('orderId'));
  const list = useTicketList({ pageNo, pageSize: TICKET_PAGE_SIZE, status });
  const tabsRef = useScrollStrip<HTMLDivElement>('[aria-selected="true"]', status);

  const go = (next: { status?: TicketStatus; pageNo?: number; creating?: boolean }) =>
    setParams(listQuery({ status: next.status, new: next.creating ? 1 : undefined }, next.pageNo));

  const created = (ticket: TicketDetail) => navigate(paths.member.supportTicketReply(ticket.id));

  return (
    <div className="ticket-page">
      {creating ? (
        <NewTicketForm initialOrderId={orderId} onCreated={created} onCancel={() => go({ status, pageNo })} />
      ) : (
        <div className="ticket-toolbar">
          <p className="muted">订单、包裹或网站使用的问题，都可以在这里联系客服。</p>
          <button type="button" className="btn btn-primary" onClick={() => go({ status, creating: true })}>
            新建工单
          </button>
        </div>
      )}
      <div className="service-tabs" role="tablist" aria-label="工单状态" ref={tabsRef}>
        {TABS.map((tab) => (
          <button
            key={tab ?? 'all'}
            type="button"
            role="tab"
            aria-selected={tab === status}
            className="service-tab"
            onClick={() => go({ status: tab, creating })}
          >
            {tab === undefined ? '全部' : TICKET_STATUS_LABELS[tab]}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        <QueryView
          query={list}
          loading={<Skeleton lines={5} />}
          isEmpty={(data) => data.items.length === 0}
          empty={
            <EmptyState
              title={status === undefined ? '还没有工单' : `没有${TICKET_STATUS_LABELS[status]}的工单`}
              description="有问题随时新建工单，客服会尽快回复。"
            />
          }
        >
          {(data) => (
            <>
              <ul className="ticket-list" aria-busy={list.isFetching}>
                {data.items.map((ticket) => (
                  <li key={ticket.id} className="panel ticket-card">
                    <div className="ticket-card-head">
                      <Link to={paths.member.supportTicketReply(ticket.id)} className="ticket-card-title">
                        {ticket.title}
                      </Link>
                      <TicketStatusTag status={ticket.status} />
                    </div>
                    <div className="muted ticket-card-meta">
                      <span>#{ticket.id}</span>
                      <span>{supportTicketTypeLabel(ticket.type)}</span>
                      {ticket.orderNo && <span>订单 {ticket.orderNo}</span>}
                      <span>{ticket.replyCount} 条消息</span>
                      <span>更新于 {formatDateTime(ticket.updatedAt)}</span>
                    </div>
                  </li>
                ))}
              </ul>
              <Pager
                className="service-pager"
                pageNo={pageNo}
                pageSize={TICKET_PAGE_SIZE}
                totalCount={data.totalCount}
                onChange={(page) => go({ status, pageNo: page })}
              />
            </>
          )}
        </QueryView>
      </div>
    </div>
  );
}
