import { TICKET_LIMITS, type TicketImage } from '@shop/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toApiError } from '@/lib/api-client';
import { ticketImageProblem, type UploadHandle, uploadTicketImage } from '../api/upload-ticket-image';

/** One picture of a post: its local preview while it uploads, then the server's image. */
export interface PendingImage {
  key: number;
  name: string;
  previewUrl: string;
  /** Share sent so far (0-1). */
  progress: number;
  /** Waiting for the pictures before it (they go one at a time, so the post keeps the order they were picked in). */
  status: 'waiting' | 'uploading' | 'done' | 'error';
  image?: TicketImage;
  error?: string;
}

let nextKey = 1;

/**
 * The pictures of one post (a new ticket or a reply): each picked file is checked here first (type, size, at
 * most 9), uploaded at once with its progress, and can be removed; the server decides in the end.
 */
export function useImageUploads(limit: number = TICKET_LIMITS.imagesPerPost) {
  const [items, setItems] = useState<PendingImage[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const uploads = useRef(new Map<number, UploadHandle>());
  const urls = useRef(new Map<number, string>());
  const queue = useRef<Promise<void>>(Promise.resolve());

  const update = useCallback((key: number, patch: Partial<PendingImage>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      const found: string[] = [];
      const room = Math.max(0, limit - items.length);
      const accepted: File[] = [];
      for (const file of files) {
        const problem = ticketImageProblem(file);
        if (problem) found.push(problem);
        else if (accepted.length < room) accepted.push(file);
        else found.push(`最多上传${limit}张图片，“${file.name}”未添加`);
      }
      setProblems(found);
      const added = accepted.map((file) => {
        const key = nextKey++;
        const previewUrl = URL.createObjectURL(file);
        urls.current.set(key, previewUrl);
        const start = (): Promise<void> => {
          // Removed while it waited: nothing to send.
          if (!urls.current.has(key)) return Promise.resolve();
          update(key, { status: 'uploading' });
          const handle = uploadTicketImage(file, (progress) => update(key, { progress }));
          uploads.current.set(key, handle);
          return handle.promise
            .then(
              (image) => update(key, { status: 'done', image, progress: 1 }),
              (error: unknown) => update(key, { status: 'error', error: toApiError(error).message }),
            )
            .finally(() => uploads.current.delete(key));
        };
        queue.current = queue.current.then(start);
        return { key, name: file.name, previewUrl, progress: 0, status: 'waiting' as const };
      });
      if (added.length > 0) setItems((list) => [...list, ...added]);
    },
    [items.length, limit, update],
  );

  const remove = useCallback((key: number) => {
    uploads.current.get(key)?.abort();
    const url = urls.current.get(key);
    if (url) URL.revokeObjectURL(url);
    urls.current.delete(key);
    setItems((list) => list.filter((item) => item.key !== key));
  }, []);

  const reset = useCallback(() => {
    for (const handle of uploads.current.values()) handle.abort();
    for (const url of urls.current.values()) URL.revokeObjectURL(url);
    uploads.current.clear();
    urls.current.clear();
    setItems([]);
    setProblems([]);
  }, []);

  // Leaving the page stops what is still on its way and frees the previews.
  useEffect(() => {
    const pending = uploads.current;
    const previews = urls.current;
    return () => {
      for (const handle of pending.values()) handle.abort();
      for (const url of previews.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const imageIds = items.flatMap((item) => (item.image ? [item.image.id] : []));
  return {
    items,
    problems,
    add,
    remove,
    reset,
    imageIds,
    uploading: items.some((item) => item.status === 'uploading' || item.status === 'waiting'),
    failed: items.some((item) => item.status === 'error'),
    full: items.length >= limit,
  };
}

export type ImageUploads = ReturnType<typeof useImageUploads>;
