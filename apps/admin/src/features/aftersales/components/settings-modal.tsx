import {
  type AdminAfterSaleSettingsSaveRequest,
  adminAfterSaleSettingsSaveRequestSchema,
} from '@shop/domain';
import { Alert, Button, Form, Input, InputNumber, Modal, Skeleton } from 'antd';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { useAfterSaleSettings, useSaveAfterSaleSettings } from '../api/after-sale-settings';

const shape = adminAfterSaleSettingsSaveRequestSchema.shape;

interface Values {
  windowDays: number;
  returnAddress: string;
}

/**
 * 售后设置: how long after an order finished a member may ask, and the return address approvals start from. One
 * dialog throughout: the form appears in it once the settings are read, filled with them.
 */
export function AfterSaleSettingsModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const settings = useAfterSaleSettings();
  const save = useSaveAfterSaleSettings();
  const submit = (values: Values) => {
    if (save.isPending) return;
    const body: AdminAfterSaleSettingsSaveRequest = {
      windowDays: values.windowDays,
      returnAddress: (values.returnAddress ?? '').trim(),
    };
    save
      .mutateAsync(body)
      .then(() => {
        notify.success('售后设置已保存');
        onClose();
      })
      .catch(() => undefined);
  };
  return (
    <Modal
      open
      title="售后设置"
      okText="保存"
      cancelText="取消"
      okButtonProps={{ disabled: !settings.data }}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {settings.data ? (
        <Form<Values>
          form={form}
          layout="vertical"
          name="aftersale-settings"
          initialValues={{
            windowDays: settings.data.windowDays,
            returnAddress: settings.data.returnAddress,
          }}
          onFinish={submit}
        >
          <Form.Item
            name="windowDays"
            label="售后期限（天）"
            extra="订单完成后会员可以申请售后的天数"
            rules={[{ required: true, message: '请填写售后期限' }, zodRule(shape.windowDays)]}
          >
            <InputNumber min={0} max={365} precision={0} className="full-width" />
          </Form.Item>
          <Form.Item
            name="returnAddress"
            label="默认退货地址"
            extra="同意退货或换货时预填，可在同意时修改"
            rules={[zodRule(shape.returnAddress)]}
          >
            <Input.TextArea rows={3} maxLength={300} showCount placeholder="收件人、电话、地址" />
          </Form.Item>
        </Form>
      ) : settings.isError ? (
        <Alert
          type="error"
          showIcon
          title={`售后设置加载失败：${settings.error.message}`}
          action={<Button onClick={() => void settings.refetch()}>重试</Button>}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} />
      )}
    </Modal>
  );
}
