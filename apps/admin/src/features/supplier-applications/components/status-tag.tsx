import { SUPPLIER_APPLICATION_STATUS_LABELS, SupplierApplicationStatus } from '@shop/domain';
import { Tag } from 'antd';

/** The order of the list's status tabs and the form's choices: the way an application goes. */
export const SUPPLIER_STATUSES = Object.values(SupplierApplicationStatus);

const STATUS_COLORS: Readonly<Record<SupplierApplicationStatus, string>> = {
  new: 'orange',
  contacted: 'blue',
  accepted: 'green',
  declined: 'default',
};

export function SupplierStatusTag({ status }: { status: SupplierApplicationStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{SUPPLIER_APPLICATION_STATUS_LABELS[status]}</Tag>;
}
