import { type AdminAfterSaleDetail, adminAfterSaleShipExchangeRequestSchema } from '@shop/domain';
import { Form, Input, Select } from 'antd';
import { FormModal } from '@/components/form-modal';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { useAfterSaleSettings } from '../api/after-sale-settings';
import { useShipExchange } from '../api/ship-exchange';

const shape = adminAfterSaleShipExchangeRequestSchema.shape;

interface Values {
  courierCode: string;
  logisticCode: string;
}

/** 换货发出: the replacement goes out from stock with its courier and tracking number; the member is told. */
export function ShipExchangeModal({
  afterSale,
  onClose,
}: {
  afterSale: AdminAfterSaleDetail;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const ship = useShipExchange();
  const settings = useAfterSaleSettings();
  const options = (settings.data?.couriers ?? []).map((c) => ({ value: c.code, label: c.name }));
  return (
    <FormModal<Values>
      title={`换货发出：${afterSale.afterSaleNo}`}
      okText="确认发出"
      pending={ship.isPending}
      onClose={onClose}
      form={form}
      name="aftersale-ship-exchange"
      onFinish={(values) => {
        if (ship.isPending) return;
        ship
          .mutateAsync({
            id: afterSale.id,
            version: afterSale.version,
            courierCode: values.courierCode,
            logisticCode: values.logisticCode.trim(),
          })
          .then(() => {
            notify.success('换货已发出');
            onClose();
          })
          .catch(() => undefined);
      }}
    >
      <Form.Item
        label="快递公司"
        name="courierCode"
        rules={[{ required: true, message: '请选择快递公司' }, zodRule(shape.courierCode)]}
      >
        <Select
          options={options}
          loading={settings.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={settings.isError ? `快递公司加载失败：${settings.error.message}` : '选择快递公司'}
          notFoundContent={settings.isPending ? '加载中…' : '没有可选的快递公司'}
        />
      </Form.Item>
      <Form.Item
        label="物流单号"
        name="logisticCode"
        rules={[{ required: true, message: '请填写物流单号' }, zodRule(shape.logisticCode)]}
      >
        <Input placeholder="如 SF1234567890" />
      </Form.Item>
    </FormModal>
  );
}
