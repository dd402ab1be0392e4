import { CameraOutlined } from '@ant-design/icons';
import {
  type AdminOrderDetail,
  type Currency,
  formatPrice,
  gstLine,
  imageUrl,
  packLabel,
  packNumber,
  packTitle,
  payStatusLabel,
  waitingText,
} from '@shop/domain';
import {
  Button,
  Descriptions,
  Drawer,
  Empty,
  Grid,
  Image,
  Result,
  Space,
  Spin,
  Table,
  Tag,
  Timeline,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { formatTime } from '@/lib/date';
import { useDownloadTaxDocument } from '../api/download-tax-documents';
import { useOrderDetail } from '../api/get-order';
import { AttachModal } from './attach-modal';
import { LogisticsModal } from './logistics-modal';
import { MoneyBackModal } from './money-back-modal';
import { OrderActions, type OrderDialog, type OrderPermissions, StepButton } from './order-actions';
import { nextStep } from './order-steps';
import { waitingPieces } from './pack-lines';
import { ShipModal } from './ship-modal';
import { StatusTag } from './status-tag';

function address(a: Record<string, unknown> | null): string {
  if (!a) return '—';
  const t = (k: string) => (typeof a[k] === 'string' ? (a[k] as string) : '');
  return [
    t('name'),
    t('phone'),
    [t('country'), t('province'), t('city'), t('district'), t('detail')].filter(Boolean).join(' '),
    t('postCode'),
  ]
    .filter(Boolean)
    .join('，');
}

/** A paid AUD order's tax invoice and, after a refund, its adjustment note (docs/invoices.md). */
function TaxDocumentButtons({ order }: { order: AdminOrderDetail }) {
  const download = useDownloadTaxDocument();
  if (order.currency !== 'AUD' || !order.paidTime) return null;
  const busy = download.isPending ? download.variables?.kind : undefined;
  return (
    <Space wrap>
      <Button
        loading={busy === 'invoice'}
        onClick={() => download.mutate({ orderNo: order.orderNo, kind: 'invoice' })}
      >
        税务发票 PDF
      </Button>
      {order.refundedAmount > 0 && (
        <Button
          loading={busy === 'note'}
          onClick={() => download.mutate({ orderNo: order.orderNo, kind: 'note' })}
        >
          退款调整单 PDF
        </Button>
      )}
    </Space>
  );
}
type RefundRowStatus = AdminOrderDetail['refunds'][number]['status'];
const REFUND_ROW_LABELS: Readonly<Record<RefundRowStatus, string>> = {
  processing: '退款中',
  success: '已退款',
  closed: '已关闭',
  abnormal: '退款异常',
  refused: '渠道拒绝',
};
const REFUND_ROW_COLORS: Readonly<Record<RefundRowStatus, string>> = {
  processing: 'gold',
  success: 'green',
  closed: 'default',
  abnormal: 'red',
  refused: 'red',
};

function OrderBody({ order, can }: { order: AdminOrderDetail; can: OrderPermissions }) {
  const [dialog, setDialog] = useState<OrderDialog | null>(null);
  const currency = order.currency as Currency;
  const money = (minor: number) => formatPrice(minor, currency);
  const codes = [...new Set(order.packs.map((p) => p.logisticCode).filter(Boolean))];
  const manyPacks = order.packs.length > 1;
  return (
    <Space orientation="vertical" size="large" className="full-width">
      <OrderActions order={order} can={can} open={setDialog} />
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="订单号">{order.orderNo}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <StatusTag status={order.status} label={order.statusName} />
          {order.refundState && order.refundStateName && (
            <Tag
              color={order.refundState === 'processing' ? 'gold' : 'volcano'}
              data-refund-state={order.refundState}
            >
              {order.refundStateName}
            </Tag>
          )}
          {order.isPickup && <Tag>自提</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="会员">{order.username}</Descriptions.Item>
        <Descriptions.Item label="下单时间">{formatTime(order.createTime)}</Descriptions.Item>
        <Descriptions.Item label="商品金额">{money(order.goodsAmount)}</Descriptions.Item>
        <Descriptions.Item label="运费 / 税费">
          {money(order.shippingAmount)} / {money(order.taxAmount)}
        </Descriptions.Item>
        <Descriptions.Item label="GST">
          {order.gstAmount > 0 ? (
            <span data-testid="order-gst">
              {gstLine(order.gstAmount, order.gstIncluded, currency)}
              {order.refundedGst > 0 && `（已随退款冲回 ${money(order.refundedGst)}）`}
            </span>
          ) : (
            '无'
          )}
        </Descriptions.Item>
        <Descriptions.Item label="优惠">{money(order.promotionsAmount)}</Descriptions.Item>
        <Descriptions.Item label="订单总额">
          <Typography.Text strong>{money(order.totalAmount)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="支付方式">{order.payChannelName ?? '未付款'}</Descriptions.Item>
        <Descriptions.Item label="付款时间">{formatTime(order.paidTime)}</Descriptions.Item>
        <Descriptions.Item label="实付 / 已退款">
          {order.paidAmount === null || !order.paidCurrency
            ? '—'
            : `${formatPrice(order.paidAmount, order.paidCurrency as Currency)} / ${formatPrice(order.refundedAmount, order.paidCurrency as Currency)}`}
          {order.refundingAmount > 0 && order.paidCurrency && (
            <Typography.Text type="warning">
              {`（退款中 ${formatPrice(order.refundingAmount, order.paidCurrency as Currency)}）`}
            </Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="完成 / 取消时间">
          {formatTime(order.finishTime)} / {formatTime(order.cancelTime)}
        </Descriptions.Item>
        <Descriptions.Item label="收货人" span="filled">
          {address(order.receiver)}
        </Descriptions.Item>
        <Descriptions.Item label="发件人" span="filled">
          {address(order.sender)}
        </Descriptions.Item>
        <Descriptions.Item label="会员备注" span="filled">
          {order.memberRemark || '—'}
        </Descriptions.Item>
      </Descriptions>

      <TaxDocumentButtons order={order} />

      <section>
        <Typography.Title level={5}>包裹</Typography.Title>
        <Table
          rowKey="packIndex"
          size="small"
          pagination={false}
          scroll={{ x: 820 }}
          dataSource={order.packs}
          columns={[
            {
              title: '包裹',
              dataIndex: 'packIndex',
              width: 110,
              render: (_: number, p) => packTitle(p.packIndex, p.splitFrom),
            },
            { title: '仓库', dataIndex: 'warehouseName', width: 110 },
            {
              title: '状态',
              dataIndex: 'status',
              width: 130,
              render: (s: number, p) => {
                const waiting = waitingPieces(order.items, p.packIndex);
                return (
                  <Space size={4} wrap>
                    <StatusTag status={s} label={p.statusName} />
                    {waiting > 0 && (
                      <Tag color="orange" title={`${waiting} 件预订商品尚未到货`}>
                        等待预订到货
                      </Tag>
                    )}
                  </Space>
                );
              },
            },
            {
              title: '快递 / 单号',
              width: 200,
              render: (_, p) => (p.logisticCode ? `${p.courierName} ${p.logisticCode}` : '—'),
            },
            {
              title: '发货时间',
              dataIndex: 'shippedTime',
              width: 140,
              render: (v: string | null) => formatTime(v),
            },
            ...(manyPacks && can.fulfil
              ? [
                  {
                    title: '操作',
                    width: 120,
                    render: (_: unknown, p: AdminOrderDetail['packs'][number]) => {
                      const step = nextStep(p.status, order.isPickup);
                      if (step === null) return '—';
                      if (step === 'ship')
                        return (
                          <Typography.Link onClick={() => setDialog({ kind: 'ship', pack: p.packIndex })}>
                            发货
                          </Typography.Link>
                        );
                      return (
                        <StepButton orderNo={order.orderNo} action={step} pack={p.packIndex} size="small" />
                      );
                    },
                  },
                ]
              : []),
          ]}
        />
      </section>

      <section>
        <Typography.Title level={5}>商品</Typography.Title>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 600 }}
          dataSource={order.items}
          columns={[
            {
              title: '商品',
              render: (_, i) => (
                <>
                  <Space wrap>
                    {i.name}
                    {i.skuName && i.skuName !== i.name && (
                      <Typography.Text type="secondary">{i.skuName}</Typography.Text>
                    )}
                    {i.isGift && <Tag color="magenta">赠品</Tag>}
                  </Space>
                  {i.waiting > 0 && (
                    <div>
                      <Typography.Text type="warning">{waitingText(i)}</Typography.Text>
                    </div>
                  )}
                </>
              ),
            },
            { title: '包裹', dataIndex: 'packIndex', width: 60, render: (i: number) => packNumber(i) },
            { title: '数量', dataIndex: 'qty', width: 60 },
            { title: '单价', dataIndex: 'unitPrice', width: 100, render: (v: number) => money(v) },
          ]}
        />
      </section>

      {order.refunds.length > 0 && (
        <section>
          <Typography.Title level={5}>渠道退款</Typography.Title>
          <Table
            rowKey="refundNo"
            size="small"
            pagination={false}
            scroll={{ x: 640 }}
            dataSource={order.refunds}
            columns={[
              { title: '退款单号', dataIndex: 'refundNo' },
              {
                title: '金额',
                width: 100,
                render: (_, r) => formatPrice(r.amount, (order.paidCurrency ?? order.currency) as Currency),
              },
              {
                title: '状态',
                dataIndex: 'status',
                width: 150,
                render: (status: AdminOrderDetail['refunds'][number]['status'], r) => (
                  <Tooltip title={r.channelMessage || status}>
                    <Tag color={REFUND_ROW_COLORS[status]} data-refund-status={status}>
                      {REFUND_ROW_LABELS[status]}
                    </Tag>
                    {status !== 'success' && status !== 'processing' && r.channelMessage && (
                      <Typography.Text type="danger">{r.channelMessage}</Typography.Text>
                    )}
                  </Tooltip>
                ),
              },
              { title: '原因 / 操作人', width: 160, render: (_, r) => `${r.reason || '—'} / ${r.operator}` },
              {
                title: '时间',
                width: 140,
                render: (_, r) => formatTime(r.confirmTime ?? r.createTime),
              },
            ]}
          />
        </section>
      )}

      <section>
        <Typography.Title level={5}>支付记录</Typography.Title>
        <Table
          rowKey="tradeNo"
          size="small"
          pagination={false}
          scroll={{ x: 600 }}
          locale={{ emptyText: '没有在线支付记录' }}
          dataSource={order.payments}
          columns={[
            { title: '交易号', dataIndex: 'tradeNo' },
            { title: '方式', dataIndex: 'channelName', width: 140 },
            {
              title: '金额',
              width: 100,
              render: (_, p) => formatPrice(p.amount, p.currency as Currency),
            },
            {
              title: '状态',
              dataIndex: 'status',
              width: 90,
              render: (code: string) => (
                <Tooltip title={code}>
                  <span data-code={code}>{payStatusLabel(code)}</span>
                </Tooltip>
              ),
            },
            {
              title: '付款时间',
              dataIndex: 'paidTime',
              width: 140,
              render: (v: string | null) => formatTime(v),
            },
          ]}
        />
      </section>

      <section>
        <div className="section-head">
          <Typography.Title level={5}>附件（包裹照片）</Typography.Title>
          {can.fulfil && (
            <Button icon={<CameraOutlined />} onClick={() => setDialog({ kind: 'attach' })}>
              上传包裹照片
            </Button>
          )}
        </div>
        {order.attachments.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无附件" />
        ) : (
          <Image.PreviewGroup>
            <Space wrap>
              {order.attachments.map((a) => (
                <Space key={a.id} orientation="vertical" size={2}>
                  <Image
                    width={96}
                    height={96}
                    src={imageUrl(a.path, 200)}
                    preview={{ src: imageUrl(a.path, 1600) }}
                    alt={a.note || '包裹照片'}
                  />
                  <Typography.Text type="secondary">
                    {a.packIndex === null ? '订单' : packLabel(a.packIndex)} {a.note}
                  </Typography.Text>
                </Space>
              ))}
            </Space>
          </Image.PreviewGroup>
        )}
      </section>

      <section>
        <Typography.Title level={5}>物流轨迹</Typography.Title>
        {order.logistics.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无物流轨迹" />
        ) : (
          <Timeline
            items={order.logistics.map((e, i) => ({
              key: `${e.logisticCode}-${i}`,
              content: `${formatTime(e.time)}　${e.logisticCode}　${e.location ? `${e.location}　` : ''}${e.description}`,
            }))}
          />
        )}
      </section>

      {dialog?.kind === 'ship' && (
        <ShipModal order={order} pack={dialog.pack} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'attach' && <AttachModal order={order} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'logistics' && <LogisticsModal codes={codes} onClose={() => setDialog(null)} />}
      {(dialog?.kind === 'cancel' || dialog?.kind === 'refund') && (
        <MoneyBackModal order={order} kind={dialog.kind} onClose={() => setDialog(null)} />
      )}
    </Space>
  );
}

/** One order whole, beside the list: its detail and the actions its state allows. */
export function OrderDrawer({
  orderNo,
  can,
  onClose,
}: {
  orderNo: string | undefined;
  can: OrderPermissions;
  onClose: () => void;
}) {
  const detail = useOrderDetail(orderNo);
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open={orderNo !== undefined}
      onClose={onClose}
      title={orderNo ? `订单 ${orderNo}` : '订单'}
      size={screens.lg ? 960 : '100%'}
      destroyOnHidden
    >
      {detail.isPending ? (
        <div className="drawer-loading">
          <Spin />
        </div>
      ) : detail.isError ? (
        <LoadFailed title="订单加载失败" error={detail.error} retry={detail.refetch} />
      ) : detail.data ? (
        <OrderBody order={detail.data} can={can} />
      ) : (
        <Result status="404" title="订单不存在" />
      )}
    </Drawer>
  );
}
