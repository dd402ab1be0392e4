import { TOAST_DURATION_MS, TOAST_FADE_MS, TOAST_HELPER_DEFAULT_S } from '@shop/domain';
import { createStore } from 'zustand/vanilla';

/**
 * Toasts (spec §4 'Notification toast'): success, warn, error, info; visible 3500 ms by default,
 * then fading for 800 ms, then removed. Plain store + <Toaster/> portal so the light shell can show them
 * without loading the component library.
 */
export type ToastKind = 'success' | 'warn' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  /** True during the fade-out. */
  leaving: boolean;
  /** A button on the toast (撤销); pressing it runs `run` and closes the toast. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  run: () => void;
}

export const toastStore = createStore<{ toasts: Toast[] }>(() => ({ toasts: [] }));

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function remove(id: number): void {
  timers.delete(id);
  toastStore.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}

/** Starts the fade now, then removes the toast once the fade has run. */
export function dismissToast(id: number): void {
  const pending = timers.get(id);
  if (pending) clearTimeout(pending);
  toastStore.setState((s) => ({ toasts: s.toasts.map((t) => (t.id === id ? { ...t, leaving: true } : t)) }));
  timers.set(
    id,
    setTimeout(() => remove(id), TOAST_FADE_MS),
  );
}

function show(
  kind: ToastKind,
  text: string,
  durationMs: number = TOAST_DURATION_MS,
  action?: ToastAction,
): number {
  // The same message twice at once (several calls failing with one cause) is shown once; one with its own
  // action (撤销 of this removal) is always its own toast.
  const twin = action
    ? undefined
    : toastStore.getState().toasts.find((t) => t.kind === kind && t.text === text && !t.leaving && !t.action);
  if (twin) return twin.id;
  const id = nextId++;
  const toast: Toast = action
    ? { id, kind, text, leaving: false, action }
    : { id, kind, text, leaving: false };
  toastStore.setState((s) => ({ toasts: [...s.toasts, toast] }));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), durationMs),
  );
  return id;
}

export const notify = {
  success: (text: string, durationMs?: number) => show('success', text, durationMs),
  warn: (text: string, durationMs?: number) => show('warn', text, durationMs),
  error: (text: string, durationMs?: number) => show('error', text, durationMs),
  info: (text: string, durationMs?: number) => show('info', text, durationMs),
  /** A toast with a button (e.g. 撤销) that stays for `durationMs`; the button works until the toast has gone. */
  withAction: (kind: ToastKind, text: string, action: ToastAction, durationMs?: number) =>
    show(kind, text, durationMs, action),
  /** The seconds-based helper of spec §4 (default 2 s). */
  toast: (text: string, seconds: number = TOAST_HELPER_DEFAULT_S, kind: ToastKind = 'info') =>
    show(kind, text, seconds * 1000),
};

/** Drops every toast at once (tests, and a full session reset). */
export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  toastStore.setState({ toasts: [] });
}
