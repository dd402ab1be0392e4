import { rateTextSchema } from '@shop/domain';
import { Button, Card, Form, Input, Space, Statistic, Table, Typography } from 'antd';
import { LoadFailed } from '@/components/load-failed';
import { formatTime } from '@/lib/date';
import { zodRule } from '@/lib/zod-rule';
import { useRate, useSetRate } from '../api/settings';

/** 汇率: the rate every CNY conversion of the shop uses, a form to set it, and who set which rate when. */
export function RateCard() {
  const rate = useRate();
  const setRate = useSetRate();
  const [form] = Form.useForm<{ audCny: string }>();
  return (
    <Card title="汇率（澳币兑人民币）" loading={rate.isPending}>
      {rate.isError ? (
        <LoadFailed title="汇率加载失败" error={rate.error} retry={rate.refetch} />
      ) : rate.data ? (
        <Space orientation="vertical" size="large" className="full-width">
          <Statistic
            title={`当前汇率（${formatTime(rate.data.updatedAt)} 设置）`}
            value={rate.data.rate}
            prefix={'1 澳币 =\u00a0'}
            suffix="人民币"
          />
          <Form
            form={form}
            layout="inline"
            name="set-rate"
            onFinish={({ audCny }) => setRate.mutate(audCny.trim(), { onSuccess: () => form.resetFields() })}
          >
            <Form.Item name="audCny" label="新汇率" rules={[zodRule(rateTextSchema, '汇率')]}>
              <Input inputMode="decimal" placeholder="如 4.7500" className="rate-input" />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={setRate.isPending}>
                保存汇率
              </Button>
            </Form.Item>
          </Form>
          <Typography.Text type="secondary">
            保存后立即用于全站的人民币折算（购物车、结算与支付页）。
          </Typography.Text>
          <Table
            rowKey={(row) => `${row.time}-${row.rate}`}
            size="small"
            pagination={false}
            scroll={{ x: 520 }}
            locale={{ emptyText: '还没有修改记录' }}
            dataSource={rate.data.history}
            columns={[
              { title: '时间', dataIndex: 'time', width: 160, render: (v: string) => formatTime(v) },
              { title: '汇率', dataIndex: 'rate', width: 100 },
              { title: '原汇率', dataIndex: 'previous', width: 100, render: (v: string | null) => v ?? '—' },
              { title: '操作人', dataIndex: 'actor' },
            ]}
          />
        </Space>
      ) : null}
    </Card>
  );
}
