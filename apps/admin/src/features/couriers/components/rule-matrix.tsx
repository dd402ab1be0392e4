import { type AdminCourierRow, type CourierRule, type Currency, formatPrice, toMinor } from '@shop/domain';
import { Button, Drawer, Grid, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { WAREHOUSE_OPTIONS } from '@/lib/warehouse-options';
import { useDeleteRule } from '../api/couriers';
import { RuleModal } from './rule-modal';

const CURRENCIES: Currency[] = ['AUD', 'CNY'];

function summary(rule: CourierRule): string {
  const fee = (major: number) => formatPrice(toMinor(major.toFixed(2)), rule.currency);
  const max = rule.maxWeight === null ? '' : `，最大 ${rule.maxWeight}g`;
  return `首重 ${rule.firstWeight}g ${fee(rule.firstFee)}，续重每 ${rule.extraWeight}g ${fee(rule.extraFee)}${max}`;
}

/** A courier's fee rules as a matrix: a row per warehouse, a column per currency; a cell opens its rule. */
export function RuleMatrix({
  courier,
  onClose,
}: {
  courier: AdminCourierRow | undefined;
  onClose: () => void;
}) {
  const [editing, setEditing] = useState<{ location: number; currency: Currency }>();
  const remove = useDeleteRule();
  const screens = Grid.useBreakpoint();
  const ruleOf = (location: number, currency: Currency) =>
    courier?.rules.find((r) => r.location === location && r.currency === currency);
  return (
    <Drawer
      open={courier !== undefined}
      onClose={onClose}
      title={courier ? `运费规则：${courier.name}（${courier.code}）` : '运费规则'}
      size={screens.lg ? 900 : '100%'}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        快递只从有规则的仓库、以有规则的币种发货；结算时按包裹重量计算运费。
      </Typography.Paragraph>
      <Table
        rowKey="value"
        size="small"
        pagination={false}
        scroll={{ x: 720 }}
        dataSource={WAREHOUSE_OPTIONS}
        columns={[
          { title: '仓库', dataIndex: 'label', width: 110 },
          ...CURRENCIES.map((currency) => ({
            title: currency === 'AUD' ? '澳元（AUD）' : '人民币（CNY）',
            render: (_: unknown, w: (typeof WAREHOUSE_OPTIONS)[number]) => {
              const rule = ruleOf(w.value, currency);
              return (
                <Space orientation="vertical" size={0}>
                  <Typography.Text type={rule ? undefined : 'secondary'}>
                    {rule ? summary(rule) : '不发货'}
                  </Typography.Text>
                  <Space size={0}>
                    <Button
                      type="link"
                      size="small"
                      aria-label={`设置${w.label}${currency}运费`}
                      onClick={() => setEditing({ location: w.value, currency })}
                    >
                      {rule ? '修改' : '设置'}
                    </Button>
                    {rule && courier && (
                      <Popconfirm
                        title={`删除后「${courier.name}」不再从${w.label}以 ${currency} 发货，确定？`}
                        okText="删除"
                        cancelText="取消"
                        onConfirm={() => remove.mutate({ code: courier.code, location: w.value, currency })}
                      >
                        <Button type="link" size="small" danger>
                          删除
                        </Button>
                      </Popconfirm>
                    )}
                  </Space>
                </Space>
              );
            },
          })),
        ]}
      />
      {courier && editing && (
        <RuleModal
          code={courier.code}
          location={editing.location}
          currency={editing.currency}
          rule={ruleOf(editing.location, editing.currency)}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Drawer>
  );
}
