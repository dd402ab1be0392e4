import {
  type AdminStockRow,
  adminStockThresholdRequestSchema,
  LOW_STOCK,
  LOW_STOCK_LINE_MAX,
  SkuStatus,
} from '@shop/domain';
import { Alert, Button, Flex, Form, InputNumber, Modal, Space, Typography } from 'antd';
import { zodRule } from '@/lib/zod-rule';
import { useSetLowStockLine } from '../api/stock';
import { lowStockLineText } from './low-stock-line';

interface Values {
  lowStockAt: number | null;
}

/**
 * A SKU's own low-stock line: the warehouse is told when a SKU sold by stock falls to it, and 只看库存不足 lists the
 * SKUs at or below it. 恢复默认 gives the SKU back the shop's line (LOW_STOCK). The number is checked as the server
 * checks it (whole pieces, 0–99,999) and never rounded or clamped behind the staff member's back.
 */
export function LowStockLineModal({ row, onClose }: { row: AdminStockRow; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSetLowStockLine();
  const sending = save.isPending ? save.variables.lowStockAt : undefined;
  const send = (lowStockAt: number | null) =>
    save.mutate({ skuCode: row.skuCode, lowStockAt }, { onSuccess: () => onClose() });

  return (
    <Modal
      open
      title={`设置提醒线：${row.skuCode}`}
      width={420}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="space-between" align="center" gap={8} wrap>
          {row.lowStockAt !== null ? (
            <Button
              onClick={() => send(null)}
              loading={sending === null}
              disabled={save.isPending && sending !== null}
            >
              恢复默认（{LOW_STOCK} 件）
            </Button>
          ) : (
            <span />
          )}
          <Space>
            <Button onClick={onClose}>取消</Button>
            <Button
              type="primary"
              onClick={() => form.submit()}
              loading={typeof sending === 'number'}
              disabled={sending === null}
            >
              保存
            </Button>
          </Space>
        </Flex>
      }
    >
      <Typography.Paragraph>
        {row.goodsName} {Object.values(row.property).join(' / ')}
        <br />
        当前库存 <Typography.Text strong>{row.stock}</Typography.Text>，提醒线{' '}
        <Typography.Text strong>{lowStockLineText(row)}</Typography.Text>
      </Typography.Paragraph>
      {row.status !== SkuStatus.ByStock && (
        <Alert
          type="info"
          showIcon
          className="form-alert"
          title={`「${row.statusLabel}」不按库存数提醒；改为「按库存销售」后提醒线才生效`}
        />
      )}
      {save.isError && (
        <Alert type="error" showIcon className="form-alert" role="alert" title={save.error.message} />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        name="low-stock-line"
        initialValues={{ lowStockAt: row.lowStockAt }}
        onFinish={(values) => send(values.lowStockAt)}
        disabled={save.isPending}
      >
        <Form.Item
          name="lowStockAt"
          label="提醒线（件）"
          extra="库存不多于此数时提醒仓库；填 0 即卖完才提醒"
          validateFirst
          rules={[
            { required: true, message: '请输入提醒数量' },
            zodRule(adminStockThresholdRequestSchema.shape.lowStockAt, '提醒数量'),
          ]}
        >
          <InputNumber
            className="full-width"
            step={1}
            inputMode="numeric"
            placeholder={`默认 ${LOW_STOCK}，最多 ${LOW_STOCK_LINE_MAX}`}
            onPressEnter={() => form.submit()}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
