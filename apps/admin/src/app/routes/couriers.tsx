import { PlusOutlined } from '@ant-design/icons';
import type { AdminCourierRow } from '@shop/domain';
import { Button, Card, Table, Tag } from 'antd';
import { useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { useCourierTable } from '@/features/couriers/api/couriers';
import { CourierModal } from '@/features/couriers/components/courier-modal';
import { RuleMatrix } from '@/features/couriers/components/rule-matrix';

/** 快递与运费 (owner and finance): the couriers checkout offers and the warehouse ships with, and their fees. */
export default function CouriersPage() {
  const table = useCourierTable();
  const [editing, setEditing] = useState<AdminCourierRow | null>();
  const [rulesOf, setRulesOf] = useState<string>();
  const open = table.data?.items.find((c) => c.code === rulesOf);
  return (
    <Card
      title="快递与运费"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          添加快递
        </Button>
      }
    >
      {table.isError ? (
        <LoadFailed title="快递加载失败" error={table.error} retry={table.refetch} />
      ) : (
        <Table<AdminCourierRow>
          rowKey="code"
          loading={table.isPending}
          dataSource={table.data?.items ?? []}
          pagination={false}
          scroll={{ x: 1010 }}
          locale={{ emptyText: '还没有快递，先添加一个' }}
          columns={[
            { title: '编码', dataIndex: 'code', width: 110 },
            { title: '名称', dataIndex: 'name' },
            { title: '时效', dataIndex: 'estimatedDays', width: 130, render: (v: string) => v || '—' },
            {
              title: '快递100编码',
              dataIndex: 'trackingCode',
              width: 130,
              render: (v: string) => v || <Tag>不自动跟踪</Tag>,
            },
            {
              title: '状态',
              width: 150,
              render: (_, c) => (
                <>
                  {c.active ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>}
                  {!c.isPublic && <Tag color="orange">不公开</Tag>}
                </>
              ),
            },
            { title: '运费规则', width: 100, render: (_, c) => `${c.rules.length} 条` },
            { title: '排序', dataIndex: 'sort', width: 70 },
            {
              title: '操作',
              width: 150,
              render: (_, c) => (
                <>
                  <Button type="link" onClick={() => setEditing(c)}>
                    修改
                  </Button>
                  <Button type="link" onClick={() => setRulesOf(c.code)}>
                    运费
                  </Button>
                </>
              ),
            },
          ]}
        />
      )}
      {editing !== undefined && <CourierModal courier={editing} onClose={() => setEditing(undefined)} />}
      <RuleMatrix courier={open} onClose={() => setRulesOf(undefined)} />
    </Card>
  );
}
