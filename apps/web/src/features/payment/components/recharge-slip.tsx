import { Modal } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { imageFileProblem, UPLOAD_IMAGE_TYPES } from '@/lib/image-upload';
import { notify } from '@/lib/notify';
import { useMountedWhileOpen } from '@/lib/use-mounted-while-open';
import { useRechargeSlip, useUploadRechargeSlip } from '../api/recharge-slip';

/** An object URL for a blob the page holds, given back when the blob changes or the page leaves. */
function useObjectUrl(blob: Blob | null | undefined): string | undefined {
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

/** A thumbnail that opens the whole picture in a dialog. */
function SlipImage({ url, label }: { url: string; label: string }) {
  const [open, setOpen] = useState(false);
  const dialog = useMountedWhileOpen(open);
  return (
    <>
      <button type="button" className="slip-thumb" onClick={() => setOpen(true)} aria-label={`查看${label}`}>
        <img src={url} alt={label} width={64} height={64} />
      </button>
      {dialog.mounted && (
        <Modal
          open={open}
          onCancel={() => setOpen(false)}
          afterClose={dialog.afterClose}
          footer={null}
          width={720}
          centered
          title={label}
        >
          <img src={url} alt={label} className="slip-full" />
        </Modal>
      )}
    </>
  );
}

/**
 * The slip a member picks while registering a bank transfer (optional): checked in the browser by the ticket
 * rules, shown before it is sent with the registration.
 */
export function SlipPicker({ file, onChange }: { file: File | null; onChange: (file: File | null) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const url = useObjectUrl(file);
  return (
    <div className="slip-picker">
      {file && url ? (
        <div className="slip-picked">
          <SlipImage url={url} label="转账凭证" />
          <span className="muted">{file.name}</span>
          <button type="button" className="link-button" onClick={() => onChange(null)}>
            移除
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="btn"
          onClick={() => inputRef.current?.click()}
          aria-describedby={hintId}
        >
          选择转账凭证
        </button>
      )}
      <p id={hintId} className="muted slip-hint">
        选填：转账截图或回单照片，JPG、PNG、WebP 或 GIF，不超过 5 MB；仅您本人和财务可见
      </p>
      <input
        ref={inputRef}
        type="file"
        accept={UPLOAD_IMAGE_TYPES.join(',')}
        className="visually-hidden"
        aria-label="选择转账凭证"
        tabIndex={-1}
        onChange={(event) => {
          const picked = event.target.files?.[0] ?? null;
          event.target.value = '';
          if (!picked) return;
          const problem = imageFileProblem(picked);
          if (problem) notify.error(problem);
          else onChange(picked);
        }}
      />
    </div>
  );
}

/**
 * A recharge's slip in the member's history: the thumbnail when there is one, and while the transfer waits for
 * review, a button to attach one or replace it.
 */
export function RechargeSlip({
  rechargeNo,
  hasSlip,
  canUpload,
}: {
  rechargeNo: string;
  hasSlip: boolean;
  canUpload: boolean;
}) {
  const slip = useRechargeSlip(rechargeNo, hasSlip);
  const url = useObjectUrl(hasSlip ? slip.data : null);
  const upload = useUploadRechargeSlip();
  const inputRef = useRef<HTMLInputElement>(null);
  if (!hasSlip && !canUpload) return null;
  return (
    <div className="recharge-slip">
      {hasSlip &&
        (url ? (
          <SlipImage url={url} label={`转账凭证 ${rechargeNo}`} />
        ) : slip.isError ? (
          <span className="muted">凭证加载失败</span>
        ) : (
          <span className="slip-thumb" role="img" aria-label="凭证加载中" />
        ))}
      {canUpload && (
        <>
          <button
            type="button"
            className="btn"
            disabled={upload.isPending}
            onClick={() => inputRef.current?.click()}
          >
            {upload.isPending ? '上传中…' : hasSlip ? '更换转账凭证' : '上传转账凭证'}
            <span className="visually-hidden"> {rechargeNo}</span>
          </button>
          <input
            ref={inputRef}
            type="file"
            accept={UPLOAD_IMAGE_TYPES.join(',')}
            className="visually-hidden"
            aria-label={`上传转账凭证 ${rechargeNo}`}
            tabIndex={-1}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              const problem = imageFileProblem(file);
              if (problem) {
                notify.error(problem);
                return;
              }
              upload.mutate({ rechargeNo, file }, { onSuccess: () => notify.success('转账凭证已上传') });
            }}
          />
        </>
      )}
    </div>
  );
}
