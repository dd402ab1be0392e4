import type { QuoteMessage } from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { useSendQuoteMessage } from '../api/send-quote-message';

/** The longest message message/ takes. */
const MESSAGE_MAX = 1000;

/**
 * The messages on a quote, oldest first: the member's side on the right, the shop's on the left, as in a chat
 * (the tickets' thread); and, when the member may still write, a box to reply.
 */
export function QuoteThread({
  quoteId,
  messages,
  canReply,
}: {
  quoteId: number;
  messages: readonly QuoteMessage[];
  canReply: boolean;
}) {
  return (
    <section className="panel quote-section" aria-labelledby="quote-thread-title">
      <h2 className="panel-title" id="quote-thread-title">
        沟通记录
      </h2>
      {messages.length === 0 ? (
        <p className="muted">暂无留言。{canReply && '对报价有疑问，可以在这里留言给客服。'}</p>
      ) : (
        <ol className="quote-posts" aria-label="询价留言">
          {messages.map((message, i) => {
            const staff = message.from === 'staff';
            return (
              <li
                // The thread only grows, oldest first: a message's place is its identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: messages carry no id on the wire
                key={i}
                className={`quote-post ${staff ? 'is-staff' : 'is-member'}`}
              >
                <div className="quote-post-head">
                  <strong>{message.author || (staff ? '客服' : '会员')}</strong>
                  <span className="quote-role">{staff ? '客服' : '会员'}</span>
                  <time className="muted" dateTime={message.createdAt}>
                    {formatDateTime(message.createdAt)}
                  </time>
                </div>
                <div className="quote-post-body">{message.text}</div>
              </li>
            );
          })}
        </ol>
      )}
      {canReply && <ReplyBox key={quoteId} quoteId={quoteId} />}
    </section>
  );
}

function ReplyBox({ quoteId }: { quoteId: number }) {
  const send = useSendQuoteMessage();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = `quote-reply-${quoteId}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const trimmed = text.trim();
    if (!trimmed) {
      setError('请填写内容');
      return;
    }
    setError(null);
    send.mutate(
      { id: quoteId, text: trimmed },
      {
        onSuccess: () => {
          notify.success('留言已发送');
          setText('');
        },
      },
    );
  };

  return (
    <form className="quote-reply" onSubmit={submit} noValidate aria-label="留言">
      <label htmlFor={fieldId} className="quote-field-label">
        留言
      </label>
      <textarea
        id={fieldId}
        className="text-box"
        value={text}
        rows={3}
        maxLength={MESSAGE_MAX}
        placeholder="对报价有疑问，或想调整数量，请留言给客服"
        aria-invalid={error !== null}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {error && (
        <span id={`${fieldId}-error`} className="quote-error">
          {error}
        </span>
      )}
      <div className="quote-actions">
        <button
          type="submit"
          className="btn btn-primary"
          aria-busy={send.isPending}
          disabled={send.isPending}
        >
          发送留言
        </button>
      </div>
    </form>
  );
}
