import type { Currency } from '@shop/domain';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useMountedWhileOpen } from '@/lib/use-mounted-while-open';
import { useRequestQuote } from '../api/request-quote';
import '../quote.css';

const AskQuoteDialog = lazy(() => import('./ask-quote-dialog'));

export interface AskQuoteButtonProps {
  /** The cart's currency now: the quote is asked in it unless the member picks the other. */
  currency: Currency;
  /** How many lines are selected: the quote is for them; none disables the button. */
  selectedCount: number;
  /** The cart is saving a change: its selection is not settled yet. */
  disabled?: boolean;
}

/**
 * The cart's 申请报价 (询价, issue #38): a small dialog with the currency and a note, then request/ on the member's
 * selected cart lines (the cart stays as it is) and on to the new quote's page. The dialog brings antd when first
 * opened, so the cart's first view carries none (ADR 056).
 */
export function AskQuoteButton({ currency, selectedCount, disabled = false }: AskQuoteButtonProps) {
  const [open, setOpen] = useState(false);
  const dialog = useMountedWhileOpen(open);
  const ask = useRequestQuote();
  const navigate = useNavigate();
  return (
    <>
      <button
        type="button"
        className="btn ask-quote-button"
        disabled={selectedCount === 0 || disabled}
        onClick={() => setOpen(true)}
      >
        申请报价
      </button>
      {dialog.mounted && (
        <Suspense fallback={<div className="modal-loading" role="status" aria-label="加载中" />}>
          <AskQuoteDialog
            open={open}
            currency={currency}
            selectedCount={selectedCount}
            busy={ask.isPending}
            onClose={() => setOpen(false)}
            afterClose={dialog.afterClose}
            onAsk={(request) =>
              ask.mutate(request, {
                onSuccess: ({ quote, message }) => {
                  notify.success(message);
                  setOpen(false);
                  navigate(paths.member.quote(quote.id));
                },
              })
            }
          />
        </Suspense>
      )}
    </>
  );
}
