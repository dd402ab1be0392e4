import type { ReactNode } from 'react';

/** A calm message where a list or page has nothing to show. */
export function EmptyState({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="empty-state">
      <svg className="empty-state-art" viewBox="0 0 64 48" aria-hidden="true">
        <rect
          x="6"
          y="14"
          width="52"
          height="30"
          rx="4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        />
        <path d="M6 22h52M24 4l-6 10M40 4l6 10" fill="none" stroke="currentColor" strokeWidth="2.5" />
      </svg>
      <h2 className="empty-state-title">{title}</h2>
      {description && <p className="empty-state-text">{description}</p>}
      {actions && <div className="empty-state-actions">{actions}</div>}
    </div>
  );
}

/** A failed load, with a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="empty-state error-state" role="alert">
      <h2 className="empty-state-title">加载失败</h2>
      <p className="empty-state-text">{message}</p>
      {onRetry && (
        <div className="empty-state-actions">
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            重新加载
          </button>
        </div>
      )}
    </div>
  );
}
