import { UploadOutlined } from '@ant-design/icons';
import { adminTicketReplyRequestSchema, TICKET_LIMITS, type TicketImage } from '@shop/domain';
import { Alert, Button, Form, Input, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { IMAGE_ACCEPT, imageFileAllowed } from '@/lib/image-file';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { useReplyTicket } from '../api/reply-ticket';
import { uploadTicketImage } from '../api/upload-ticket-image';

const contentSchema = adminTicketReplyRequestSchema.shape.content;

/** A new id per reply being written: a retry or a double click of 发送 carries the same one and sends once. */
function newRequestId(): string {
  return crypto.randomUUID();
}

/** The shop's reply with images; the member sees it at once and gets a message. */
export function ReplyForm({ ticketId, closed }: { ticketId: number; closed: boolean }) {
  const [form] = Form.useForm<{ content: string }>();
  const [files, setFiles] = useState<UploadFile<TicketImage>[]>([]);
  const [requestId, setRequestId] = useState(newRequestId);
  const reply = useReplyTicket();
  const uploading = files.some((f) => f.status === 'uploading');

  if (closed) return <Alert type="info" showIcon title="工单已关闭，重新打开后才能回复" />;

  const submit = async ({ content }: { content: string }) => {
    const imageIds = files.flatMap((f) => (f.status === 'done' && f.response ? [f.response.id] : []));
    await reply.mutateAsync({ ticketId, content, imageIds, requestId });
    notify.success('回复已发送');
    form.resetFields();
    setFiles([]);
    setRequestId(newRequestId());
  };

  return (
    <Form form={form} layout="vertical" onFinish={(values) => submit(values).catch(() => undefined)}>
      <Form.Item name="content" label="回复内容" rules={[zodRule(contentSchema, '回复内容')]}>
        <Input.TextArea
          rows={4}
          maxLength={TICKET_LIMITS.contentMax}
          showCount
          placeholder="输入回复，会员会收到站内消息"
        />
      </Form.Item>
      <Form.Item label={`图片（最多${TICKET_LIMITS.imagesPerPost}张，每张不超过5 MB）`}>
        <Upload<TicketImage>
          listType="picture"
          accept={IMAGE_ACCEPT}
          fileList={files}
          maxCount={TICKET_LIMITS.imagesPerPost}
          beforeUpload={(file) => imageFileAllowed(file) || Upload.LIST_IGNORE}
          customRequest={({ file, onSuccess, onError }) => {
            uploadTicketImage(file as File)
              .then((image) => onSuccess?.(image))
              .catch((error: Error) => {
                notify.error(error.message);
                onError?.(error);
              });
          }}
          onChange={({ fileList }) => setFiles(fileList.filter((f) => f.status !== 'error'))}
        >
          <Button icon={<UploadOutlined />}>上传图片</Button>
        </Upload>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={reply.isPending} disabled={uploading}>
        发送回复
      </Button>
    </Form>
  );
}
