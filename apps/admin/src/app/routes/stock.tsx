import { type AdminStockRow, LOW_STOCK, Permission } from '@shop/domain';
import { Alert, Button, Card, Form, Input, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { pageOf } from '@/components/paged-table';
import { useStockList } from '@/features/stock/api/stock';
import { AdjustModal } from '@/features/stock/components/adjust-modal';
import { LedgerDrawer } from '@/features/stock/components/ledger-drawer';
import { LowStockLineModal } from '@/features/stock/components/low-stock-line-modal';
import { StockTable } from '@/features/stock/components/stock-table';
import { useFieldsFrom } from '@/lib/form-sync';
import { pageFromSearch, pageToSearch } from '@/lib/list-controls';
import { WAREHOUSE_OPTIONS } from '@/lib/warehouse-options';
import { useCan } from '../session-context';

interface Filters {
  keyword?: string | undefined;
  warehouse?: number | undefined;
  low?: boolean | undefined;
}

/** The filters and page in the address bar (?low=1 is where the 工作台's to-do links). */
function useStockQuery() {
  const [params, setParams] = useSearchParams();
  const warehouse = Number(params.get('warehouse'));
  const filters: Filters = {
    keyword: params.get('keyword') || undefined,
    warehouse: WAREHOUSE_OPTIONS.some((o) => o.value === warehouse) ? warehouse : undefined,
    low: params.get('low') === '1' || undefined,
  };
  const page = pageFromSearch(params);
  const go = (next: Filters, pageNo: number, pageSize: number) => {
    const search = new URLSearchParams();
    if (next.keyword) search.set('keyword', next.keyword);
    if (next.warehouse !== undefined) search.set('warehouse', String(next.warehouse));
    if (next.low) search.set('low', '1');
    pageToSearch(search, { pageNo, pageSize });
    setParams(search);
  };
  return { filters, ...page, go };
}

/**
 * 库存: find a SKU, see the ones at or below their low-stock line first, adjust with a reason, set a SKU's own
 * line, and read each SKU's ledger.
 */
export default function StockPage() {
  const { filters, pageNo, pageSize, go } = useStockQuery();
  const list = useStockList({ ...filters, pageNo, pageSize });
  const [adjusting, setAdjusting] = useState<AdminStockRow>();
  const [ledger, setLedger] = useState<AdminStockRow>();
  const [lining, setLining] = useState<AdminStockRow>();
  const canSetLine = useCan(Permission.stockAdjust);
  const [form] = Form.useForm<Filters>();
  useFieldsFrom(form, { keyword: filters.keyword, warehouse: filters.warehouse });

  return (
    <Card
      title="库存"
      extra={
        <Space>
          <span>只看库存不足（按提醒线）</span>
          <Switch
            aria-label="只看库存不足（按提醒线）"
            checked={filters.low === true}
            onChange={(low) => go({ ...filters, low }, 1, pageSize)}
          />
        </Space>
      }
    >
      <Form<Filters>
        form={form}
        layout="inline"
        name="stock-filters"
        className="console-filters"
        onFinish={(values) =>
          go(
            {
              ...filters,
              keyword: values.keyword?.trim() || undefined,
              warehouse: values.warehouse ?? undefined,
            },
            1,
            pageSize,
          )
        }
      >
        <Form.Item label="关键词" name="keyword">
          <Input placeholder="商品名称或 SKU 编码" allowClear />
        </Form.Item>
        <Form.Item label="仓库" name="warehouse">
          <Select allowClear options={WAREHOUSE_OPTIONS} placeholder="全部仓库" className="filter-select" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
        </Form.Item>
      </Form>
      {filters.low && (
        <Alert
          type="info"
          showIcon
          className="form-alert"
          title={`只列出按库存销售、库存不多于各自提醒线的 SKU（未单独设置的按默认 ${LOW_STOCK} 件），库存少的在前`}
        />
      )}
      {list.isError ? (
        <LoadFailed title="库存加载失败" error={list.error} retry={list.refetch} />
      ) : (
        <StockTable
          {...pageOf(list, { pageNo, pageSize }, (page, size) => go(filters, page, size))}
          onAdjust={setAdjusting}
          onLedger={setLedger}
          onLine={canSetLine ? setLining : undefined}
        />
      )}
      {adjusting && <AdjustModal row={adjusting} onClose={() => setAdjusting(undefined)} />}
      {lining && <LowStockLineModal row={lining} onClose={() => setLining(undefined)} />}
      <LedgerDrawer row={ledger} onClose={() => setLedger(undefined)} />
    </Card>
  );
}
