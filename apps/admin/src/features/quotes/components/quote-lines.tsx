import { type AdminQuoteDetail, type Currency, formatPrice, imageUrl, toMinor } from '@shop/domain';
import { Image, Space, Table, type TableColumnsType, Typography } from 'antd';
import type { ReactNode } from 'react';

type QuoteLine = AdminQuoteDetail['lines'][number];

/**
 * A quote's lines: what was asked for, the member's price when asked (参考价), the unit price quoted and the line's
 * amount. `priceCell` puts an input in the 报价 column while staff price it; `prices` are minor units (null: none).
 */
export function QuoteLinesTable({
  lines,
  currency,
  prices,
  priceCell,
}: {
  lines: QuoteLine[];
  currency: Currency;
  prices: readonly (number | null)[];
  priceCell?: (line: QuoteLine, index: number) => ReactNode;
}) {
  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  const columns: TableColumnsType<QuoteLine> = [
    {
      title: '商品',
      dataIndex: 'name',
      render: (_, l) => (
        <Space align="start">
          <Image width={40} height={40} src={imageUrl(l.image, 80)} alt={l.name} preview={false} />
          <div>
            <div>{l.name}</div>
            <Typography.Text type="secondary">{l.skuName}</Typography.Text>
          </div>
        </Space>
      ),
    },
    { title: '数量', dataIndex: 'qty', width: 80, align: 'right' },
    {
      title: '参考价',
      dataIndex: 'listPrice',
      width: 110,
      align: 'right',
      render: (v: number | null) => (v === null ? dash : formatPrice(toMinor(v), currency)),
    },
    {
      title: '报价',
      key: 'price',
      width: priceCell ? 170 : 110,
      align: 'right',
      render: (_, l, i) => {
        if (priceCell) return priceCell(l, i);
        const price = prices[i];
        return price === null || price === undefined ? dash : formatPrice(price, currency);
      },
    },
    {
      title: '小计',
      key: 'amount',
      width: 120,
      align: 'right',
      render: (_, l, i) => {
        const price = prices[i];
        return price === null || price === undefined ? dash : formatPrice(price * l.qty, currency);
      },
    },
  ];
  return (
    <Table<QuoteLine>
      rowKey="id"
      columns={columns}
      dataSource={lines}
      pagination={false}
      size="small"
      scroll={{ x: 760 }}
    />
  );
}

/** Goods, freight and total under the lines; '—' for what is not known yet. */
export function QuoteTotals({
  currency,
  goods,
  freight,
  total,
}: {
  currency: Currency;
  goods: number | null;
  freight: number | null;
  total: number | null;
}) {
  const show = (minor: number | null) => (minor === null ? '—' : formatPrice(minor, currency));
  return (
    <div className="quote-totals" data-testid="quote-totals">
      <span>商品 {show(goods)}</span>
      <span>运费 {show(freight)}</span>
      <span>
        合计 <Typography.Text strong>{show(total)}</Typography.Text>
      </span>
    </div>
  );
}
