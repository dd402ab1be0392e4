import { CURRENCIES, type Currency } from '@shop/domain';
import { Button, Progress, Radio } from 'antd';
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
      <Radio.Group
        size="small"
        optionType="button"
        value={currency}
        onChange={(e) => setCurrency(e.target.value as Currency)}
        options={CURRENCIES.map((c) => ({ label: c, value: c }))}
        aria-label="导出币种"
      />
      <Button size="small" onClick={start} loading={exporter.isPending}>
        导出价格表
      </Button>
      {exporter.isPending && (
        <span className="export-progress" role="status" aria-label="正在导出价格表">
          {exporter.progress === null ? (
            <span className="muted">正在生成…</span>
          ) : (
            <Progress percent={Math.round(exporter.progress * 100)} size="small" style={{ width: 120 }} />
          )}
        </span>
      )}
    </div>
  );
}
