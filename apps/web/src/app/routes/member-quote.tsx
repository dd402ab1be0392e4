import {
  ApprovalMessages,
  type CreatedOrder,
  OrderStatus,
  type QuoteDetail,
  QuoteMessages,
} from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useAddressList } from '@/features/address/api/get-address-list';
import { orderKeys } from '@/features/order/api/keys';
import { QuoteAcceptForm } from '@/features/quote/components/quote-accept-form';
import { QuoteDetailView } from '@/features/quote/components/quote-detail-view';
import { notify } from '@/lib/notify';
import { positiveIntParam } from '@/lib/params';
import { paths } from '@/lib/paths';
import { readReturnState } from '@/lib/return-to';

/**
 * 询价详情 (issue #38). It composes the address books into the quote's 按报价下单 (asked for only when the quote can
 * be accepted), and after the order is placed marks the order list for refresh and goes on as the checkout does:
 * to payment, or to the order when a buyer's order over their limit waits for the company's admin.
 */
export function Component() {
  const { id } = useParams();
  return <QuoteDetailView quoteId={positiveIntParam(id)} accept={(quote) => <AcceptQuote quote={quote} />} />;
}

function AcceptQuote({ quote }: { quote: QuoteDetail }) {
  const receivers = useAddressList('receiver');
  const senders = useAddressList('sender');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Back from an address book visited from here: the address saved there is chosen.
  const back = readReturnState(useLocation().state);
  const onOrderPlaced = (order: CreatedOrder) => {
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    if (order.status === OrderStatus.NotConfirmed) {
      notify.success(ApprovalMessages.placed);
      navigate(paths.order(order.orderId));
    } else {
      notify.success(QuoteMessages.placed);
      navigate(paths.payment({ orderId: order.orderId }));
    }
  };
  return (
    <QuoteAcceptForm
      quote={quote}
      receivers={receivers}
      senders={senders}
      saved={back?.savedAddress}
      onOrderPlaced={onOrderPlaced}
    />
  );
}
