import {
  type MemberMessage,
  type TicketDetail,
  type TicketImage,
  type TicketReply,
  TicketStatus,
  type TicketSummary,
} from '@shop/domain';
import { vi } from 'vitest';
import type { LiveSocket } from '@/lib/live-client';
import { ok } from './utils';

export function ticketSummary(fields: Partial<TicketSummary> & { id: number }): TicketSummary {
  return {
    type: 0,
    priority: 1,
    department: 'service',
    title: `工单 ${fields.id}`,
    status: TicketStatus.Open,
    orderId: null,
    orderNo: null,
    packIndex: null,
    replyCount: 1,
    createdAt: '2026-03-01T06:05:00.000Z',
    updatedAt: '2026-03-01T06:05:00.000Z',
    closedAt: null,
    ...fields,
  };
}

export function ticketImage(id: number): TicketImage {
  return { id, url: `tickets/${id}.webp`, width: 800, height: 600 };
}

export function ticketReply(fields: Partial<TicketReply> & { id: number }): TicketReply {
  return {
    author: 'member',
    authorName: '演示会员',
    content: `回复 ${fields.id}`,
    images: [],
    createdAt: '2026-03-01T06:05:00.000Z',
    ...fields,
  };
}

export function ticketDetail(
  fields: Partial<TicketDetail> & { id: number; replies?: TicketReply[] },
): TicketDetail {
  const replies = fields.replies ?? [ticketReply({ id: 1 })];
  return { ...ticketSummary(fields), replyCount: replies.length, ...fields, replies };
}

export const ticketPage = (items: TicketSummary[], totalCount = items.length) =>
  ok({ items, pageNo: 1, pageSize: 10, totalCount });

export function memberMessage(fields: Partial<MemberMessage> & { id: number }): MemberMessage {
  return {
    type: 1,
    title: `消息 ${fields.id}`,
    content: `消息内容 ${fields.id}`,
    link: '',
    read: false,
    createdAt: '2026-03-01T06:05:00.000Z',
    ...fields,
  };
}

export const unread = (total: number, byType: Record<string, number> = { '1': total }) => ({ total, byType });

export const messagePage = (items: MemberMessage[], counts = unread(items.filter((m) => !m.read).length)) =>
  ok({ items, pageNo: 1, pageSize: 10, totalCount: items.length, unread: counts });

/** A WebSocket the test drives: what the page sent, and the server's side (open, push, close). */
export class FakeSocket implements LiveSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  serverOpen() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  serverClose(code: number, failed = false) {
    if (failed) this.onerror?.({});
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

/** Puts FakeSocket in place of the browser's WebSocket (setup.ts removes it for every other test). */
export function stubWebSocket() {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
}

/** An XMLHttpRequest for an image upload (uploadImage/, uploadSlip/): reports progress, then answers with `reply` (or what `answer` says). */
export function stubUploads(answer: (file: File, n: number) => { status: number; body: unknown }) {
  const sent: { url: string; headers: Record<string, string>; file: File; fields: Record<string, string> }[] =
    [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      const file = form.get('image') as File;
      const fields: Record<string, string> = {};
      for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
      sent.push({ url: this.url, headers: this.headers, file, fields });
      const { status, body } = answer(file, sent.length);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        setTimeout(() => {
          this.status = status;
          this.responseText = JSON.stringify(body);
          this.onload?.();
        }, 5);
      }, 5);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

export function pngFile(name: string, bytes = 1024): File {
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}
