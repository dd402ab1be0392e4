import {
  adminSupplierNoteRequestSchema,
  SUPPLIER_APPLICATION_STATUS_LABELS,
  SUPPLIER_NOTE_MAX,
  SUPPLIER_NOTE_REQUIRED,
  type SupplierApplicationStatus,
} from '@shop/domain';
import { Button, Form, Input, Select } from 'antd';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { useAddNote } from '../api/add-note';
import { SUPPLIER_STATUSES } from './status-tag';

interface NoteValues {
  note?: string;
  status?: SupplierApplicationStatus;
}

const noteSchema = adminSupplierNoteRequestSchema.shape.note;

/** A contact note and/or a new status: one more entry in the history, never an edit of an earlier one. */
export function NoteForm({ id, status }: { id: number; status: SupplierApplicationStatus }) {
  const [form] = Form.useForm<NoteValues>();
  const add = useAddNote();

  const submit = async (values: NoteValues) => {
    const note = values.note?.trim() || undefined;
    const result = await add.mutateAsync({ id, note, status: values.status });
    notify.success(
      result.before !== result.after
        ? `已改为「${SUPPLIER_APPLICATION_STATUS_LABELS[result.after]}」`
        : result.entry
          ? '联系记录已保存'
          : '状态未改变',
    );
    form.resetFields();
  };

  return (
    <Form<NoteValues>
      form={form}
      layout="vertical"
      name="supplier-note"
      onFinish={(values) => submit(values).catch(() => undefined)}
    >
      <Form.Item
        name="note"
        label="联系记录"
        rules={[
          zodRule(noteSchema, '联系记录'),
          ({ getFieldValue }) => ({
            validator: async (_rule: unknown, value?: string) => {
              if (!value?.trim() && getFieldValue('status') === undefined)
                throw new Error(SUPPLIER_NOTE_REQUIRED);
            },
          }),
        ]}
        dependencies={['status']}
      >
        <Input.TextArea
          rows={3}
          maxLength={SUPPLIER_NOTE_MAX}
          showCount
          placeholder="如：已电话联系，对方下周寄样品"
        />
      </Form.Item>
      <Form.Item name="status" label="新状态">
        <Select<SupplierApplicationStatus>
          allowClear
          placeholder="不改变"
          style={{ maxWidth: 240 }}
          options={SUPPLIER_STATUSES.filter((s) => s !== status).map((s) => ({
            value: s,
            label: SUPPLIER_APPLICATION_STATUS_LABELS[s],
          }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={add.isPending}>
        保存
      </Button>
    </Form>
  );
}
