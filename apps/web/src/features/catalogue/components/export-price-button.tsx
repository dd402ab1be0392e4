import { CURRENCIES, type Currency } from '@shop/domain';
import { useState } from 'react';
import { notify } from '@/lib/notify';
import { usePageCurrency } from '@/lib/page-currency';
import { useIsLoggedIn } from '@/lib/session';
import { type ExportFilters, useExportGoodsPrice } from '../api/export-goods-price';

/**
 * '导出价格表' for members (spec §7 exportGoodsPrice/: login required): the price list of the goods the
 * filters select, in the chosen currency, saved as xlsx. Visitors do not see it.
 */
export function ExportPriceButton({ filters }: { filters: ExportFilters }) {
  const loggedIn = useIsLoggedIn();
  const pageCurrency = usePageCurrency((s) => s.currency);
  const [currency, setCurrency] = useState<Currency>(pageCurrency);
  const exporter = useExportGoodsPrice();
  if (!loggedIn) return null;

  const start = () =>
    exporter.mutate({ currency, filters }, { onSuccess: (name) => notify.success(`价格表已导出：${name}`) });

  return (
    <div className="export-price">
      <div className="export-currency" role="radiogroup" aria-label="导出币种">
        {CURRENCIES.map((c) => (
          <label key={c}>
            <input
              type="radio"
              name="export-currency"
              value={c}
              checked={currency === c}
              onChange={() => setCurrency(c)}
            />
            {c}
          </label>
        ))}
      </div>
      <button type="button" className="btn" onClick={start} disabled={exporter.isPending}>
        {exporter.isPending ? '正在导出…' : '导出价格表'}
      </button>
      {exporter.isPending && (
        <span className="export-progress" role="status" aria-label="正在导出价格表">
          {exporter.progress === null ? (
            <span className="muted">正在生成…</span>
          ) : (
            <>
              <progress max={100} value={Math.round(exporter.progress * 100)} />
              <span className="muted">{Math.round(exporter.progress * 100)}%</span>
            </>
          )}
        </span>
      )}
    </div>
  );
}
