import { createPortal } from 'react-dom';
import { useStore } from 'zustand';
import { dismissToast, type ToastKind, toastStore } from '@/lib/notify';

const ICON: Record<ToastKind, string> = { success: '✓', warn: '!', error: '✕', info: 'i' };

/** Renders the notify() toasts at the top of the window (spec §4 'Notification toast'). */
export function Toaster() {
  const toasts = useStore(toastStore, (s) => s.toasts);
  return createPortal(
    <div className="toaster" aria-live="polite">
      {toasts.map((t) => (
        <div
          key={t.id}
          className={`toast toast-${t.kind}${t.leaving ? ' toast-leaving' : ''}`}
          role={t.kind === 'error' ? 'alert' : 'status'}
        >
          <span className="toast-icon" aria-hidden="true">
            {ICON[t.kind]}
          </span>
          <span className="toast-text">{t.text}</span>
          {t.action && !t.leaving && (
            <button
              type="button"
              className="toast-action"
              onClick={() => {
                t.action?.run();
                dismissToast(t.id);
              }}
            >
              {t.action.label}
            </button>
          )}
          <button
            type="button"
            className="toast-close"
            aria-label="关闭提示"
            onClick={() => dismissToast(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>,
    document.body,
  );
}
