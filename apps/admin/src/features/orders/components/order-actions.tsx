import {
  type AdminOrderDetail,
  FULFIL_ACTION_LABELS,
  type FulfilAction,
  OrderStatus,
  packLabel,
} from '@shop/domain';
import { Button, Popconfirm, Space } from 'antd';
import { useMarkPaid } from '../api/mark-paid';
import { useTransitionOrder } from '../api/transition-order';
import { CANCELLABLE_PAID, nextStep } from './order-steps';

export interface OrderPermissions {
  fulfil: boolean;
  payment: boolean;
  refund: boolean;
}

export type OrderDialog =
  | { kind: 'ship'; pack: number | undefined }
  | { kind: 'logistics' }
  | { kind: 'attach' }
  | { kind: 'cancel' }
  | { kind: 'refund' };

/** A warehouse step with its confirmation: the member is told of some of them, none can be undone here. */
export function StepButton({
  orderNo,
  action,
  pack,
  size,
}: {
  orderNo: string;
  action: FulfilAction;
  pack?: number | undefined;
  size?: 'small' | 'middle';
}) {
  const transition = useTransitionOrder();
  const label = FULFIL_ACTION_LABELS[action];
  return (
    <Popconfirm
      title={pack === undefined ? `将订单设为「${label}」？` : `将${packLabel(pack)} 设为「${label}」？`}
      okText="确定"
      cancelText="取消"
      onConfirm={() => transition.mutate({ orderNo, action, pack })}
    >
      <Button type={size === 'small' ? 'link' : 'primary'} size={size} loading={transition.isPending}>
        {label}
      </Button>
    </Popconfirm>
  );
}

/** The order's actions its state (spec §4) and the staff member's role allow. */
export function OrderActions({
  order,
  can,
  open,
}: {
  order: AdminOrderDetail;
  can: OrderPermissions;
  open: (dialog: OrderDialog) => void;
}) {
  const markPaid = useMarkPaid();
  const step = nextStep(order.status, order.isPickup);
  const onePack = order.packs.length <= 1;
  const shipped = order.packs.some((p) => p.logisticCode !== '');
  const paidOnline = order.paidAmount !== null && order.payChannel !== 'offline';
  const actions = [];
  if (can.payment && order.status === OrderStatus.NotPaid)
    actions.push(
      <Popconfirm
        key="paid"
        title="确认已在线下收到该订单的全部款项？"
        okText="确认收款"
        cancelText="取消"
        onConfirm={() => markPaid.mutate({ orderNo: order.orderNo })}
      >
        <Button type="primary" loading={markPaid.isPending}>
          确认线下收款
        </Button>
      </Popconfirm>,
    );
  if (can.fulfil && step !== null) {
    if (step === 'ship') {
      if (onePack)
        actions.push(
          <Button key="ship" type="primary" onClick={() => open({ kind: 'ship', pack: undefined })}>
            发货
          </Button>,
        );
    } else actions.push(<StepButton key={step} orderNo={order.orderNo} action={step} />);
  }
  if (can.fulfil && shipped)
    actions.push(
      <Button key="logistics" onClick={() => open({ kind: 'logistics' })}>
        添加物流轨迹
      </Button>,
    );
  const refundable = (order.paidAmount ?? 0) - order.refundedAmount - order.refundingAmount;
  if (
    can.refund &&
    paidOnline &&
    refundable > 0 &&
    // A cancelled order is refunded again only through its channel, after the channel refused the cancel's refund.
    (order.status !== OrderStatus.Cancelled || order.refundTo === 'channel')
  )
    actions.push(
      <Button key="refund" danger onClick={() => open({ kind: 'refund' })}>
        部分退款
      </Button>,
    );
  if (can.refund && CANCELLABLE_PAID.includes(order.status) && paidOnline)
    actions.push(
      <Button key="cancel" danger type="primary" onClick={() => open({ kind: 'cancel' })}>
        取消并退款
      </Button>,
    );
  return actions.length > 0 ? <Space wrap>{actions}</Space> : null;
}
