import { type AfterSaleLine, type Currency, imageUrl } from '@shop/domain';
import { Image, Space, Table, type TableColumnsType, Typography } from 'antd';
import { money } from './labels';

/** The lines claimed: what, at what price, how many; once the goods are back, how many went to stock or were written off. */
export function AfterSaleLines({ lines, currency }: { lines: AfterSaleLine[]; currency: Currency }) {
  const back = (l: AfterSaleLine) => l.restocked + l.writtenOff > 0;
  const columns: TableColumnsType<AfterSaleLine> = [
    {
      title: '商品',
      key: 'name',
      render: (_, l) => (
        <Space size={8} align="start">
          <Image width={40} height={40} src={imageUrl(l.image, 80)} alt={l.name} preview={false} />
          <div>
            <div>{l.name}</div>
            {l.skuName ? <Typography.Text type="secondary">{l.skuName}</Typography.Text> : null}
          </div>
        </Space>
      ),
    },
    {
      title: '单价',
      dataIndex: 'unitPrice',
      width: 110,
      align: 'right',
      render: (v: number) => money(v, currency),
    },
    { title: '数量', dataIndex: 'qty', width: 70, align: 'right' },
    {
      title: '入库',
      dataIndex: 'restocked',
      width: 70,
      align: 'right',
      render: (v: number, l) => (back(l) ? v : '—'),
    },
    {
      title: '报损',
      dataIndex: 'writtenOff',
      width: 70,
      align: 'right',
      render: (v: number, l) => (back(l) ? v : '—'),
    },
  ];
  return (
    <Table<AfterSaleLine>
      rowKey="itemId"
      columns={columns}
      dataSource={lines}
      pagination={false}
      size="small"
      scroll={{ x: 560 }}
    />
  );
}
