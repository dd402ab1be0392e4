import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { AdminGoodsSheetPaths, GOODS_STOCK_FILTERS, type GoodsStockFilter } from '@shop/domain';
import { Button, Card, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { pageOf } from '@/components/paged-table';
import { useGoodsList, useSetShelf } from '@/features/goods/api/goods';
import { GoodsFilters, type GoodsFilterValues } from '@/features/goods/components/goods-filters';
import { GoodsTable } from '@/features/goods/components/goods-table';
import { ImportModal } from '@/features/goods-sheet/import-modal';
import { isApiError } from '@/lib/api-client';
import { pageFromSearch, pageToSearch } from '@/lib/list-controls';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { downloadFile } from '@/lib/transfer';

const FIELDS = ['keyword', 'categoryId', 'brandId', 'warehouse', 'onShelf', 'stock'] as const;

/** The filters and page in the address bar, so a search can be reloaded and passed on. */
function useGoodsQuery() {
  const [params, setParams] = useSearchParams();
  const whole = (name: string) => {
    const n = Number(params.get(name));
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  const shelf = params.get('onShelf');
  const stock = params.get('stock');
  const filters: GoodsFilterValues = {
    keyword: params.get('keyword') || undefined,
    categoryId: whole('categoryId'),
    brandId: whole('brandId'),
    warehouse: whole('warehouse'),
    onShelf: shelf === '1' ? true : shelf === '0' ? false : undefined,
    stock: GOODS_STOCK_FILTERS.includes(stock as GoodsStockFilter) ? (stock as GoodsStockFilter) : undefined,
  };
  const go = (next: GoodsFilterValues, pageNo: number, pageSize: number) => {
    const search = new URLSearchParams();
    for (const field of FIELDS) {
      const value = next[field];
      if (value === undefined || value === '') continue;
      search.set(field, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
    }
    pageToSearch(search, { pageNo, pageSize });
    setParams(search);
  };
  return { filters, ...pageFromSearch(params), go };
}

/** 商品: every product on or off the shelf; tick some and put them on or off the shelf at once. */
export default function GoodsPage() {
  const { filters, pageNo, pageSize, go } = useGoodsQuery();
  const list = useGoodsList({ ...filters, pageNo, pageSize });
  const shelf = useSetShelf();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<number[]>([]);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const exportAll = async () => {
    setExporting(true);
    try {
      await downloadFile(AdminGoodsSheetPaths.export, {}, 'goods.xlsx');
    } catch (error) {
      notify.error(isApiError(error) ? error.message : '导出失败，请重试');
    } finally {
      setExporting(false);
    }
  };
  const batch = (onShelf: boolean) =>
    shelf.mutate({ ids: selected, onShelf }, { onSuccess: () => setSelected([]) });
  return (
    <Card
      title="商品"
      extra={
        <Space wrap>
          <Button type="primary" onClick={() => navigate(paths.goodsEdit('new'))}>
            新建商品
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            导入
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportAll()}>
            导出
          </Button>
        </Space>
      }
    >
      <GoodsFilters value={filters} onChange={(next) => go(next, 1, pageSize)} />
      <Space className="batch-bar" wrap>
        <Typography.Text>已选 {selected.length} 个商品</Typography.Text>
        {([true, false] as const).map((onShelf) => (
          <Popconfirm
            key={String(onShelf)}
            title={`将选中的 ${selected.length} 个商品${onShelf ? '上架' : '下架'}？`}
            okText="确定"
            cancelText="取消"
            disabled={selected.length === 0}
            onConfirm={() => batch(onShelf)}
          >
            <Button
              disabled={selected.length === 0}
              loading={shelf.isPending && shelf.variables?.onShelf === onShelf}
            >
              批量{onShelf ? '上架' : '下架'}
            </Button>
          </Popconfirm>
        ))}
      </Space>
      {list.isError ? (
        <LoadFailed title="商品加载失败" error={list.error} retry={list.refetch} />
      ) : (
        <GoodsTable
          {...pageOf(list, { pageNo, pageSize }, (page, size) => go(filters, page, size))}
          selected={selected}
          onSelect={setSelected}
        />
      )}
      {importing && <ImportModal onClose={() => setImporting(false)} />}
    </Card>
  );
}
