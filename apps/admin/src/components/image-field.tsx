import { DeleteOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { imageUrl } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { Button, Image, Space, Upload } from 'antd';
import { IMAGE_ACCEPT, imageFileAllowed } from '@/lib/image-file';

/**
 * One picture as a form field: its value is the stored path the server gave back ('' for none). Choosing a
 * file uploads it at once (the button spins meanwhile) and shows what the image host serves.
 */
export function ImageField({
  value,
  onChange,
  upload,
  label,
  width = 96,
}: {
  value?: string;
  onChange?: (path: string) => void;
  upload: (file: File) => Promise<{ path: string }>;
  /** What the picture is, for its alt text and buttons ('标志'). */
  label: string;
  width?: number;
}) {
  // A refusal (wrong kind of file, too large) is shown by the console's shared handler.
  const send = useMutation({ mutationFn: upload, onSuccess: (stored) => onChange?.(stored.path) });
  const uploading = send.isPending;
  return (
    <Space align="center" wrap>
      {value ? (
        <Image src={imageUrl(value, width * 2)} width={width} alt={label} />
      ) : (
        <span className="image-field-empty">未上传</span>
      )}
      <Upload
        accept={IMAGE_ACCEPT}
        showUploadList={false}
        beforeUpload={(file) => {
          if (imageFileAllowed(file)) send.mutate(file);
          return false;
        }}
      >
        <Button icon={uploading ? <LoadingOutlined /> : <UploadOutlined />} disabled={uploading}>
          {uploading ? '上传中…' : value ? `更换${label}` : `上传${label}`}
        </Button>
      </Upload>
      {value && (
        <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')} aria-label={`移除${label}`}>
          移除
        </Button>
      )}
    </Space>
  );
}
