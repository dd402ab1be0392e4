import { type AdminOrderDetail, adminOrderShipRequestSchema, packLabel } from '@shop/domain';
import { Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { FormModal } from '@/components/form-modal';
import { zodRule } from '@/lib/zod-rule';
import { useCouriers } from '../api/list-couriers';
import { useShipOrder } from '../api/ship-order';

const shape = adminOrderShipRequestSchema.shape;

interface Values {
  courierCode: string;
  logisticCode: string;
}

/**
 * Ships one pack (or the order's only pack) with its courier and tracking number. The couriers offered are the
 * shop's active ones that serve the pack's warehouse, the member's choice at checkout first and picked.
 */
export function ShipModal({
  orderNo,
  pack,
  packs,
  onClose,
}: {
  orderNo: string;
  /** The pack's index; undefined for an order with one pack. */
  pack: number | undefined;
  packs: AdminOrderDetail['packs'];
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const ship = useShipOrder();
  const couriers = useCouriers();
  const shipped = packs.find((p) => p.packIndex === (pack ?? 0));
  const chosen = couriers.data?.items.find((c) => c.id === shipped?.courierId);
  const options = (couriers.data?.items ?? [])
    .filter((c) => c === chosen || shipped === undefined || c.locations.includes(shipped.location))
    .sort((a, b) => Number(b === chosen) - Number(a === chosen))
    .map((c) => ({ value: c.code, label: c === chosen ? `${c.name}（会员选择）` : c.name }));
  useEffect(() => {
    if (chosen && !form.getFieldValue('courierCode')) form.setFieldValue('courierCode', chosen.code);
  }, [chosen, form]);
  return (
    <FormModal<Values>
      title={pack === undefined ? `发货：${orderNo}` : `发货：${orderNo} ${packLabel(pack)}`}
      okText="确认发货"
      pending={ship.isPending}
      onClose={onClose}
      form={form}
      name="ship-pack"
      onFinish={(values) => ship.mutate({ orderNo, pack, ...values }, { onSuccess: () => onClose() })}
    >
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
