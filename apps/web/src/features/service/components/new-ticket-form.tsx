import {
  orderStatusLabel,
  SUPPORT_TICKET_PRIORITY_LABELS,
  SUPPORT_TICKET_TYPE_LABELS,
  SupportTicketPriority,
  SupportTicketType,
  TICKET_LIMITS,
  type TicketDetail,
} from '@shop/domain';
import { type FormEvent, useId, useState } from 'react';
import { formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { useOrderChoices } from '../api/get-order-choices';
import { useCreateTicket } from '../api/ticket-actions';
import { ImagePicker } from './image-picker';
import { useImageUploads } from './use-image-uploads';

const TYPES = Object.entries(SUPPORT_TICKET_TYPE_LABELS).map(([value, label]) => ({
  value: Number(value),
  label,
}));
const PRIORITIES = Object.entries(SUPPORT_TICKET_PRIORITY_LABELS).map(([value, label]) => ({
  value: Number(value),
  label,
}));

interface Errors {
  title?: string;
  content?: string;
}

/**
 * 新建工单 (spec §3 'Support ticket', §4 types and priorities): type, priority, the order it is about (one of
 * the member's own, optional; preset when opened from an order), title, content and up to 9 pictures.
 */
export function NewTicketForm({
  initialOrderId,
  onCreated,
  onCancel,
}: {
  initialOrderId?: number;
  onCreated: (ticket: TicketDetail) => void;
  onCancel: () => void;
}) {
  const ids = useId();
  const orders = useOrderChoices();
  const create = useCreateTicket();
  const uploads = useImageUploads();
  const [type, setType] = useState<number>(
    initialOrderId === undefined ? SupportTicketType.NormalEnquiry : SupportTicketType.OrderEnquiry,
  );
  const [priority, setPriority] = useState<number>(SupportTicketPriority.Normal);
  const [orderId, setOrderId] = useState<number | null>(initialOrderId ?? null);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const choices = orders.data?.items ?? [];
  const orderMissing =
    orderId !== null && orders.data !== undefined && !choices.some((o) => o.id === orderId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!title.trim()) found.title = '请填写标题';
    if (!content.trim()) found.content = '请填写内容';
    setErrors(found);
    if (found.title || found.content) return;
    if (uploads.uploading) {
      notify.warn('图片还在上传，请稍候');
      return;
    }
    if (uploads.failed) {
      notify.warn('有图片上传失败，请删除后再提交');
      return;
    }
    create.mutate(
      { type, priority, title: title.trim(), content: content.trim(), orderId, imageIds: uploads.imageIds },
      {
        onSuccess: ({ ticket, message }) => {
          notify.success(message || '工单已提交');
          onCreated(ticket);
        },
      },
    );
  };

  return (
    <form className="panel ticket-form" onSubmit={submit} noValidate aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`}>新建工单</h2>
      <div className="form-grid">
        <label className="form-field">
          <span>工单类型</span>
          <select value={type} onChange={(e) => setType(Number(e.target.value))}>
            {TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <label className="form-field">
          <span>优先级</span>
          <select value={priority} onChange={(e) => setPriority(Number(e.target.value))}>
            {PRIORITIES.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <label className="form-field form-field-wide">
          <span>关联订单（可选）</span>
          <select
            value={orderId ?? ''}
            onChange={(e) => setOrderId(e.target.value === '' ? null : Number(e.target.value))}
            aria-busy={orders.isPending}
          >
            <option value="">不关联订单</option>
            {orderMissing && <option value={orderId}>订单 {orderId}</option>}
            {choices.map((o) => (
              <option key={o.id} value={o.id}>
                {o.orderNo} · {formatDateTime(o.createdAt).slice(0, 10)} · {orderStatusLabel(o.status)}
              </option>
            ))}
          </select>
        </label>
        <div className="form-field form-field-wide">
          <label htmlFor={`${ids}-title-input`}>标题</label>
          <input
            id={`${ids}-title-input`}
            value={title}
            maxLength={TICKET_LIMITS.titleMax}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="一句话说明问题"
            aria-invalid={errors.title !== undefined}
            aria-describedby={errors.title ? `${ids}-title` : undefined}
          />
          {errors.title && (
            <span id={`${ids}-title`} className="form-error">
              {errors.title}
            </span>
          )}
        </div>
        <div className="form-field form-field-wide">
          <label htmlFor={`${ids}-content-input`}>内容</label>
          <textarea
            id={`${ids}-content-input`}
            value={content}
            rows={5}
            maxLength={TICKET_LIMITS.contentMax}
            onChange={(e) => setContent(e.target.value)}
            placeholder="请详细描述问题，如商品、数量、包裹情况"
            aria-invalid={errors.content !== undefined}
            aria-describedby={errors.content ? `${ids}-content` : undefined}
          />
          {errors.content && (
            <span id={`${ids}-content`} className="form-error">
              {errors.content}
            </span>
          )}
        </div>
        <div className="form-field form-field-wide">
          <span>图片（可选）</span>
          <ImagePicker uploads={uploads} />
        </div>
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={create.isPending || uploads.uploading}>
          {create.isPending ? '提交中…' : uploads.uploading ? '图片上传中…' : '提交工单'}
        </button>
        <button type="button" className="btn" onClick={onCancel} disabled={create.isPending}>
          取消
        </button>
      </div>
    </form>
  );
}
