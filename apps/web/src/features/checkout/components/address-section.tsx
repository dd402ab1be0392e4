import type { Address } from '@shop/domain';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useMountedWhileOpen } from '@/lib/use-mounted-while-open';
import type { AddressChoice } from '../checkout-store';
import { AddressText } from './address-text';

const AddressPicker = lazy(() => import('./address-picker'));

/** The entry an address choice stands for: by id, else the book's chosen one (default, else first), or none. */
export function resolveAddress(
  book: readonly Address[] | undefined,
  choice: AddressChoice,
  chosen: (book: readonly Address[]) => Address | null,
): Address | null {
  if (!book || choice === 'none') return null;
  if (typeof choice === 'number') return book.find((a) => a.id === choice) ?? chosen(book);
  return chosen(book);
}

interface AddressSectionProps {
  title: string;
  /** The book, undefined while it loads. */
  book: readonly Address[] | undefined;
  current: Address | null;
  /** The sender is optional: the shopper may send without one. */
  optional?: boolean;
  emptyText: string;
  manageTo: string;
  manageText: string;
  onChoose: (choice: AddressChoice) => void;
}

/**
 * The receiver or sender of the order (spec §3: the default entry, else the first), changed among the book's
 * entries in a dialog; addresses are added in the member's address book.
 */
export function AddressSection({
  title,
  book,
  current,
  optional = false,
  emptyText,
  manageTo,
  manageText,
  onChoose,
}: AddressSectionProps) {
  const [open, setOpen] = useState(false);
  const picker = useMountedWhileOpen(open);
  const entries = book ?? [];
  const headingId = `checkout-${manageTo.replace(/\W/g, '-')}`;

  return (
    <section className="panel checkout-section" aria-labelledby={headingId}>
      <header className="checkout-section-head">
        <h2 id={headingId}>{title}</h2>
        <div className="checkout-section-tools">
          {entries.length > 0 && (
            <button type="button" className="link-button checkout-link" onClick={() => setOpen(true)}>
              更换
            </button>
          )}
          <Link to={manageTo} className="checkout-link">
            {manageText}
          </Link>
        </div>
      </header>
      {book === undefined ? (
        <p className="muted">地址加载中…</p>
      ) : current ? (
        <AddressText address={current} />
      ) : (
        <p className="muted">{entries.length === 0 ? emptyText : '不指定'}</p>
      )}
      {picker.mounted && (
        <Suspense fallback={<div className="modal-loading" role="status" aria-label="加载中" />}>
          <AddressPicker
            title={title}
            entries={entries}
            currentId={current?.id ?? null}
            optional={optional}
            open={open}
            onChoose={onChoose}
            onClose={() => setOpen(false)}
            afterClose={picker.afterClose}
          />
        </Suspense>
      )}
    </section>
  );
}
