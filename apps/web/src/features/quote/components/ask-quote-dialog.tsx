import { CURRENCIES, CURRENCY_LABELS, type Currency } from '@shop/domain';
import { Form, Input, Modal, Radio } from 'antd';
import { AntdProvider } from '@/components/antd-provider';

/** The longest note request/ takes. */
const NOTE_MAX = 1000;

export interface AskQuoteDialogProps {
  open: boolean;
  currency: Currency;
  selectedCount: number;
  busy: boolean;
  onAsk: (request: { currency: Currency; note: string }) => void;
  onClose: () => void;
  afterClose: () => void;
}

interface AskQuoteValues {
  currency: Currency;
  note: string;
}

/**
 * 申请报价: the currency to be quoted in (the cart's, unless the member picks the other) and a note for staff
 * (quantities to come, delivery wishes). Loaded when first opened, with antd (ADR 056).
 */
export default function AskQuoteDialog({
  open,
  currency,
  selectedCount,
  busy,
  onAsk,
  onClose,
  afterClose,
}: AskQuoteDialogProps) {
  const [form] = Form.useForm<AskQuoteValues>();
  return (
    <AntdProvider>
      <Modal
        open={open}
        title="申请报价"
        okText="提交询价"
        cancelText="取消"
        onOk={() => form.submit()}
        onCancel={() => !busy && onClose()}
        afterClose={afterClose}
        okButtonProps={{ loading: busy }}
        cancelButtonProps={{ disabled: busy }}
        destroyOnHidden
      >
        <p className="ask-quote-lead">
          为购物车中选中的 <strong>{selectedCount}</strong>{' '}
          种商品询价。客服报价后，您可以在“我的询价”中查看并按报价下单；购物车保持不变。
        </p>
        <Form<AskQuoteValues>
          form={form}
          layout="vertical"
          name="ask-quote"
          initialValues={{ currency, note: '' }}
          onFinish={({ currency: chosen, note }) => onAsk({ currency: chosen, note: note.trim() })}
          disabled={busy}
        >
          <Form.Item name="currency" label="报价币种">
            <Radio.Group
              optionType="button"
              options={CURRENCIES.map((c) => ({ value: c, label: CURRENCY_LABELS[c] }))}
            />
          </Form.Item>
          <Form.Item name="note" label="备注">
            <Input.TextArea
              rows={4}
              maxLength={NOTE_MAX}
              showCount
              placeholder="选填，如采购数量、交货时间或其他要求"
            />
          </Form.Item>
        </Form>
      </Modal>
    </AntdProvider>
  );
}
