import { SAVED_LIST_NAME_MAX, type SavedListDetail } from '@shop/domain';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import '../saved-list.css';

/** Today as a list's default name: '清单 11-30'. */
export function defaultListName(prefix = '清单', at = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${prefix} ${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

interface SaveAsListFormProps {
  /** The button that opens the form ('存为清单'). */
  label: string;
  defaultName: string;
  /** What the form saves besides its name (the cart's 全部 / 选中 choice), drawn above the name. */
  extra?: ReactNode;
  disabled?: boolean;
  busy: boolean;
  /** Saves under the name; resolves to the new list and the server's message. */
  onSave: (listName: string) => Promise<{ list: SavedListDetail; message: string }>;
  className?: string;
}

/**
 * '存为清单': a button that opens a small form asking the list's name (1–40 characters), then saves and offers to
 * open the new list. No dialog library: the storefront's user pages stay light (ADR 018).
 */
export function SaveAsListForm({
  label,
  defaultName,
  extra,
  disabled = false,
  busy,
  onSave,
  className,
}: SaveAsListFormProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(defaultName);
  const navigate = useNavigate();
  const fieldId = useId();
  const trimmed = name.trim();
  const problem =
    trimmed === ''
      ? '请填写清单名称'
      : trimmed.length > SAVED_LIST_NAME_MAX
        ? `清单名称最多${SAVED_LIST_NAME_MAX}个字`
        : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem || busy) return;
    try {
      const { list, message } = await onSave(trimmed);
      setOpen(false);
      notify.withAction('success', message, {
        label: '查看清单',
        run: () => navigate(paths.user.order({ list: list.id })),
      });
    } catch {
      // The refusal (a name used twice, the list limit) was shown by the shared handler; the form stays open.
    }
  };

  if (!open)
    return (
      <button
        type="button"
        className={`btn save-list-open ${className ?? ''}`}
        disabled={disabled}
        onClick={() => {
          setName(defaultName);
          setOpen(true);
        }}
      >
        {label}
      </button>
    );
  return (
    <form className="save-list-form panel" onSubmit={submit} aria-label={label}>
      {extra}
      <label htmlFor={fieldId} className="save-list-label">
        清单名称
      </label>
      <input
        id={fieldId}
        className="input save-list-name"
        value={name}
        maxLength={SAVED_LIST_NAME_MAX + 10}
        onChange={(event) => setName(event.target.value)}
        aria-invalid={problem !== null}
        // biome-ignore lint/a11y/noAutofocus: the form opens on the shopper's own press, to type the name
        autoFocus
      />
      {problem && (
        <span className="save-list-problem" role="alert">
          {problem}
        </span>
      )}
      <div className="save-list-buttons">
        <button type="submit" className="btn btn-primary" disabled={problem !== null || busy}>
          {busy ? '保存中…' : '保存'}
        </button>
        <button type="button" className="btn" onClick={() => setOpen(false)}>
          取消
        </button>
      </div>
    </form>
  );
}
