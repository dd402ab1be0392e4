import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useCancelOrder, useFinishOrder, useRepurchase } from '../api/order-actions';
import { allowedActions } from '../order-format';

export interface OrderActionsProps {
  order: {
    id: number;
    status: number;
    orderBeans?: readonly { status: number }[] | null;
    /** False on a colleague's order of the member's company: nothing to do with it here (issue #38). */
    mine?: boolean | undefined;
  };
  /** The cart changed on the server (再次购买): the route refreshes it. */
  onCartChanged: () => void;
  /** 查看详情 on a list card. */
  showDetailLink?: boolean;
  /** More actions the route adds (联系客服 on the order page), after 再次购买. */
  children?: ReactNode;
}

/**
 * The order actions (spec §4 'Order actions', §8 custom failure messages): 去支付 and 取消订单 before payment,
 * 确认收货 once shipped, 再次购买 always. Cancel and finish ask first and refresh the order lists.
 */
export function OrderActions({ order, onCartChanged, showDetailLink = false, children }: OrderActionsProps) {
  const allowed = allowedActions(order);
  const cancel = useCancelOrder();
  const finish = useFinishOrder();
  const repurchase = useRepurchase();
  const { confirm, dialog } = useConfirm();
  const [addedToCart, setAddedToCart] = useState(false);
  const busy = cancel.isPending || finish.isPending;

  const askCancel = () =>
    confirm({
      title: '取消订单',
      content: '确定要取消这个订单吗？取消后商品库存将释放，无法恢复。',
      okText: '确定取消',
      danger: true,
      onConfirm: () =>
        cancel.mutateAsync(order.id).then((message) => notify.success(message || '订单已取消')),
    });
  const askFinish = () =>
    confirm({
      title: '确认收货',
      content: '请确认已收到全部商品，确认后订单将完成。',
      okText: '确认收货',
      onConfirm: () =>
        finish.mutateAsync(order.id).then((message) => notify.success(message || '已确认收货')),
    });

  return (
    <div className="order-actions">
      {showDetailLink && (
        <Link to={paths.order(order.id)} className="btn order-action">
          查看详情
        </Link>
      )}
      {allowed.cancel && (
        <button type="button" className="btn order-action" disabled={busy} onClick={askCancel}>
          取消订单
        </button>
      )}
      {allowed.finish && (
        <button type="button" className="btn btn-primary order-action" disabled={busy} onClick={askFinish}>
          确认收货
        </button>
      )}
      {order.mine !== false && (
        <button
          type="button"
          className="btn order-action"
          disabled={repurchase.isPending}
          onClick={() =>
            repurchase.mutate(order.id, {
              onSuccess: ({ message, added, unavailable }) => {
                if (added === 0) {
                  // Sold out: said plainly, and there is nothing new in the cart to go to.
                  notify.warn(message || '订单中的商品已售罄，暂时无法购买');
                  return;
                }
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
      )}
      {children}
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
      {dialog}
    </div>
  );
}
