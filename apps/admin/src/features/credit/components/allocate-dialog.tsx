import { type AccountPayment, formatPrice, toMajor, toMinor } from '@shop/domain';
import { App, Descriptions, Modal } from 'antd';
import { notify } from '@/lib/notify';
import { useAllocatePayment } from '../api/allocate-payment';
import { UNPAID_PAGE_SIZE, useUnpaidInvoices } from '../api/list-credit-invoices';
import { AllocationList } from './allocation-list';
import { money, PAYMENT_METHOD_LABELS } from './labels';
import { useAllocation } from './use-allocation';

/**
 * 分配 (credit.manage): what an earlier payment left unallocated, to the company's unpaid invoices in its currency,
 * prefilled oldest due first; sent after a confirm.
 */
export function AllocateDialog({
  companyId,
  payment,
  onClose,
}: {
  companyId: number;
  payment: AccountPayment;
  onClose: () => void;
}) {
  const { modal } = App.useApp();
  const allocate = useAllocatePayment();
  const unpaid = useUnpaidInvoices(companyId);
  const left = toMinor(payment.unallocated);
  const allocation = useAllocation(unpaid.data?.items, payment.currency, left);
  const { check } = allocation;
  const ready = check.ok && check.allocations.length > 0;
  const fmt = (minor: number) => formatPrice(minor, payment.currency);

  const submit = () => {
    if (!ready || allocate.isPending) return;
    modal.confirm({
      title: '确认分配？',
      content: `将该笔收款的 ${fmt(check.total)} 分配到 ${check.allocations.length} 张账单，仍未分配 ${fmt(check.remainder)}。分配后不能撤销。`,
      okText: '确认分配',
      cancelText: '返回',
      onOk: () =>
        allocate.mutate(
          {
            paymentId: payment.id,
            // What this dialog showed as allocated: a repeated submission is refused instead of allocating twice.
            allocatedBefore: payment.allocated,
            allocations: check.allocations.map((a) => ({
              invoiceId: a.invoiceId,
              amount: toMajor(a.amount),
            })),
          },
          {
            onSuccess: () => {
              notify.success(`已分配 ${fmt(check.total)}`);
              onClose();
            },
          },
        ),
    });
  };

  return (
    <Modal
      open
      title={`分配收款：${payment.reference || PAYMENT_METHOD_LABELS[payment.method]}`}
      okText="分配"
      cancelText="取消"
      okButtonProps={{ disabled: !ready }}
      confirmLoading={allocate.isPending}
      onCancel={onClose}
      onOk={submit}
      width={760}
      destroyOnHidden
    >
      <Descriptions
        size="small"
        column={2}
        bordered
        className="form-alert"
        items={[
          { key: 'receivedOn', label: '到账日期', children: payment.receivedOn },
          { key: 'amount', label: '收款金额', children: money(payment.amount, payment.currency) },
          { key: 'allocated', label: '已分配', children: money(payment.allocated, payment.currency) },
          { key: 'left', label: '未分配', children: <strong>{fmt(left)}</strong> },
        ]}
      />
      <AllocationList
        rows={allocation.rows}
        currency={payment.currency}
        amount={left}
        inputs={allocation.inputs}
        check={check}
        loading={unpaid.isFetching}
        failed={unpaid.error}
        truncated={(unpaid.data?.totalCount ?? 0) > UNPAID_PAGE_SIZE}
        emptyText="该币种没有未付账单可分配"
        onChange={allocation.setInputs}
        onPrefill={allocation.prefill}
      />
    </Modal>
  );
}
