import type { AdminAfterSaleDetail } from '@shop/domain';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { refundBlocked, type StaffStep, stepsOf } from '../steps';
import { ApproveModal } from './approve-modal';
import { ReceiveModal } from './receive-modal';
import { RefundModal } from './refund-modal';
import { RejectModal } from './reject-modal';
import { ShipExchangeModal } from './ship-exchange-modal';

/**
 * The steps the after-sale's state and type allow (steps.ts), each in its dialog; every step sends the version
 * shown, so a step over a colleague's is refused and the newer after-sale read again. The refund also needs
 * order.refund, and a way to refund: without them the button stays, disabled, saying why.
 */
export function AfterSaleActions({
  afterSale,
  canRefund,
}: {
  afterSale: AdminAfterSaleDetail;
  canRefund: boolean;
}) {
  const [open, setOpen] = useState<StaffStep | null>(null);
  const steps = stepsOf(afterSale);
  const close = () => setOpen(null);
  if (steps.length === 0) return null;
  const blocked = refundBlocked(afterSale, canRefund);
  // A dialog whose step the after-sale, read again, no longer allows (a colleague's step came first) is gone.
  const shown =
    open !== null && steps.includes(open) && (open !== 'refund' || blocked === null) ? open : null;
  return (
    <>
      <Space wrap>
        {steps.includes('approve') && (
          <Button type="primary" onClick={() => setOpen('approve')}>
            同意
          </Button>
        )}
        {steps.includes('reject') && (
          <Button danger onClick={() => setOpen('reject')}>
            拒绝
          </Button>
        )}
        {steps.includes('receive') && (
          <Button type="primary" onClick={() => setOpen('receive')}>
            确认收货
          </Button>
        )}
        {steps.includes('refund') && (
          <>
            <Button type="primary" danger disabled={blocked !== null} onClick={() => setOpen('refund')}>
              退款
            </Button>
            {blocked ? <Typography.Text type="secondary">{blocked}</Typography.Text> : null}
          </>
        )}
        {steps.includes('shipExchange') && (
          <Button type="primary" onClick={() => setOpen('shipExchange')}>
            换货发出
          </Button>
        )}
      </Space>
      {shown === 'approve' && <ApproveModal afterSale={afterSale} onClose={close} />}
      {shown === 'reject' && <RejectModal afterSale={afterSale} onClose={close} />}
      {shown === 'receive' && <ReceiveModal afterSale={afterSale} onClose={close} />}
      {shown === 'refund' && <RefundModal afterSale={afterSale} onClose={close} />}
      {shown === 'shipExchange' && <ShipExchangeModal afterSale={afterSale} onClose={close} />}
    </>
  );
}
