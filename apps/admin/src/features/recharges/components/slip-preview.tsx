import { Button, Image, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useRechargeSlip } from '../api/get-recharge-slip';

/** An object URL for a blob the page holds, given back when the blob changes or the page leaves. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/**
 * The member's transfer slip as a thumbnail that opens the whole image (antd's preview); read through the
 * console's slip call, since slips are never on the public image host.
 */
export function SlipPreview({ rechargeNo, hasSlip }: { rechargeNo: string; hasSlip: boolean }) {
  const slip = useRechargeSlip(rechargeNo, hasSlip);
  const url = useObjectUrl(slip.data);
  if (!hasSlip) return <Typography.Text type="secondary">会员未上传转账凭证</Typography.Text>;
  if (slip.isError)
    return (
      <Typography.Text type="danger">
        转账凭证加载失败{' '}
        <Button size="small" type="link" onClick={() => void slip.refetch()}>
          重试
        </Button>
      </Typography.Text>
    );
  if (!url) return <Skeleton.Image active className="slip-thumb" />;
  return (
    <div className="slip-preview">
      <Image
        src={url}
        alt={`转账凭证 ${rechargeNo}`}
        width={160}
        height={160}
        className="slip-thumb"
        preview={{ mask: '查看原图' }}
      />
      <Typography.Text type="secondary">点击查看原图</Typography.Text>
    </div>
  );
}
