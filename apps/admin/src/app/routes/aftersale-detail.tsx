import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  type AdminAfterSaleDetail,
  AFTER_SALE_REASON_LABELS,
  CURRENCY_LABELS,
  imageUrl,
  orderStatusLabel,
  Permission,
} from '@shop/domain';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Image,
  Result,
  Row,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { useAfterSale } from '@/features/aftersales/api/get-after-sale';
import { AfterSaleActions } from '@/features/aftersales/components/after-sale-actions';
import { AfterSaleEvents } from '@/features/aftersales/components/after-sale-events';
import { AfterSaleLines } from '@/features/aftersales/components/after-sale-lines';
import { AfterSaleStateTag, AfterSaleTypeTag, money } from '@/features/aftersales/components/labels';
import { REFUND_TO_LABELS, REFUND_WAY_LABELS } from '@/features/aftersales/steps';
import { formatTime } from '@/lib/date';
import { paths } from '@/lib/paths';
import { useCan } from '../session-context';

/** A courier as staff know it: its name when the after-sale lists it, else the code the member gave. */
function courierName(a: AdminAfterSaleDetail, code: string | null): string {
  if (!code) return '—';
  return a.couriers.find((c) => c.code === code)?.name ?? code;
}

/** The member's parcel back: where to, by when, and its tracking number once sent. */
function ReturnParcel({ a }: { a: AdminAfterSaleDetail }) {
  return (
    <Card title="退货寄回" size="small">
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'address',
            label: '退货地址',
            children: <span className="aftersale-note">{a.returnAddress ?? '同意后填写'}</span>,
          },
          { key: 'by', label: '寄回期限', children: formatTime(a.shipBackBy) },
          { key: 'courier', label: '快递公司', children: courierName(a, a.returnCourier) },
          { key: 'code', label: '物流单号', children: a.returnLogisticCode ?? '—' },
        ]}
      />
    </Card>
  );
}

/** The refund: how it would go now, where it went and how much once given, and what the order has left. */
function RefundInfo({ a }: { a: AdminAfterSaleDetail }) {
  const paid = a.paidCurrency ?? a.currency;
  return (
    <Card title="退款信息" size="small">
      <Descriptions
        size="small"
        column={1}
        items={[
          a.refundTo
            ? { key: 'to', label: '退款去向', children: REFUND_TO_LABELS[a.refundTo] }
            : { key: 'way', label: '退款方式', children: REFUND_WAY_LABELS[a.refundWay] },
          {
            key: 'amount',
            label: a.state === 'refunding' ? '退款中' : '已退金额',
            children:
              a.refundAmount === null || a.refundCurrency === null
                ? '—'
                : money(a.refundAmount, a.refundCurrency),
          },
          {
            key: 'paid',
            label: '订单实付',
            children: a.paidAmount === null ? '—' : money(a.paidAmount, paid),
          },
          { key: 'refundable', label: '订单尚可退', children: money(a.refundable, paid) },
        ]}
      />
      {a.state === 'refunding' ? (
        <Alert type="info" showIcon title="等待支付渠道确认退款；渠道拒绝时售后单回到原状态。" />
      ) : null}
    </Card>
  );
}

/** The replacement's parcel out. */
function ExchangeParcel({ a }: { a: AdminAfterSaleDetail }) {
  return (
    <Card title="换货发出" size="small">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'courier', label: '快递公司', children: courierName(a, a.exchangeCourier) },
          { key: 'code', label: '物流单号', children: a.exchangeLogisticCode ?? '—' },
        ]}
      />
    </Card>
  );
}

/**
 * 售后详情 (aftersale.handle): the request, its member and order, the lines and photos on the left with the steps
 * its state allows; the parcels, the refund and the events on the right (under it on a phone).
 */
export default function AfterSaleDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const afterSale = useAfterSale(valid ? id : 0);
  const canOrders = useCan(Permission.orderRead);
  const canMembers = useCan(Permission.memberRead);
  const canRefund = useCan(Permission.orderRefund);
  const back = (
    <Link to={paths.page('aftersales')}>
      <Button icon={<ArrowLeftOutlined />}>返回售后列表</Button>
    </Link>
  );

  if (!valid) return <Result status="404" title="售后单不存在" extra={back} />;
  if (afterSale.isError)
    return <LoadFailed title="售后单加载失败" error={afterSale.error} retry={afterSale.refetch} />;
  if (!afterSale.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );

  const a = afterSale.data;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Card
          title={
            <Space wrap>
              <span>售后 {a.afterSaleNo}</span>
              <AfterSaleStateTag state={a.state} />
            </Space>
          }
          extra={back}
          className="aftersale-card"
        >
          {a.state === 'rejected' && a.rejectReason ? (
            <Alert type="error" showIcon className="form-alert" title={`拒绝原因：${a.rejectReason}`} />
          ) : null}
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xxl: 3 }}
            className="form-alert"
            items={[
              {
                key: 'member',
                label: '会员',
                children: canMembers ? (
                  <Link to={`${paths.page('members')}/${a.memberId}`}>{a.username}</Link>
                ) : (
                  a.username
                ),
              },
              {
                key: 'order',
                label: '订单',
                children: canOrders ? <Link to={paths.order(a.orderNo)}>{a.orderNo}</Link> : a.orderNo,
              },
              { key: 'orderStatus', label: '订单状态', children: orderStatusLabel(a.orderStatus) },
              { key: 'type', label: '售后类型', children: <AfterSaleTypeTag type={a.type} /> },
              { key: 'reason', label: '原因', children: AFTER_SALE_REASON_LABELS[a.reason] },
              {
                key: 'pieces',
                label: '商品',
                children: `${a.lineCount} 种，共 ${a.pieces} 件（${CURRENCY_LABELS[a.currency]}）`,
              },
              { key: 'createdAt', label: '申请时间', children: formatTime(a.createdAt) },
              { key: 'updatedAt', label: '更新时间', children: formatTime(a.updatedAt) },
              {
                key: 'text',
                label: '问题描述',
                span: 'filled' as const,
                children: <span className="aftersale-note">{a.text || '—'}</span>,
              },
            ]}
          />
          {a.images.length > 0 ? (
            <section className="form-alert">
              <Typography.Title level={5}>会员上传的图片</Typography.Title>
              <Image.PreviewGroup>
                <Space size={8} wrap>
                  {a.images.map((image, i) => (
                    <Image
                      key={image.url}
                      width={96}
                      height={96}
                      style={{ objectFit: 'cover' }}
                      src={imageUrl(image.url, 200)}
                      preview={{ src: imageUrl(image.url, 1600) }}
                      alt={`售后图片 ${i + 1}`}
                    />
                  ))}
                </Space>
              </Image.PreviewGroup>
            </section>
          ) : null}
          <div className="form-alert">
            <AfterSaleActions afterSale={a} canRefund={canRefund} />
          </div>
          <AfterSaleLines lines={a.lines} currency={a.currency} />
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Space orientation="vertical" size={16} className="full-width">
          {a.type === 'refund' ? null : <ReturnParcel a={a} />}
          {a.type === 'exchange' ? <ExchangeParcel a={a} /> : <RefundInfo a={a} />}
          <Card title="处理记录" size="small">
            <AfterSaleEvents events={a.events} />
          </Card>
        </Space>
      </Col>
    </Row>
  );
}
