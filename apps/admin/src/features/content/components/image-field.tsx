import { UploadOutlined } from '@ant-design/icons';
import { imageUrl } from '@shop/domain';
import { Button, Input, Space, Upload } from 'antd';
import { IMAGE_ACCEPT, imageFileAllowed } from '@/lib/image-file';
import { useUploadContentImage } from '../api/content';

/**
 * A template picture: upload one (stored by the server, re-encoded) or keep the path there is, with a small view
 * of it. The value is the path relative to the image host, as templates store it. antd Form compatible.
 */
export function ImageField({
  value,
  onChange,
  id,
  label = '图片',
}: {
  value?: string;
  onChange?: (path: string) => void;
  id?: string;
  label?: string;
}) {
  const upload = useUploadContentImage();
  return (
    <Space align="start" wrap>
      {value ? (
        <img className="template-thumb" src={imageUrl(value, 160)} alt={label} />
      ) : (
        <div className="template-thumb template-thumb-empty">无图</div>
      )}
      <Space orientation="vertical" size={4}>
        <Upload
          accept={IMAGE_ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            if (imageFileAllowed(file))
              // A refusal is shown once, by the console's shared handler.
              upload.mutate(file, { onSuccess: (image) => onChange?.(image.path) });
            return false;
          }}
        >
          <Button
            size="small"
            icon={<UploadOutlined />}
            loading={upload.isPending}
            aria-label={`上传${label}`}
          >
            上传
          </Button>
        </Upload>
        <Input
          id={id}
          size="small"
          aria-label={`${label}路径`}
          placeholder="图片路径"
          value={value ?? ''}
          onChange={(event) => onChange?.(event.target.value)}
        />
      </Space>
    </Space>
  );
}
