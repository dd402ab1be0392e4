import { OrderStatus } from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { AfterSaleApplyLink, OrderAfterSales } from '@/features/aftersale/components/order-after-sales';
import { loadCartList } from '@/features/cart/api/get-cart-list';
import { ApprovalNotice } from '@/features/company/components/approval-notice';
import { TaxDocumentsPanel } from '@/features/invoice/components/tax-documents-panel';
import { useCurrentMember } from '@/features/member/api/get-current-member';
import { OrderDetailView } from '@/features/order/components/order-detail-view';
import { SaveOrderAsList } from '@/features/saved-list/components/save-order-as-list';
import { positiveIntParam } from '@/lib/params';
import { paths } from '@/lib/paths';

/** The states an order that waited for its company's admin may be in: waiting, approved and unpaid, or cancelled. */
const ASKED_APPROVAL: readonly number[] = [
  OrderStatus.NotConfirmed,
  OrderStatus.NotPaid,
  OrderStatus.Cancelled,
];

/**
 * One order (spec §2 /order/{id}, login required); 再次购买 refreshes the cart; 申请售后 (issue #39) once its goods
 * are shipped, with its after-sales listed under 售后; 存为清单 keeps its goods as a named list (/user/order);
 * 联系客服 opens the new-ticket form about this order; the 发票 section downloads the tax invoice or asks for a
 * fapiao, prefilled from the member's business details.
 */
export function Component() {
  const { id } = useParams();
  const queryClient = useQueryClient();
  const member = useCurrentMember().data;
  const prefill = { title: member?.company ?? '', taxNo: member?.taxNo ?? '' };
  return (
    <div className="container">
      <h1 className="page-title">订单详情</h1>
      <OrderDetailView
        orderId={positiveIntParam(id)}
        onCartChanged={() => void loadCartList(queryClient, { refresh: true }).catch(() => undefined)}
        extraActions={(order) => (
          <>
            <AfterSaleApplyLink order={order} className="btn order-action" />
            <SaveOrderAsList orderId={order.id} orderNo={order.orderNo} />
            <Link to={paths.member.supportTicket({ new: 1, orderId: order.id })} className="btn order-action">
              联系客服
            </Link>
          </>
        )}
        extraSections={(order) => (
          <>
            <OrderAfterSales order={order} />
            <TaxDocumentsPanel orderId={order.id} prefill={prefill} />
          </>
        )}
        // A company's order that had to wait for its admin says so (issue #38).
        headNotice={(order) => (
          <ApprovalNotice
            orderId={order.id}
            asked={order.placedBy !== undefined && ASKED_APPROVAL.includes(order.status)}
          />
        )}
      />
    </div>
  );
}
