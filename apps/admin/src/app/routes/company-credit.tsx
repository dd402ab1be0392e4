import { type AccountPayment, Permission } from '@shop/domain';
import { Button, Card, Descriptions, Result, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { pageOf } from '@/components/paged-table';
import { useCreditDetail } from '@/features/credit/api/get-credit-detail';
import { useCreditInvoices } from '@/features/credit/api/list-credit-invoices';
import { useCreditPayments } from '@/features/credit/api/list-credit-payments';
import { AllocateDialog } from '@/features/credit/components/allocate-dialog';
import { CreditEntryTable } from '@/features/credit/components/credit-entry-table';
import { CreditSummary } from '@/features/credit/components/credit-summary';
import { GrantCreditDialog } from '@/features/credit/components/grant-credit-dialog';
import { InvoiceStateFilterBar } from '@/features/credit/components/invoice-state-filter';
import { InvoiceTable } from '@/features/credit/components/invoice-table';
import type { InvoiceStateFilter } from '@/features/credit/components/labels';
import { PaymentTable } from '@/features/credit/components/payment-table';
import { RecordPaymentDialog } from '@/features/credit/components/record-payment-dialog';
import { DEFAULT_PAGE_SIZE } from '@/lib/list-controls';
import { paths } from '@/lib/paths';
import { PageLoading } from '../page-loading';
import { useCan } from '../session-context';

type Dialog = { kind: 'grant' } | { kind: 'record' } | { kind: 'allocate'; payment: AccountPayment };

/**
 * 公司 › 账期 (issue #38 part 3): a company's credit per currency and what it owes, its invoices and the payments
 * received, and the ledger's newest lines. Reading needs member.read (the page's); granting credit, recording a
 * payment and allocating one need credit.manage, and their buttons show only then.
 */
export default function CompanyCreditPage() {
  const companyId = Number(useParams().id);
  const valid = Number.isInteger(companyId) && companyId > 0;
  const canManage = useCan(Permission.creditManage);
  const [state, setState] = useState<InvoiceStateFilter>('all');
  const [invoicePage, setInvoicePage] = useState({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [paymentPage, setPaymentPage] = useState({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [dialog, setDialog] = useState<Dialog>();
  const detail = useCreditDetail(valid ? companyId : 0);
  const invoices = useCreditInvoices({ companyId, state, ...invoicePage }, { enabled: valid });
  const payments = useCreditPayments({ companyId: valid ? companyId : 0, ...paymentPage });

  if (!valid)
    return (
      <Result
        status="404"
        title="公司不存在"
        extra={<Link to={paths.page('companies')}>返回公司列表</Link>}
      />
    );
  if (detail.isError) return <LoadFailed title="账期加载失败" error={detail.error} retry={detail.refetch} />;
  if (!detail.data) return <PageLoading />;
  const d = detail.data;
  const close = () => setDialog(undefined);

  return (
    <Space orientation="vertical" size="middle" className="full-width">
      <Card
        title={
          <Space wrap>
            <Link to={paths.page('companies')}>公司</Link>
            <span>/</span>
            <span>{d.companyName}</span>
            <span>/</span>
            <span>账期</span>
            {d.blocked ? <Tag color="red">有逾期账单，已暂停账期下单</Tag> : null}
          </Space>
        }
        extra={
          canManage ? (
            <Button type="primary" onClick={() => setDialog({ kind: 'grant' })}>
              设置额度
            </Button>
          ) : null
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          className="form-alert"
          items={[
            { key: 'taxNo', label: 'ABN / 税号', children: d.taxNo || '—' },
            { key: 'today', label: '今日（按北京时间计到期）', children: d.today },
          ]}
        />
        <CreditSummary detail={d} />
      </Card>
      <Card title="账单" size="small">
        <InvoiceStateFilterBar
          value={state}
          onChange={(next) => {
            setState(next);
            setInvoicePage((p) => ({ ...p, pageNo: 1 }));
          }}
        />
        {invoices.isError ? (
          <LoadFailed title="账单加载失败" error={invoices.error} retry={invoices.refetch} />
        ) : (
          <InvoiceTable
            {...pageOf(invoices, invoicePage, (pageNo, pageSize) => setInvoicePage({ pageNo, pageSize }))}
          />
        )}
      </Card>
      <Card
        title="收款记录"
        size="small"
        extra={
          canManage ? (
            <Button type="primary" onClick={() => setDialog({ kind: 'record' })}>
              登记收款
            </Button>
          ) : null
        }
      >
        {payments.isError ? (
          <LoadFailed title="收款记录加载失败" error={payments.error} retry={payments.refetch} />
        ) : (
          <PaymentTable
            {...pageOf(payments, paymentPage, (pageNo, pageSize) => setPaymentPage({ pageNo, pageSize }))}
            onAllocate={canManage ? (payment) => setDialog({ kind: 'allocate', payment }) : null}
          />
        )}
      </Card>
      <Card title="额度流水（最近）" size="small">
        <CreditEntryTable entries={d.entries} />
      </Card>
      {dialog?.kind === 'grant' && <GrantCreditDialog detail={d} onClose={close} />}
      {dialog?.kind === 'record' && <RecordPaymentDialog detail={d} onClose={close} />}
      {dialog?.kind === 'allocate' && (
        <AllocateDialog companyId={d.companyId} payment={dialog.payment} onClose={close} />
      )}
    </Space>
  );
}
