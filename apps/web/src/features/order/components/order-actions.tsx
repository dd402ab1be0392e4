import { Modal } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useCancelOrder, useFinishOrder, useRepurchase } from '../api/order-actions';
import { allowedActions } from '../order-format';

export interface OrderActionsProps {
  order: { id: number; status: number; orderBeans?: readonly { status: number }[] | null };
  /** The cart changed on the server (再次购买): the route refreshes it. */
  onCartChanged: () => void;
  /** 查看详情 on a list card. */
  showDetailLink?: boolean;
}

type Confirming = 'cancel' | 'finish' | null;

/**
 * The order actions (spec §4 'Order actions', §8 custom failure messages): 去支付 and 取消订单 before payment,
 * 确认收货 once shipped, 再次购买 always. Cancel and finish ask first and refresh the order lists.
 */
export function OrderActions({ order, onCartChanged, showDetailLink = false }: OrderActionsProps) {
  const allowed = allowedActions(order);
  const cancel = useCancelOrder();
  const finish = useFinishOrder();
  const repurchase = useRepurchase();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [addedToCart, setAddedToCart] = useState(false);
  const busy = cancel.isPending || finish.isPending;

  const confirm = () => {
    const action = confirming === 'cancel' ? cancel : finish;
    action.mutate(order.id, {
      onSuccess: (message) =>
        notify.success(message || (confirming === 'cancel' ? '订单已取消' : '已确认收货')),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <div className="order-actions">
      {showDetailLink && (
        <Link to={paths.order(order.id)} className="btn order-action">
          查看详情
        </Link>
      )}
      {allowed.cancel && (
        <button
          type="button"
          className="btn order-action"
          disabled={busy}
          onClick={() => setConfirming('cancel')}
        >
          取消订单
        </button>
      )}
      {allowed.finish && (
        <button
          type="button"
          className="btn btn-primary order-action"
          disabled={busy}
          onClick={() => setConfirming('finish')}
        >
          确认收货
        </button>
      )}
      <button
        type="button"
        className="btn order-action"
        disabled={repurchase.isPending}
        onClick={() =>
          repurchase.mutate(order.id, {
            onSuccess: ({ message, unavailable }) => {
              notify.success(message || '商品已加入购物车');
              if (unavailable.length > 0) {
                notify.warn(
                  `以下商品暂不能购买：${unavailable.map((u) => `${u.name}（${u.reason}）`).join('、')}`,
                );
              }
              setAddedToCart(true);
              onCartChanged();
            },
          })
        }
      >
        再次购买
      </button>
      {addedToCart && (
        <Link to={paths.cart()} className="order-action-link">
          去购物车结算
        </Link>
      )}
      {allowed.pay && (
        <Link to={paths.payment({ orderId: order.id })} className="btn btn-primary order-action">
          去支付
        </Link>
      )}
      <Modal
        title={confirming === 'cancel' ? '取消订单' : '确认收货'}
        open={confirming !== null}
        okText={confirming === 'cancel' ? '确定取消' : '确认收货'}
        cancelText="再想想"
        okButtonProps={{ danger: confirming === 'cancel', loading: busy }}
        onOk={confirm}
        onCancel={() => setConfirming(null)}
        destroyOnHidden
      >
        {confirming === 'cancel'
          ? '确定要取消这个订单吗？取消后商品库存将释放，无法恢复。'
          : '请确认已收到全部商品，确认后订单将完成。'}
      </Modal>
    </div>
  );
}
