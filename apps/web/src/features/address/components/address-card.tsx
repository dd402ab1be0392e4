import { type Address, countryLabel } from '@shop/domain';
import { Button, Tag } from 'antd';
import { useRegionStatus } from '../use-region-status';

interface AddressCardProps {
  address: Address;
  busy: boolean;
  onEdit: () => void;
  onSetDefault: () => void;
  /** Asks first (the book's confirmation), then deletes. */
  onDelete: () => void;
}

/** An ID number shown with its middle hidden: it is sent to customs, not read back on screen. */
function maskIdCard(id: string): string {
  return id.length > 7 ? `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}` : id;
}

/**
 * One address of a book, with its '默认' or '公司共用' tag and the edit, set-default and delete actions (none on a
 * company's entry for a member who is not its admin).
 */
export function AddressCard({ address, busy, onEdit, onSetDefault, onDelete }: AddressCardProps) {
  const region = [countryLabel(address.country), address.province, address.city, address.district]
    .filter((part) => part !== '')
    .join(' ');
  const status = useRegionStatus(address);
  const needsRegion = status?.kind === 'unknown' || status?.kind === 'incomplete';
  const extras = [
    address.postCode && `邮编 ${address.postCode}`,
    address.company,
    address.idCardNo && `身份证 ${maskIdCard(address.idCardNo)}`,
  ].filter(Boolean);
  return (
    <li className={`address-card panel${address.defaultFlag ? ' address-card-default' : ''}`}>
      <div className="address-card-head">
        <strong className="address-card-name">{address.name}</strong>
        <span>{address.phone}</span>
        {address.defaultFlag && (
          <Tag color="red" className="address-default-tag">
            默认
          </Tag>
        )}
        {address.shared && (
          <Tag color="blue" className="address-default-tag">
            公司共用
          </Tag>
        )}
      </div>
      <p className="address-card-line">{region}</p>
      {needsRegion && (
        <p className="address-card-notice" role="status">
          所在地区已调整，请点「编辑」重新选择
        </p>
      )}
      <p className="address-card-line">{address.detail}</p>
      {extras.length > 0 && <p className="address-card-line muted">{extras.join(' · ')}</p>}
      {/* A company's entry is never a default, and only the company's admins change it. */}
      {address.editable !== false && (
        <div className="address-card-actions">
          {!address.defaultFlag && !address.shared && (
            <Button type="link" size="small" disabled={busy} onClick={onSetDefault}>
              设为默认
            </Button>
          )}
          <Button type="link" size="small" disabled={busy} onClick={onEdit}>
            编辑
          </Button>
          <Button type="link" size="small" danger disabled={busy} onClick={onDelete}>
            删除
          </Button>
        </div>
      )}
    </li>
  );
}
