import {
  type AdminAfterSaleDetail,
  type AfterSaleLine,
  adminAfterSaleReceiveRequestSchema,
} from '@shop/domain';
import { Alert, Form, Input, InputNumber, Table, type TableColumnsType } from 'antd';
import { FormModal } from '@/components/form-modal';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { useReceiveAfterSale } from '../api/receive-after-sale';
import { receiveProblem } from '../steps';

const noteSchema = adminAfterSaleReceiveRequestSchema.shape.note;

interface Values {
  lines: { restock: number | null; writeOff: number | null }[];
  note: string;
}

/**
 * 确认收货: the goods are back; per line, the pieces put back in stock and those written off as damaged, together
 * the pieces claimed (all back to stock to start with). Stock follows through the stock ledger.
 */
export function ReceiveModal({
  afterSale,
  onClose,
}: {
  afterSale: AdminAfterSaleDetail;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const receive = useReceiveAfterSale();
  const submit = (values: Values) => {
    if (receive.isPending) return;
    receive
      .mutateAsync({
        id: afterSale.id,
        version: afterSale.version,
        lines: afterSale.lines.map((l, i) => ({
          itemId: l.itemId,
          restock: values.lines[i]?.restock ?? 0,
          writeOff: values.lines[i]?.writeOff ?? 0,
        })),
        note: (values.note ?? '').trim(),
      })
      .then(() => {
        notify.success('已确认收货');
        onClose();
      })
      .catch(() => undefined);
  };
  const pieces = (l: AfterSaleLine, i: number, field: 'restock' | 'writeOff', label: string) => (
    <Form.Item
      name={['lines', i, field]}
      className="table-cell-field"
      dependencies={field === 'writeOff' ? [['lines', i, 'restock']] : []}
      rules={[
        { required: true, message: `请填写${label}数量` },
        ...(field === 'writeOff'
          ? [
              {
                validator: async () => {
                  const problem = receiveProblem(
                    l.qty,
                    form.getFieldValue(['lines', i, 'restock']),
                    form.getFieldValue(['lines', i, 'writeOff']),
                  );
                  if (problem) throw new Error(problem);
                },
              },
            ]
          : []),
      ]}
    >
      <InputNumber
        aria-label={`${label} ${l.name} ${l.skuName}`.trim()}
        min={0}
        max={l.qty}
        precision={0}
        className="full-width"
      />
    </Form.Item>
  );
  const columns: TableColumnsType<AfterSaleLine> = [
    {
      title: '商品',
      key: 'name',
      render: (_, l) => (
        <div>
          <div>{l.name}</div>
          <div className="field-hint">{l.skuName}</div>
        </div>
      ),
    },
    { title: '申请数量', dataIndex: 'qty', width: 80, align: 'right' },
    { title: '入库', key: 'restock', width: 110, render: (_, l, i) => pieces(l, i, 'restock', '入库') },
    { title: '报损', key: 'writeOff', width: 150, render: (_, l, i) => pieces(l, i, 'writeOff', '报损') },
  ];
  return (
    <FormModal<Values>
      title={`确认收货：${afterSale.afterSaleNo}`}
      okText="确认收货"
      pending={receive.isPending}
      onClose={onClose}
      form={form}
      name="aftersale-receive"
      initialValues={{
        lines: afterSale.lines.map((l) => ({ restock: l.qty, writeOff: 0 })),
        note: '',
      }}
      onFinish={submit}
      width={640}
    >
      <Alert
        type="info"
        showIcon
        className="form-alert"
        title="每个商品：入库 + 报损 = 申请数量。入库的件数回到可售库存，报损的不回库存。"
      />
      <Table<AfterSaleLine>
        rowKey="itemId"
        columns={columns}
        dataSource={afterSale.lines}
        pagination={false}
        size="small"
        scroll={{ x: 480 }}
        className="form-alert"
      />
      <Form.Item name="note" label="备注（可不填）" rules={[zodRule(noteSchema)]}>
        <Input.TextArea rows={2} maxLength={200} showCount placeholder="如 外箱破损，2 件报损" />
      </Form.Item>
    </FormModal>
  );
}
