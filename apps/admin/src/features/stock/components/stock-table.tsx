import {
  type AdminStockRow,
  SkuStatus,
  StockUse,
  stockNumberHint,
  stockNumberNote,
  stockUse,
} from '@shop/domain';
import { Button, Space, Tag, Typography } from 'antd';
import { PagedTable, type PageOf } from '@/components/paged-table';
import { lowStockLineText } from './low-stock-line';

/**
 * SKUs with their stock; a SKU sold by stock count at or below its low-stock line (its own, or the shop's
 * 默认) is marked 库存不足, and under each number what the shop does with it under the SKU's status (an 有货
 * SKU's number limits nothing: 不看此数，不限量). `onLine` is given only to staff who may change the line.
 */
export function StockTable({
  onAdjust,
  onLedger,
  onLine,
  ...page
}: PageOf<AdminStockRow> & {
  onAdjust: (row: AdminStockRow) => void;
  onLedger: (row: AdminStockRow) => void;
  onLine?: ((row: AdminStockRow) => void) | undefined;
}) {
  return (
    <PagedTable<AdminStockRow>
      {...page}
      rowKey="skuId"
      scrollX={960}
      emptyText="没有符合条件的 SKU"
      unit="个 SKU"
      columns={[
        {
          title: '商品 / SKU',
          render: (_, r) => (
            <Space orientation="vertical" size={0}>
              <Typography.Text>{r.goodsName}</Typography.Text>
              <Typography.Text type="secondary">
                {r.skuCode} {Object.values(r.property).join(' / ')}
              </Typography.Text>
            </Space>
          ),
        },
        { title: '仓库', dataIndex: 'warehouseName', width: 110 },
        {
          title: '销售方式',
          width: 130,
          render: (_, r) => (
            <Space size={4} wrap>
              {r.statusLabel}
              {!r.onShelf && <Tag>已下架</Tag>}
            </Space>
          ),
        },
        {
          title: '库存',
          dataIndex: 'stock',
          width: 140,
          render: (stock: number, r) => (
            <Space orientation="vertical" size={0}>
              {r.low ? (
                <Space size={4} wrap>
                  <Typography.Text type="danger" strong>
                    {stock}
                  </Typography.Text>
                  <Tag color={stock <= 0 ? 'red' : 'orange'}>库存不足</Tag>
                </Space>
              ) : (
                stock
              )}
              <Typography.Text
                type={stockUse(r.status) === StockUse.Ignored ? 'warning' : 'secondary'}
                title={stockNumberNote(r.status)}
              >
                {stockNumberHint(r.status)}
              </Typography.Text>
            </Space>
          ),
        },
        {
          title: '提醒线',
          width: 110,
          render: (_, r) => (
            <Space orientation="vertical" size={0} align="start">
              {r.status === SkuStatus.ByStock ? (
                lowStockLineText(r)
              ) : (
                <Typography.Text type="secondary" title="不按库存销售，不会提醒">
                  {lowStockLineText(r)}
                </Typography.Text>
              )}
              {onLine && (
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onLine(r)}>
                  设置提醒线
                </Button>
              )}
            </Space>
          ),
        },
        {
          title: '操作',
          width: 170,
          render: (_, r) => (
            <Space size={0}>
              <Button type="link" onClick={() => onAdjust(r)}>
                调整库存
              </Button>
              <Button type="link" onClick={() => onLedger(r)}>
                流水
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}
