import { TICKET_LIMITS } from '@shop/domain';
import { useId, useRef } from 'react';
import { TICKET_IMAGE_TYPES } from '../api/upload-ticket-image';
import type { ImageUploads } from './use-image-uploads';
// Its styles, for the pages that show it without the service desk's own (申请售后).
import '../service.css';

/** The pictures of a post: previews with their upload progress and 删除, a button to add more, and what was refused. */
export function ImagePicker({ uploads, label = '图片' }: { uploads: ImageUploads; label?: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  return (
    <div className="image-picker">
      <ul className="image-picker-list" aria-label={`已选${label}`}>
        {uploads.items.map((item) => (
          <li key={item.key} className={`image-picker-item is-${item.status}`}>
            <img src={item.previewUrl} alt={item.name} />
            {(item.status === 'uploading' || item.status === 'waiting') && (
              <span className="image-picker-progress">
                <progress
                  max={100}
                  value={Math.round(item.progress * 100)}
                  aria-label={`${item.name} 上传进度`}
                />
                <span>{item.status === 'waiting' ? '等待上传' : `${Math.round(item.progress * 100)}%`}</span>
              </span>
            )}
            {item.status === 'error' && (
              <span className="image-picker-error" role="alert">
                {item.error}
              </span>
            )}
            <button
              type="button"
              className="image-picker-remove"
              aria-label={`删除图片 ${item.name}`}
              onClick={() => uploads.remove(item.key)}
            >
              ×
            </button>
          </li>
        ))}
        {!uploads.full && (
          <li className="image-picker-add">
            <button type="button" onClick={() => inputRef.current?.click()} aria-describedby={hintId}>
              <span aria-hidden="true">＋</span>
              添加{label}
            </button>
          </li>
        )}
      </ul>
      <input
        ref={inputRef}
        type="file"
        className="visually-hidden"
        accept={TICKET_IMAGE_TYPES.join(',')}
        multiple
        tabIndex={-1}
        aria-label={`选择${label}`}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) uploads.add(files);
        }}
      />
      <p id={hintId} className="muted image-picker-hint">
        最多 {TICKET_LIMITS.imagesPerPost} 张，JPG、PNG、WebP 或 GIF，每张不超过{' '}
        {TICKET_LIMITS.imageBytesMax / 1024 / 1024} MB（已选 {uploads.items.length} 张）
      </p>
      {uploads.problems.length > 0 && (
        <ul className="image-picker-problems" role="alert">
          {uploads.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
