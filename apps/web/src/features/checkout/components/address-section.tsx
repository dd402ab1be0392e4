import { type Address, countryLabel } from '@shop/domain';
import { Modal, Radio } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMountedWhileOpen } from '@/lib/use-mounted-while-open';
import type { AddressChoice } from '../checkout-store';

/** One line of an address: region and street. */
export function addressLine(address: Pick<Address, 'country' | 'province' | 'city' | 'district' | 'detail'>) {
  return [countryLabel(address.country), address.province, address.city, address.district, address.detail]
    .filter((part) => part !== '')
    .join(' ');
}

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

function AddressText({ address }: { address: Address }) {
  return (
    <div className="checkout-address">
      <div>
        <strong>{address.name}</strong> <span>{address.phone}</span>
        {address.defaultFlag && <span className="checkout-tag">默认</span>}
      </div>
      <div className="muted">{addressLine(address)}</div>
    </div>
  );
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
  const [picked, setPicked] = useState<number | 'none'>('none');
  const picker = useMountedWhileOpen(open);
  const entries = book ?? [];
  const headingId = `checkout-${manageTo.replace(/\W/g, '-')}`;

  const openPicker = () => {
    setPicked(current?.id ?? 'none');
    setOpen(true);
  };

  return (
    <section className="panel checkout-section" aria-labelledby={headingId}>
      <header className="checkout-section-head">
        <h2 id={headingId}>{title}</h2>
        <div className="checkout-section-tools">
          {entries.length > 0 && (
            <button type="button" className="link-button checkout-link" onClick={openPicker}>
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
        <Modal
          title={`选择${title}`}
          open={open}
          okText="确定"
          cancelText="取消"
          onCancel={() => setOpen(false)}
          onOk={() => {
            onChoose(picked);
            setOpen(false);
          }}
          afterClose={picker.afterClose}
          destroyOnHidden
        >
          <Radio.Group
            className="checkout-address-options"
            value={picked}
            onChange={(event) => setPicked(event.target.value as number | 'none')}
          >
            {entries.map((address) => (
              <Radio key={address.id} value={address.id} className="checkout-address-option">
                <AddressText address={address} />
              </Radio>
            ))}
            {optional && (
              <Radio value="none" className="checkout-address-option">
                不指定{title}
              </Radio>
            )}
          </Radio.Group>
        </Modal>
      )}
    </section>
  );
}
