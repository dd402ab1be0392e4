import { type AdminGoodsRow, imageUrl, LOW_STOCK } from '@shop/domain';
import { Image, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { PageOf } from '@/components/paged-table';
import { formatTime } from '@/lib/date';
import { tablePagination } from '@/lib/list-controls';
import { paths } from '@/lib/paths';

/** Goods with a tick box each, for the batch shelf buttons above. */
export function GoodsTable({
  selected,
  onSelect,
  items,
  totalCount,
  pageNo,
  pageSize,
  loading,
  onPage,
}: PageOf<AdminGoodsRow> & { selected: number[]; onSelect: (ids: number[]) => void }) {
  return (
    <Table<AdminGoodsRow>
      rowKey="id"
      dataSource={items}
      loading={loading}
      scroll={{ x: 1080 }}
      locale={{ emptyText: '没有符合条件的商品' }}
      rowSelection={{ selectedRowKeys: selected, onChange: (keys) => onSelect(keys.map(Number)) }}
      pagination={tablePagination({ pageNo, pageSize, totalCount }, onPage, '个商品')}
      columns={[
        {
          title: '商品',
          render: (_, g) => (
            <Space>
              <Image width={48} height={48} src={imageUrl(g.image, 96)} alt={g.name} preview={false} />
              <Space orientation="vertical" size={0}>
                <Typography.Text>{g.name}</Typography.Text>
                <Typography.Text type="secondary">
                  {g.code} {g.nameEn}
                </Typography.Text>
              </Space>
            </Space>
          ),
        },
        { title: '品牌', dataIndex: 'brandName', width: 110, render: (v: string) => v || '—' },
        { title: '分类', dataIndex: 'categoryName', width: 100 },
        { title: '仓库', dataIndex: 'warehouseName', width: 100 },
        {
          title: 'SKU',
          width: 130,
          render: (_, g) => (
            <Space size={4} wrap>
              {g.buyableSkuCount}/{g.skuCount} 可购
              {g.buyableSkuCount === 0 && <Tag color="red">无货</Tag>}
              {g.lowestStock !== null && g.lowestStock <= LOW_STOCK && g.buyableSkuCount > 0 && (
                <Tag color="orange">紧张</Tag>
              )}
            </Space>
          ),
        },
        {
          title: '状态',
          dataIndex: 'onShelf',
          width: 90,
          render: (on: boolean) => (on ? <Tag color="green">已上架</Tag> : <Tag>已下架</Tag>),
        },
        { title: '修改时间', dataIndex: 'updateTime', width: 150, render: (v: string) => formatTime(v) },
        {
          title: '操作',
          width: 80,
          fixed: 'right',
          render: (_, g) => (
            <Link to={paths.goodsEdit(g.id)} aria-label={`编辑 ${g.name}`}>
              编辑
            </Link>
          ),
        },
      ]}
    />
  );
}
