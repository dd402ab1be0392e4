import { UploadOutlined } from '@ant-design/icons';
import { type AdminFapiao, adminFapiaoIssueFieldsSchema } from '@shop/domain';
import { Button, Descriptions, Form, Input, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { FormModal } from '@/components/form-modal';
import { zodRule } from '@/lib/zod-rule';
import { useIssueFapiao } from '../api/issue-fapiao';

const MAX_BYTES = 5 * 1024 * 1024;

interface Values {
  fapiaoNo: string;
}

/**
 * 上传已开发票: the fapiao was issued in the tax-control system outside the shop; staff enter its number and
 * attach its PDF, which the member then downloads from the order page.
 */
export function IssueModal({ request, onClose }: { request: AdminFapiao; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [missing, setMissing] = useState(false);
  const issue = useIssueFapiao();
  const submit = (values: Values) => {
    const file = files[0]?.originFileObj;
    if (!file) {
      setMissing(true);
      return;
    }
    issue.mutate({ id: request.id, fapiaoNo: values.fapiaoNo.trim(), file }, { onSuccess: onClose });
  };
  return (
    <FormModal<Values>
      title={`上传已开发票 · 订单 ${request.orderNo}`}
      okText="上传"
      pending={issue.isPending}
      onClose={onClose}
      form={form}
      name="issue-fapiao"
      initialValues={{ fapiaoNo: '' }}
      onFinish={submit}
    >
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="类型">{request.kindLabel}</Descriptions.Item>
        <Descriptions.Item label="抬头">{request.title}</Descriptions.Item>
        <Descriptions.Item label="税号">{request.taxNo}</Descriptions.Item>
        {request.kind === 'special' && (
          <>
            <Descriptions.Item label="开户行及账号">
              {request.bank} {request.account}
            </Descriptions.Item>
            <Descriptions.Item label="地址、电话">
              {request.address} {request.phone}
            </Descriptions.Item>
          </>
        )}
        <Descriptions.Item label="金额">¥{request.amount.toFixed(2)}</Descriptions.Item>
      </Descriptions>
      <Form.Item
        label="发票号码"
        name="fapiaoNo"
        rules={[
          { required: true, message: '请填写发票号码' },
          zodRule(adminFapiaoIssueFieldsSchema.shape.fapiaoNo),
        ]}
      >
        <Input placeholder="8-20位数字或字母" autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="发票文件"
        required
        validateStatus={missing ? 'error' : undefined}
        help={missing ? '请选择发票 PDF 文件' : 'PDF，不超过 5 MB'}
      >
        <Upload
          accept="application/pdf,.pdf"
          maxCount={1}
          fileList={files}
          beforeUpload={(file) => {
            if (
              file.size > MAX_BYTES ||
              !(file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf'))
            )
              return Upload.LIST_IGNORE;
            setMissing(false);
            return false;
          }}
          onChange={({ fileList }) => setFiles(fileList.slice(-1))}
        >
          <Button icon={<UploadOutlined />}>选择 PDF</Button>
        </Upload>
      </Form.Item>
    </FormModal>
  );
}
