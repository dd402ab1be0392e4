import { useSearchParams } from 'react-router';
import { AfterSaleCreateView } from '@/features/aftersale/components/after-sale-create-view';
import { ImagePicker } from '@/features/service/components/image-picker';
import { useImageUploads } from '@/features/service/components/use-image-uploads';
import { positiveIntParam } from '@/lib/params';

/**
 * 申请售后 (issue #39, ?orderId= from the order's page). The photos go up as a support ticket's pictures do
 * (uploadImage/, at most 9); their ids are the request's `images`.
 */
export function Component() {
  const [params] = useSearchParams();
  const uploads = useImageUploads();
  return (
    <AfterSaleCreateView
      orderId={positiveIntParam(params.get('orderId'))}
      photos={{
        field: <ImagePicker uploads={uploads} label="照片" />,
        imageIds: uploads.imageIds,
        uploading: uploads.uploading,
        failed: uploads.failed,
      }}
    />
  );
}
