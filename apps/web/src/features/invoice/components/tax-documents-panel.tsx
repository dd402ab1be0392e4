import type { TaxDocuments } from '@shop/domain';
import { lazy, Suspense, useState } from 'react';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { type TaxDownload, useTaxDownload } from '../api/download-documents';
import { useTaxDocuments } from '../api/get-tax-documents';
import type { FapiaoPrefill } from './fapiao-form';
import '../invoice.css';

const FapiaoForm = lazy(() => import('./fapiao-form'));

/**
 * The order page's 发票 section (docs/invoices.md): an AUD order's tax invoice and adjustment notes, or a CNY
 * order's 发票 request and, once staff issued it, its PDF.
 */
export function TaxDocumentsPanel({ orderId, prefill }: { orderId: number; prefill: FapiaoPrefill }) {
  return (
    <section className="panel order-section" aria-labelledby="order-invoices">
      <h2 id="order-invoices">发票</h2>
      <QueryView query={useTaxDocuments(orderId)} loading={<Skeleton lines={2} />}>
        {(docs) => <Documents docs={docs} prefill={prefill} />}
      </QueryView>
    </section>
  );
}

function Documents({ docs, prefill }: { docs: TaxDocuments; prefill: FapiaoPrefill }) {
  const download = useTaxDownload();
  const [editing, setEditing] = useState(false);
  const start = (what: TaxDownload) => download.mutate(what);
  const busy = download.isPending;

  if (docs.currency === 'AUD') {
    if (!docs.taxInvoiceAvailable) return <p className="muted">订单付款后可下载税务发票（Tax invoice）。</p>;
    return (
      <div className="tax-docs">
        <div className="tax-docs-row">
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => start({ kind: 'invoice', orderId: docs.orderId })}
          >
            下载税务发票（PDF）
          </button>
          <span className="muted">
            {docs.invoiceNo ? `发票号 ${docs.invoiceNo}` : '首次下载时开具并编号'}
          </span>
        </div>
        {(docs.adjustmentNotes.length > 0 || docs.refundToAdjust) && (
          <div className="tax-docs-notes">
            <h3>调整单（Adjustment note）</h3>
            <ul>
              {docs.adjustmentNotes.map((note) => (
                <li key={note.noteNo}>
                  <span>{note.noteNo}</span>
                  <span className="muted">
                    退款 A${note.amount.toFixed(2)}，冲减GST A${note.gst.toFixed(2)}
                  </span>
                  <button
                    type="button"
                    className="link-button"
                    disabled={busy}
                    onClick={() => start({ kind: 'note', orderId: docs.orderId, noteNo: note.noteNo })}
                  >
                    下载
                  </button>
                </li>
              ))}
            </ul>
            {docs.refundToAdjust && (
              <button
                type="button"
                className="btn"
                disabled={busy}
                onClick={() => start({ kind: 'note', orderId: docs.orderId })}
              >
                开具并下载退款调整单
              </button>
            )}
          </div>
        )}
      </div>
    );
  }

  if (!docs.fapiaoAvailable) return <p className="muted">订单付款后可申请发票。</p>;
  const fapiao = docs.fapiao;
  if (editing)
    return (
      <Suspense fallback={<Skeleton lines={4} />}>
        <FapiaoForm
          orderId={docs.orderId}
          current={fapiao}
          prefill={prefill}
          onDone={() => setEditing(false)}
        />
      </Suspense>
    );
  if (!fapiao)
    return (
      <div className="tax-docs-row">
        <span className="muted">可申请增值税普通发票或专用发票。</span>
        <button type="button" className="btn btn-primary" onClick={() => setEditing(true)}>
          申请发票
        </button>
      </div>
    );
  return (
    <div className="tax-docs">
      <dl className="tax-docs-fapiao">
        <dt>状态</dt>
        <dd>
          <span className={`fapiao-status fapiao-status-${fapiao.status}`} data-testid="fapiao-status">
            {fapiao.statusLabel}
          </span>
        </dd>
        <dt>类型</dt>
        <dd>{fapiao.kindLabel}</dd>
        <dt>抬头</dt>
        <dd>{fapiao.title}</dd>
        <dt>税号</dt>
        <dd>{fapiao.taxNo}</dd>
        {fapiao.fapiaoNo && (
          <>
            <dt>发票号码</dt>
            <dd>{fapiao.fapiaoNo}</dd>
          </>
        )}
      </dl>
      <div className="tax-docs-row">
        {fapiao.status === 'issued' ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => start({ kind: 'fapiao', orderId: docs.orderId })}
          >
            下载发票（PDF）
          </button>
        ) : (
          <>
            <span className="muted">财务开票后可在此下载。</span>
            <button type="button" className="btn" onClick={() => setEditing(true)}>
              修改申请
            </button>
          </>
        )}
      </div>
    </div>
  );
}
