import {
  type AdminPaymentMethod,
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_PROVIDERS,
  type PaymentProvider,
} from '@shop/domain';
import { Alert, Card, Popconfirm, Select, Switch, Table, Tag, Typography } from 'antd';
import { LoadFailed } from '@/components/load-failed';
import { usePaymentMethods, useUpdatePayment } from '../api/settings';

const KIND_LABELS: Record<AdminPaymentMethod['kind'], string> = {
  deposit: '余额支付',
  syb: '收银台',
  supay: '表单跳转',
  supay_proxy: '代理收银台',
  account: '账期',
};

/** 支付方式: which methods the payment page offers, and which provider collects for each online one. */
export function PaymentCard() {
  const methods = usePaymentMethods();
  const update = useUpdatePayment();
  const busy = update.isPending ? update.variables?.code : undefined;
  const gateway = methods.data?.gatewayConfigured ?? false;
  const wechatPay = methods.data?.wechatPayConfigured ?? false;
  const stripe = methods.data?.stripeConfigured ?? false;
  const alipay = methods.data?.alipayConfigured ?? false;
  return (
    <Card title="支付方式" loading={methods.isPending}>
      {methods.isError ? (
        <LoadFailed title="支付方式加载失败" error={methods.error} retry={methods.refetch} />
      ) : methods.data ? (
        <>
          {!gateway && (
            <Alert
              type="warning"
              showIcon
              className="form-alert"
              title="未配置真实支付渠道：在线支付方式只能使用沙箱（不真实收款）。配置方法见 README 的 Going live 一节。"
            />
          )}
          <Table
            rowKey="code"
            size="small"
            pagination={false}
            scroll={{ x: 760 }}
            dataSource={methods.data.items}
            columns={[
              {
                title: '支付方式',
                render: (_, m) => (
                  <>
                    <Typography.Text strong>{m.name}</Typography.Text>{' '}
                    <Typography.Text type="secondary">{m.code}</Typography.Text>
                  </>
                ),
              },
              {
                title: '类型',
                dataIndex: 'kind',
                width: 110,
                render: (k: AdminPaymentMethod['kind']) => KIND_LABELS[k],
              },
              { title: '币种', dataIndex: 'currency', width: 70 },
              {
                title: '用于充值',
                dataIndex: 'forRecharge',
                width: 90,
                render: (v: boolean) => (v ? <Tag color="blue">可充值</Tag> : '—'),
              },
              {
                title: '渠道',
                width: 220,
                render: (_, m) =>
                  // The deposit and on account (a company's credit) are the shop's own: no channel collects.
                  m.kind === 'deposit' || m.kind === 'account' ? (
                    '—'
                  ) : (
                    <Select<PaymentProvider>
                      aria-label={`${m.name}的渠道`}
                      size="small"
                      className="full-width"
                      value={m.provider as PaymentProvider}
                      disabled={busy === m.code}
                      options={PAYMENT_PROVIDERS.map((p) => ({
                        value: p,
                        label: PAYMENT_PROVIDER_LABELS[p],
                        disabled:
                          (p === 'gateway' && !gateway) ||
                          (p === 'wechatpay' && !wechatPay) ||
                          (p === 'alipay' && (!alipay || m.currency !== 'CNY')) ||
                          (p === 'stripe' && !stripe),
                      }))}
                      onChange={(provider: (typeof PAYMENT_PROVIDERS)[number]) =>
                        update.mutate({ code: m.code, provider })
                      }
                    />
                  ),
              },
              {
                title: '启用',
                width: 80,
                render: (_, m) => (
                  <Popconfirm
                    title={m.enabled ? `停用「${m.name}」？会员将不能再用它付款。` : `启用「${m.name}」？`}
                    okText="确定"
                    cancelText="取消"
                    onConfirm={() => update.mutate({ code: m.code, enabled: !m.enabled })}
                  >
                    <Switch
                      aria-label={`${m.name}${m.enabled ? '已启用' : '已停用'}`}
                      checked={m.enabled}
                      loading={busy === m.code}
                    />
                  </Popconfirm>
                ),
              },
            ]}
          />
        </>
      ) : null}
    </Card>
  );
}
