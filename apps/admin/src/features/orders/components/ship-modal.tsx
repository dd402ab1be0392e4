import {
  type AdminOrderDetail,
  adminOrderShipRequestSchema,
  packLabel,
  shippablePieces,
  waitingText,
} from '@shop/domain';
import {
  Alert,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { FormModal } from '@/components/form-modal';
import { zodRule } from '@/lib/zod-rule';
import { useCouriers } from '../api/list-couriers';
import { useShipOrder } from '../api/ship-order';
import { packItems, waitingPieces } from './pack-lines';

const shape = adminOrderShipRequestSchema.shape;

type Item = AdminOrderDetail['items'][number];

interface Values {
  courierCode: string;
  logisticCode: string;
  /** 部分发货: the pieces of each of the pack's lines leaving now, in the order the table lists them. */
  lines: { qty: number | null }[];
}

type Mode = 'whole' | 'split';

/** What the split table adds up to, in the words staff read before confirming. */
function SplitSummary({ chosen, total, pack }: { chosen: number; total: number; pack: number }) {
  if (chosen === 0)
    return <Typography.Text type="danger">请选择要发货的商品（本次发货件数大于 0）</Typography.Text>;
  if (chosen === total) return <Typography.Text>已选包裹内全部 {total} 件商品，将按整包发货</Typography.Text>;
  return (
    <Typography.Text>
      本次发出 <Typography.Text strong>{chosen}</Typography.Text> 件，作为新包裹发货；其余 {total - chosen}{' '}
      件留在{packLabel(pack)}
    </Typography.Text>
  );
}

/**
 * Ships one pack (or the order's only pack) with its courier and tracking number: the whole pack, or in part
 * (部分发货), some pieces of its lines leaving as a parcel of their own while the rest stay. A pack holding
 * pre-ordered pieces still waiting for stock cannot leave whole, so it opens in part with the reason. The couriers
 * offered are the shop's active ones that serve the pack's warehouse, the member's choice at checkout first and
 * picked.
 */
export function ShipModal({
  order,
  pack,
  onClose,
}: {
  order: AdminOrderDetail;
  /** The pack's index; undefined for an order with one pack. */
  pack: number | undefined;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const ship = useShipOrder();
  const couriers = useCouriers();
  const index = pack ?? 0;
  const shipped = order.packs.find((p) => p.packIndex === index);
  const lines = packItems(order.items, index);
  const waiting = waitingPieces(order.items, index);
  const [mode, setMode] = useState<Mode>(waiting > 0 ? 'split' : 'whole');
  const split = mode === 'split';
  const watched = Form.useWatch('lines', { form, preserve: true });
  const picked = lines.map((item, i) => {
    const qty = watched?.[i]?.qty ?? (watched === undefined ? shippablePieces(item) : 0);
    return Math.min(Math.max(0, qty), shippablePieces(item));
  });
  const chosen = picked.reduce((sum, qty) => sum + qty, 0);
  const total = lines.reduce((sum, item) => sum + item.qty, 0);
  const nothingArrived = waiting > 0 && lines.every((item) => shippablePieces(item) === 0);

  const chosenCourier = couriers.data?.items.find((c) => c.id === shipped?.courierId);
  const options = (couriers.data?.items ?? [])
    .filter((c) => c === chosenCourier || shipped === undefined || c.locations.includes(shipped.location))
    .sort((a, b) => Number(b === chosenCourier) - Number(a === chosenCourier))
    .map((c) => ({ value: c.code, label: c === chosenCourier ? `${c.name}（会员选择）` : c.name }));
  useEffect(() => {
    if (chosenCourier && !form.getFieldValue('courierCode'))
      form.setFieldValue('courierCode', chosenCourier.code);
  }, [chosenCourier, form]);

  const submit = (values: Values) => {
    const parcel = { courierCode: values.courierCode, logisticCode: values.logisticCode };
    if (!split) {
      ship.mutate({ orderNo: order.orderNo, pack, ...parcel }, { onSuccess: () => onClose() });
      return;
    }
    const sent = lines.flatMap((item, i) => {
      const qty = picked[i] ?? 0;
      return qty > 0 ? [{ itemId: item.id, qty }] : [];
    });
    if (sent.length === 0) return;
    ship.mutate(
      { orderNo: order.orderNo, pack: index, ...parcel, lines: sent },
      { onSuccess: () => onClose() },
    );
  };

  const columns: TableColumnsType<Item> = [
    {
      title: '商品',
      key: 'name',
      render: (_, item) => (
        <div>
          <div>{item.name}</div>
          {item.skuName && item.skuName !== item.name && <div className="field-hint">{item.skuName}</div>}
          {item.waiting > 0 && <Typography.Text type="warning">{waitingText(item)}</Typography.Text>}
        </div>
      ),
    },
    { title: '数量', dataIndex: 'qty', width: 60, align: 'right' },
    {
      title: '可发',
      key: 'shippable',
      width: 60,
      align: 'right',
      render: (_, item) => shippablePieces(item),
    },
    {
      title: '本次发货',
      key: 'qty',
      width: 110,
      render: (_, item, i) => {
        const max = shippablePieces(item);
        return (
          <Form.Item
            name={['lines', i, 'qty']}
            className="table-cell-field"
            rules={[{ type: 'integer', min: 0, max, message: `可发 0-${max} 件` }]}
          >
            <InputNumber
              aria-label={`本次发货 ${item.name} ${item.skuName}`.trim()}
              min={0}
              max={max}
              precision={0}
              disabled={max === 0}
              className="full-width"
            />
          </Form.Item>
        );
      },
    },
  ];

  return (
    <FormModal<Values>
      title={pack === undefined ? `发货：${order.orderNo}` : `发货：${order.orderNo} ${packLabel(pack)}`}
      okText="确认发货"
      pending={ship.isPending}
      okDisabled={nothingArrived || (split && chosen === 0)}
      onClose={onClose}
      form={form}
      name="ship-pack"
      initialValues={{ lines: lines.map((item) => ({ qty: shippablePieces(item) })) }}
      onFinish={submit}
      width={split ? 640 : undefined}
    >
      {waiting > 0 && (
        <Alert
          type="warning"
          showIcon
          className="form-alert"
          title={
            nothingArrived
              ? `该包裹的商品都在等待预订到货（${waiting} 件），暂时不能发货。`
              : `该包裹有 ${waiting} 件预订商品尚未到货，不能整包发货：可先发出已到货的商品，其余留在包裹中，到货后再发。`
          }
        />
      )}
      <Form.Item label="发货方式">
        <Radio.Group
          value={mode}
          onChange={(e) => setMode(e.target.value as Mode)}
          optionType="button"
          options={[
            { value: 'whole', label: '整包发货', disabled: waiting > 0 },
            { value: 'split', label: '部分发货' },
          ]}
        />
      </Form.Item>
      {split && (
        <Form.Item
          label="本次发货的商品与件数"
          required
          extra={<SplitSummary chosen={chosen} total={total} pack={index} />}
        >
          <Table<Item>
            rowKey="id"
            columns={columns}
            dataSource={lines}
            pagination={false}
            size="small"
            scroll={{ x: 480 }}
          />
        </Form.Item>
      )}
      <Form.Item
        label="快递公司"
        name="courierCode"
        rules={[{ required: true, message: '请选择快递公司' }, zodRule(shape.courierCode)]}
      >
        <Select
          options={options}
          loading={couriers.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={couriers.isError ? '快递公司加载失败，请关闭后重试' : '选择快递公司'}
          notFoundContent={couriers.isPending ? '加载中…' : '没有可从该仓库发货的快递公司'}
        />
      </Form.Item>
      <Form.Item
        label="物流单号"
        name="logisticCode"
        rules={[{ required: true, message: '请输入物流单号' }, zodRule(shape.logisticCode)]}
      >
        <Input placeholder="如 SF1234567890" />
      </Form.Item>
    </FormModal>
  );
}
