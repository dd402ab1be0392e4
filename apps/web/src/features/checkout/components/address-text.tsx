import { type Address, countryLabel } from '@shop/domain';

/** One line of an address: region and street. */
export function addressLine(address: Pick<Address, 'country' | 'province' | 'city' | 'district' | 'detail'>) {
  return [countryLabel(address.country), address.province, address.city, address.district, address.detail]
    .filter((part) => part !== '')
    .join(' ');
}

/** A receiver or sender as the checkout shows it: name, phone, the default tag, and the address's line. */
export function AddressText({ address }: { address: Address }) {
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
