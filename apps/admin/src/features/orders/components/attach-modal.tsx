import { UploadOutlined } from '@ant-design/icons';
import { type AdminOrderDetail, adminOrderAttachFieldsSchema, packLabel } from '@shop/domain';
import { Button, Form, Input, Select, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { FormModal } from '@/components/form-modal';
import { IMAGE_ACCEPT, imageFileAllowed } from '@/lib/image-file';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { useAttachPhoto } from '../api/attach-photo';

const WHOLE_ORDER = -1;

interface Values {
  pack: number;
  note?: string;
}

/** A photo of the packed goods for the order or one pack, with a note; the member sees both with the order. */
export function AttachModal({ order, onClose }: { order: AdminOrderDetail; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [missing, setMissing] = useState(false);
  const attach = useAttachPhoto();
  const packs = order.packs.map((p) => ({
    value: p.packIndex,
    label: `${packLabel(p.packIndex)}（${p.warehouseName}）`,
  }));

  const submit = (values: Values) => {
    const file = files[0]?.originFileObj;
    if (!file) {
      setMissing(true);
      return;
    }
    attach.mutate(
      {
        orderNo: order.orderNo,
        pack: values.pack === WHOLE_ORDER ? undefined : values.pack,
        note: values.note?.trim() || undefined,
        file,
      },
      {
        onSuccess: () => {
          notify.success('照片已上传，会员可在订单详情中查看');
          onClose();
        },
      },
    );
  };

  return (
    <FormModal<Values>
      title="上传包裹照片"
      okText="上传"
      pending={attach.isPending}
      onClose={onClose}
      form={form}
      name="attach-photo"
      initialValues={{ pack: packs.length === 1 ? (packs[0]?.value ?? WHOLE_ORDER) : WHOLE_ORDER }}
      onFinish={submit}
    >
      <Form.Item label="照片内容" name="pack">
        <Select options={[{ value: WHOLE_ORDER, label: '整个订单' }, ...packs]} />
      </Form.Item>
      <Form.Item
        label="照片"
        required
        validateStatus={missing ? 'error' : undefined}
        help={missing ? '请选择照片' : 'JPEG、PNG、WebP 或 GIF，不超过 5 MB；拍摄信息会被去掉'}
      >
        <Upload
          listType="picture"
          accept={IMAGE_ACCEPT}
          maxCount={1}
          fileList={files}
          beforeUpload={(file) => {
            if (!imageFileAllowed(file)) return Upload.LIST_IGNORE;
            setMissing(false);
            return false;
          }}
          onChange={({ fileList }) => setFiles(fileList.slice(-1))}
        >
          <Button icon={<UploadOutlined />}>选择照片</Button>
        </Upload>
      </Form.Item>
      <Form.Item label="备注" name="note" rules={[zodRule(adminOrderAttachFieldsSchema.shape.note)]}>
        <Input maxLength={200} placeholder="如 外箱已封，共 2 箱" />
      </Form.Item>
    </FormModal>
  );
}
