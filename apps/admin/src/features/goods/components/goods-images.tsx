import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  StarOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  GOODS_EDIT_LIMITS,
  GOODS_IMAGE_KIND_LABELS,
  GOODS_IMAGE_KINDS,
  type GoodsImage,
  imageUrl,
} from '@shop/domain';
import { Button, Image, Select, Space, Tag, Tooltip, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { IMAGE_ACCEPT, imageFileAllowed } from '@/lib/image-file';
import { notify } from '@/lib/notify';
import { uploadGoodsImage } from '../api/goods-editor';

const KIND_OPTIONS = GOODS_IMAGE_KINDS.map((kind) => ({ value: kind, label: GOODS_IMAGE_KIND_LABELS[kind] }));

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * A good's pictures in display order (antd Form control): upload, drag or 上移/下移 to reorder, 设为主图 (the
 * first 商品图 is the main picture on the storefront), change the kind, remove.
 */
export function GoodsImages({
  value = [],
  onChange,
}: {
  value?: GoodsImage[];
  onChange?: (images: GoodsImage[]) => void;
}) {
  const [uploading, setUploading] = useState(0);
  const [dragged, setDragged] = useState<number | null>(null);
  // The list as last changed here: several uploads finishing together each add to it.
  const latest = useRef(value);
  latest.current = value;
  const change = (next: GoodsImage[]) => {
    latest.current = next;
    onChange?.(next);
  };
  const mainIndex = value.findIndex((i) => i.kind === 'good');
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Upload
        accept={IMAGE_ACCEPT}
        multiple
        showUploadList={false}
        disabled={value.length >= GOODS_EDIT_LIMITS.images}
        beforeUpload={(file) => imageFileAllowed(file) || Upload.LIST_IGNORE}
        customRequest={async ({ file, onSuccess, onError }) => {
          setUploading((n) => n + 1);
          try {
            const { path } = await uploadGoodsImage(file as File);
            change([...latest.current, { path, kind: 'good' }]);
            onSuccess?.(path);
          } catch (error) {
            notify.error(error instanceof Error ? error.message : '图片上传失败');
            onError?.(error as Error);
          } finally {
            setUploading((n) => n - 1);
          }
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading > 0}>
          上传图片
        </Button>
      </Upload>
      {value.length === 0 && (
        <Typography.Text type="secondary">还没有图片；第一张商品图是主图</Typography.Text>
      )}
      <ol className="goods-images">
        {value.map((image, index) => (
          <li
            key={image.path}
            draggable
            onDragStart={() => setDragged(index)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={() => {
              if (dragged !== null && dragged !== index) change(moved(value, dragged, index));
              setDragged(null);
            }}
            aria-label={`图片 ${index + 1}`}
            className="goods-image-row"
          >
            <Space wrap>
              <Image width={64} height={64} src={imageUrl(image.path, 128)} alt={`图片 ${index + 1}`} />
              {index === mainIndex && <Tag color="gold">主图</Tag>}
              <Select
                aria-label={`图片 ${index + 1} 类型`}
                size="small"
                style={{ width: 96 }}
                value={image.kind}
                options={KIND_OPTIONS}
                onChange={(kind) => change(value.map((img, i) => (i === index ? { ...img, kind } : img)))}
              />
              <Tooltip title="上移">
                <Button
                  size="small"
                  aria-label="上移"
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  onClick={() => change(moved(value, index, index - 1))}
                />
              </Tooltip>
              <Tooltip title="下移">
                <Button
                  size="small"
                  aria-label="下移"
                  icon={<ArrowDownOutlined />}
                  disabled={index === value.length - 1}
                  onClick={() => change(moved(value, index, index + 1))}
                />
              </Tooltip>
              <Button
                size="small"
                icon={<StarOutlined />}
                disabled={index === mainIndex}
                onClick={() =>
                  change(moved(value, index, 0).map((img, i) => (i === 0 ? { ...img, kind: 'good' } : img)))
                }
              >
                设为主图
              </Button>
              <Button
                size="small"
                danger
                aria-label="删除图片"
                icon={<DeleteOutlined />}
                onClick={() => change(value.filter((_, i) => i !== index))}
              />
            </Space>
          </li>
        ))}
      </ol>
    </Space>
  );
}
