import { PlusOutlined } from '@ant-design/icons';
import {
  type AdminBankAccountsResponse,
  type BankAccount,
  type BankAccountsChange,
  MAX_BANK_ACCOUNTS,
} from '@shop/domain';
import { Alert, Button, Card, Form, Input, Select, Space, Table, Typography } from 'antd';
import { LoadFailed } from '@/components/load-failed';
import { formatTime } from '@/lib/date';
import { useBankAccounts, useSaveBankAccounts } from '../api/settings';

const required = (message: string) => [{ required: true, whitespace: true, message }];

/** One account on one line, as the change history lists them. */
const accountLine = (a: BankAccount) =>
  [a.currency, a.bankName, a.accountName, a.accountNo, a.branch, a.swift].filter(Boolean).join(' / ');

function AccountList({ items }: { items: readonly BankAccount[] | null }) {
  if (items === null) return <>—</>;
  if (items.length === 0) return <Typography.Text type="secondary">（无）</Typography.Text>;
  return (
    <Space orientation="vertical" size={0}>
      {items.map((a) => (
        <span key={accountLine(a)}>{accountLine(a)}</span>
      ))}
    </Space>
  );
}

/**
 * 转账收款账户 (owner and finance): the accounts members transfer money to for a bank-transfer recharge, shown on
 * the recharge page. Each change is in 操作日志 and mailed to the other owner and finance accounts; the latest
 * changes are listed here, so either money role sees what the other changed.
 */
export function BankAccountsCard() {
  const accounts = useBankAccounts();
  return (
    <Card title="转账收款账户" loading={accounts.isPending}>
      {accounts.isError ? (
        <LoadFailed title="收款账户加载失败" error={accounts.error} retry={accounts.refetch} />
      ) : accounts.data ? (
        <BankAccountsForm key={accounts.data.updatedAt ?? 'never'} data={accounts.data} />
      ) : null}
    </Card>
  );
}

function BankAccountsForm({ data }: { data: AdminBankAccountsResponse }) {
  const [form] = Form.useForm<{ items: BankAccount[] }>();
  const save = useSaveBankAccounts();
  return (
    <Space orientation="vertical" size="large" className="full-width">
      <Alert
        type="info"
        showIcon
        title="会员银行转账充值时看到这些账户。每次修改都记入操作日志，并以邮件通知其他店主与财务。"
      />
      <Form
        form={form}
        name="bank-accounts"
        layout="vertical"
        initialValues={{ items: data.items }}
        onFinish={(values) => save.mutate({ items: values.items ?? [] })}
      >
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              {fields.length === 0 && <div className="field-hint">没有收款账户：充值页请会员联系客服</div>}
              {fields.map((field, index) => (
                <div key={field.key} className="template-item">
                  <div className="section-head">
                    <span>账户 {index + 1}</span>
                    <Button size="small" type="link" danger onClick={() => remove(index)}>
                      删除
                    </Button>
                  </div>
                  <Space wrap align="start">
                    <Form.Item
                      label="币种"
                      name={[field.name, 'currency']}
                      rules={[{ required: true, message: '请选择币种' }]}
                    >
                      <Select style={{ width: 100 }} options={[{ value: 'CNY' }, { value: 'AUD' }]} />
                    </Form.Item>
                    <Form.Item label="银行" name={[field.name, 'bankName']} rules={required('请输入银行')}>
                      <Input maxLength={100} />
                    </Form.Item>
                    <Form.Item label="户名" name={[field.name, 'accountName']} rules={required('请输入户名')}>
                      <Input maxLength={100} />
                    </Form.Item>
                    <Form.Item label="账号" name={[field.name, 'accountNo']} rules={required('请输入账号')}>
                      <Input maxLength={64} />
                    </Form.Item>
                    <Form.Item label="开户行 / BSB" name={[field.name, 'branch']}>
                      <Input maxLength={100} />
                    </Form.Item>
                    <Form.Item label="SWIFT" name={[field.name, 'swift']}>
                      <Input maxLength={20} />
                    </Form.Item>
                  </Space>
                </div>
              ))}
              <Space>
                {fields.length < MAX_BANK_ACCOUNTS && (
                  <Button icon={<PlusOutlined />} onClick={() => add({ currency: 'CNY' })}>
                    添加收款账户
                  </Button>
                )}
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  保存收款账户
                </Button>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
      <Table<BankAccountsChange>
        rowKey={(row) => `${row.time}-${row.actor}`}
        size="small"
        pagination={false}
        scroll={{ x: 720 }}
        title={() => '修改记录'}
        locale={{ emptyText: '还没有修改记录' }}
        dataSource={data.history}
        columns={[
          { title: '时间', dataIndex: 'time', width: 160, render: (v: string) => formatTime(v) },
          { title: '操作人', dataIndex: 'actor', width: 120 },
          {
            title: '修改前',
            dataIndex: 'before',
            render: (v: BankAccount[] | null) => <AccountList items={v} />,
          },
          { title: '修改后', dataIndex: 'after', render: (v: BankAccount[]) => <AccountList items={v} /> },
        ]}
      />
    </Space>
  );
}
