import { type AdminMember, memberLevelRequestSchema } from '@shop/domain';
import { Alert, Form, Input, InputNumber, Modal } from 'antd';
import { useEffect } from 'react';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { useSetMemberLevel } from '../api/set-member-level';

/** Changes a member's price level; the member reads a message with the note. */
export function LevelDialog({ member, onClose }: { member: AdminMember | undefined; onClose: () => void }) {
  const [form] = Form.useForm<{ level: number; note?: string }>();
  const change = useSetMemberLevel();
  useEffect(() => {
    if (member) form.setFieldsValue({ level: member.level, note: undefined });
  }, [member, form]);
  return (
    <Modal
      title={member ? `调整等级：${member.username}` : '调整等级'}
      open={member !== undefined}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      cancelText="取消"
      confirmLoading={change.isPending}
      forceRender
    >
      <Alert
        type="info"
        showIcon
        className="form-alert"
        title="会员将收到等级变更消息，商品价格按新等级显示。"
      />
      <Form
        form={form}
        layout="vertical"
        name="member-level"
        onFinish={({ level, note }) => {
          if (!member) return;
          change.mutate(
            { id: member.id, level, note: note?.trim() || undefined },
            {
              onSuccess: (r) => {
                notify.success(r.changed ? `等级已由 ${r.before} 调整为 ${r.after}` : '等级未改变');
                onClose();
              },
            },
          );
        }}
      >
        <Form.Item label="新等级" name="level" rules={[zodRule(memberLevelRequestSchema.shape.level)]}>
          <InputNumber min={0} max={999} precision={0} className="full-width" />
        </Form.Item>
        <Form.Item
          label="附言（会员可见，可不填）"
          name="note"
          rules={[zodRule(memberLevelRequestSchema.shape.note)]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
