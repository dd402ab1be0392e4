import type { AdminWarehouse } from '@shop/domain';
import { Button, Card, Popconfirm, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { PickupModal, usePickupChange, useWarehouses } from '@/features/warehouses/warehouses';

/** 仓库: the nine warehouses and their pickup desks; checkout offers 到仓自提 only where every pack's desk is open. */
export default function WarehousesPage() {
  const list = useWarehouses();
  const change = usePickupChange();
  const [editing, setEditing] = useState<AdminWarehouse>();
  return (
    <Card title="仓库与自提点">
      <Typography.Paragraph type="secondary">
        结算只在每个包裹的仓库都开放自提时提供「到仓自提」，订单保存当时的地址与营业时间。
      </Typography.Paragraph>
      {list.isError ? (
        <LoadFailed title="仓库加载失败" error={list.error} retry={list.refetch} />
      ) : (
        <Table<AdminWarehouse>
          rowKey="id"
          loading={list.isPending}
          dataSource={list.data?.items ?? []}
          pagination={false}
          scroll={{ x: 820 }}
          columns={[
            { title: '仓库', dataIndex: 'name', width: 120 },
            { title: '编码', dataIndex: 'code', width: 70 },
            {
              title: '自提',
              width: 90,
              render: (_, w) => (w.pickup?.enabled ? <Tag color="green">开放</Tag> : <Tag>未开放</Tag>),
            },
            {
              title: '地址 / 营业时间 / 电话',
              render: (_, w) =>
                w.pickup
                  ? `${w.pickup.address}　${w.pickup.hours}${w.pickup.phone ? `　${w.pickup.phone}` : ''}`
                  : '—',
            },
            {
              title: '操作',
              width: 180,
              render: (_, w) => (
                <>
                  <Button type="link" onClick={() => setEditing(w)}>
                    {w.pickup?.enabled ? '修改' : '开放自提'}
                  </Button>
                  {w.pickup?.enabled && (
                    <Popconfirm
                      title={`关闭${w.name}的自提？地址会保留。`}
                      okText="关闭"
                      cancelText="取消"
                      onConfirm={() => change.mutate({ warehouse: w.id })}
                    >
                      <Button type="link" danger>
                        关闭自提
                      </Button>
                    </Popconfirm>
                  )}
                </>
              ),
            },
          ]}
        />
      )}
      {editing && <PickupModal warehouse={editing} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}
