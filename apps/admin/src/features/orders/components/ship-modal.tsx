import { adminOrderShipRequestSchema } from '@shop/domain';
import { AutoComplete, Form, Input, Modal } from 'antd';
import { zodRule } from '@/lib/zod-rule';
import { useShipOrder } from '../api/ship-order';

const shape = adminOrderShipRequestSchema.shape;
const COURIERS = [
  { value: 'SF', label: 'SF 顺丰速运' },
  { value: 'AUPOST', label: 'AUPOST 澳洲邮政' },
  { value: 'ZTO', label: 'ZTO 中通快递' },
];

interface Values {
  courierCode: string;
  logisticCode: string;
}

/** Ships one pack (or the order's only pack) with its courier and tracking number. */
export function ShipModal({
  orderNo,
  pack,
  onClose,
}: {
  orderNo: string;
  /** The pack's index; undefined for an order with one pack. */
  pack: number | undefined;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const ship = useShipOrder();
  return (
    <Modal
      open
      title={pack === undefined ? `发货：${orderNo}` : `发货：${orderNo} 包裹 ${pack}`}
      okText="确认发货"
      cancelText="取消"
      confirmLoading={ship.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="ship-pack"
        onFinish={(values) => ship.mutate({ orderNo, pack, ...values }, { onSuccess: () => onClose() })}
      >
        <Form.Item
          label="快递公司编码"
          name="courierCode"
          rules={[{ required: true, message: '请选择快递公司' }, zodRule(shape.courierCode)]}
        >
          <AutoComplete options={COURIERS} placeholder="如 SF" />
        </Form.Item>
        <Form.Item
          label="物流单号"
          name="logisticCode"
          rules={[{ required: true, message: '请输入物流单号' }, zodRule(shape.logisticCode)]}
        >
          <Input placeholder="如 SF1234567890" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
