import { lazy, type ReactNode, Suspense, useCallback, useRef, useState } from 'react';

const ConfirmModal = lazy(() => import('./confirm-modal'));

/** What the shopper is asked before a destructive or money action. */
export interface ConfirmRequest {
  /** The action, as the dialog's heading: '取消订单', '删除地址', '余额支付'. */
  title: string;
  /** What happens, and what cannot be undone. */
  content: ReactNode;
  /** The button that does it, saying what it does: '确定取消', '确定删除', '确认支付'. */
  okText: string;
  /** Destroys or gives something up (cancel an order, delete an address): the button is red. */
  danger?: boolean;
  /**
   * Does the action (a mutation's mutateAsync). The dialog stays open with a busy button until the promise
   * settles, so the shopper sees it happen and cannot start it twice, then closes. A failure has already been
   * shown by the shared handler or the call's own message (spec §8), so it is not shown again here.
   */
  onConfirm: () => Promise<unknown>;
}

/** The answer that backs out, the same in every confirmation. */
export const CONFIRM_CANCEL_TEXT = '再想想';

interface ConfirmState {
  request: ConfirmRequest | null;
  open: boolean;
  busy: boolean;
}

/**
 * The one way the storefront asks before cancelling an order, confirming receipt, deleting an address or paying
 * from the deposit: `confirm(request)` opens a dialog; `dialog` is rendered where the hook is used. Its antd Modal
 * is loaded at the first question (ADR 056), so neither the shell nor a page that only might ask carries antd.
 */
export function useConfirm(): {
  confirm: (request: ConfirmRequest) => void;
  busy: boolean;
  dialog: ReactNode;
} {
  const [state, setState] = useState<ConfirmState>({ request: null, open: false, busy: false });
  // Read in the handlers, so a second OK while the first runs is ignored even before the re-render.
  const busy = useRef(false);

  const confirm = useCallback((request: ConfirmRequest) => {
    if (busy.current) return;
    setState({ request, open: true, busy: false });
  }, []);

  const close = () => setState((s) => ({ ...s, open: false, busy: false }));

  const onOk = async () => {
    const request = state.request;
    if (!request || busy.current) return;
    busy.current = true;
    setState((s) => ({ ...s, busy: true }));
    try {
      await request.onConfirm();
    } catch {
      // Shown already (see ConfirmRequest.onConfirm).
    } finally {
      busy.current = false;
      close();
    }
  };

  const { request } = state;
  // Mounted from the first question until it has closed: a page of orders has a hook per order, and a closed
  // Modal still computes its styles on every render of the page.
  const dialog = request && (
    <Suspense fallback={<div className="modal-loading" role="status" aria-label="加载中" />}>
      <ConfirmModal
        title={request.title}
        content={request.content}
        open={state.open}
        okText={request.okText}
        cancelText={CONFIRM_CANCEL_TEXT}
        danger={request.danger ?? false}
        busy={state.busy}
        // Neither the mask nor Escape backs out of an action already on its way.
        onCancel={() => !busy.current && close()}
        onOk={() => void onOk()}
        afterClose={() => setState((s) => (s.open ? s : { ...s, request: null }))}
      />
    </Suspense>
  );
  return { confirm, busy: state.busy, dialog };
}
