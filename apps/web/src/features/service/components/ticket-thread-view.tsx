import {
  supportTicketPriorityLabel,
  supportTicketTypeLabel,
  TICKET_LIMITS,
  type TicketDetail,
  TicketStatus,
} from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useTicketDetail } from '../api/get-ticket-detail';
import { useCloseTicket, useReplyTicket } from '../api/ticket-actions';
import { ImagePicker } from './image-picker';
import { TicketImages } from './image-viewer';
import { TicketStatusTag } from './ticket-status';
import { useImageUploads } from './use-image-uploads';
import '../service.css';

function NotFound() {
  return (
    <EmptyState
      title="工单不存在"
      description="该工单可能已被删除，或不属于当前账号。"
      actions={
        <Link to={paths.member.supportTicket()} className="btn btn-primary">
          返回工单列表
        </Link>
      }
    />
  );
}

/**
 * One ticket as a conversation (spec §2 /member/supportticketreply/{id}): the member's posts and the shop's
 * replies with their pictures, a reply box while the ticket is open, and 关闭工单. Staff replies arrive live.
 */
export function TicketThreadView({ ticketId }: { ticketId: number | undefined }) {
  const detail = useTicketDetail(ticketId);
  if (ticketId === undefined) return <NotFound />;
  return (
    <QueryView query={detail} loading={<Skeleton lines={8} />} notFound={<NotFound />}>
      {(ticket) => <Thread ticket={ticket} />}
    </QueryView>
  );
}

function Thread({ ticket }: { ticket: TicketDetail }) {
  const closed = ticket.status === TicketStatus.Closed;
  const close = useCloseTicket();
  const { confirm, dialog } = useConfirm();
  return (
    <div className="ticket-thread">
      <section className="panel ticket-head">
        <div className="ticket-card-head">
          <h2>{ticket.title}</h2>
          <TicketStatusTag status={ticket.status} />
        </div>
        <div className="muted ticket-card-meta">
          <span>工单号 #{ticket.id}</span>
          <span>{supportTicketTypeLabel(ticket.type)}</span>
          <span>优先级 {supportTicketPriorityLabel(ticket.priority)}</span>
          {ticket.orderId !== null && (
            <Link to={paths.order(ticket.orderId)} className="ticket-order-link">
              订单 {ticket.orderNo ?? ticket.orderId}
            </Link>
          )}
          <span>提交于 {formatDateTime(ticket.createdAt)}</span>
        </div>
        <div className="ticket-head-actions">
          <Link to={paths.member.supportTicket()} className="btn">
            返回列表
          </Link>
          {!closed && (
            <button
              type="button"
              className="btn"
              onClick={() =>
                confirm({
                  title: '关闭工单',
                  content: '关闭后不能再回复；如仍有问题，可以新建工单。',
                  okText: '确定关闭',
                  danger: true,
                  onConfirm: () =>
                    close
                      .mutateAsync(ticket.id)
                      .then(({ message }) => notify.success(message || '工单已关闭')),
                })
              }
            >
              关闭工单
            </button>
          )}
        </div>
      </section>

      <ol className="ticket-posts" aria-label="工单对话">
        {ticket.replies.map((reply) => {
          const staff = reply.author === 'staff';
          const who = reply.authorName || (staff ? '客服' : '我');
          return (
            <li key={reply.id} className={`ticket-post ${staff ? 'is-staff' : 'is-member'}`}>
              <div className="ticket-post-head">
                <strong>{who}</strong>
                <span className="ticket-role">{staff ? '客服' : '我'}</span>
                <time className="muted" dateTime={reply.createdAt}>
                  {formatDateTime(reply.createdAt)}
                </time>
              </div>
              <div className="ticket-post-body">{reply.content}</div>
              <TicketImages images={reply.images} owner={who} />
            </li>
          );
        })}
      </ol>

      {closed ? (
        <p className="panel ticket-closed-note">
          工单已关闭{ticket.closedAt ? `（${formatDateTime(ticket.closedAt)}）` : ''}，不能再回复。
          <Link to={paths.member.supportTicket({ new: 1 })}>新建工单</Link>
        </p>
      ) : (
        <ReplyBox key={ticket.id} ticketId={ticket.id} />
      )}
      {dialog}
    </div>
  );
}

function ReplyBox({ ticketId }: { ticketId: number }) {
  const reply = useReplyTicket();
  const uploads = useImageUploads();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) {
      setError('请填写回复内容');
      return;
    }
    setError(null);
    if (uploads.failed) {
      notify.warn('有图片上传失败，请删除后再发送');
      return;
    }
    reply.mutate(
      { ticketId, content: content.trim(), imageIds: uploads.imageIds },
      {
        onSuccess: ({ message }) => {
          notify.success(message || '已回复');
          setContent('');
          uploads.reset();
        },
      },
    );
  };

  return (
    <form className="panel ticket-reply" onSubmit={submit} noValidate aria-label="回复工单">
      <div className="form-field">
        <label htmlFor={`reply-${ticketId}`}>回复</label>
        <textarea
          id={`reply-${ticketId}`}
          value={content}
          rows={4}
          maxLength={TICKET_LIMITS.contentMax}
          onChange={(e) => setContent(e.target.value)}
          placeholder="补充说明或回复客服"
          aria-invalid={error !== null}
          aria-describedby={error ? `reply-${ticketId}-error` : undefined}
        />
        {error && (
          <span id={`reply-${ticketId}-error`} className="form-error">
            {error}
          </span>
        )}
      </div>
      <ImagePicker uploads={uploads} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={reply.isPending || uploads.uploading}>
          {reply.isPending ? '发送中…' : uploads.uploading ? '图片上传中…' : '发送回复'}
        </button>
      </div>
    </form>
  );
}
