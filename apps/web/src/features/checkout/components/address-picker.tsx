import type { Address } from '@shop/domain';
import { Modal, Radio } from 'antd';
import { useState } from 'react';
import { AntdProvider } from '@/components/antd-provider';
import type { AddressChoice } from '../checkout-store';
import { AddressText } from './address-text';

export interface AddressPickerProps {
  title: string;
  entries: readonly Address[];
  /** The entry the order has now: the dialog opens with it picked. */
  currentId: number | null;
  /** The sender is optional: the shopper may pick none. */
  optional: boolean;
  open: boolean;
  onChoose: (choice: AddressChoice) => void;
  onClose: () => void;
  afterClose: () => void;
}

/**
 * The dialog that changes the order's receiver or sender among the book's entries. It is loaded the first time
 * a shopper asks for it, so the checkout's first view carries none of the component library.
 */
export default function AddressPicker({
  title,
  entries,
  currentId,
  optional,
  open,
  onChoose,
  onClose,
  afterClose,
}: AddressPickerProps) {
  const [picked, setPicked] = useState<number | 'none'>(currentId ?? 'none');
  // Opened again before its closing ended: it starts from the order's entry, not from the last pick.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setPicked(currentId ?? 'none');
  }
  return (
    <AntdProvider>
      <Modal
        title={`选择${title}`}
        open={open}
        okText="确定"
        cancelText="取消"
        onCancel={onClose}
        onOk={() => {
          onChoose(picked);
          onClose();
        }}
        afterClose={afterClose}
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
    </AntdProvider>
  );
}
