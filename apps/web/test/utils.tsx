import { StyleProvider } from '@ant-design/cssinjs';
import type { Envelope } from '@shop/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { App } from '@/app/app';
import { createAppQueryClient } from '@/app/query-client';
import { createRoutes } from '@/app/routes';
import { AntdProvider } from '@/components/antd-provider';
import { contractDrift, contractDrifts, isOffContract } from './contracts';

export function ok<T>(data: T, message = ''): Envelope<T> {
  return { success: true, resultCode: 200, message, data };
}

export function fail(resultCode: number, message: string, data: unknown = null): Envelope<unknown> {
  return { success: false, resultCode, message, data };
}

/** An envelope (HTTP 200), a status with a body, or a ready Response (files such as the xlsx exports). */
type Reply = Envelope<unknown> | { status: number; body: unknown } | Response;
type Handler = Reply | ((body: unknown, init: RequestInit) => Reply | Promise<Reply>);

export interface FetchCall {
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * A successful answer that does not match the domain's response contract of its path is recorded as a drift,
 * which fails the test (setup.ts); offContract() marks the answers a test gives outside it on purpose.
 */
function checkContract(path: string, reply: Envelope<unknown> | { status: number; body: unknown }): void {
  if (isOffContract(reply)) return;
  const { status, payload } =
    'status' in reply && !('success' in reply)
      ? { status: reply.status, payload: reply.body }
      : { status: 200, payload: reply };
  if (status !== 200) return;
  const envelope = payload as Partial<Envelope<unknown>> | null;
  const drift =
    envelope && typeof envelope === 'object' && 'success' in envelope
      ? envelope.success === true
        ? contractDrift(path, envelope.data, true)
        : null
      : contractDrift(path, payload, false);
  if (drift) contractDrifts.push(drift);
}

/**
 * Fakes the network boundary: each API path answers with an envelope (HTTP 200 unless given), checked against
 * the path's response contract.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    const headers = (init.headers ?? {}) as Record<string, string>;
    // A form-encoded body (memberDepositLog/list/) is recorded as its fields, each a string; an upload as its FormData.
    const form = headers['Content-Type']?.startsWith('application/x-www-form-urlencoded');
    const body = !init.body
      ? undefined
      : init.body instanceof FormData
        ? init.body
        : form
          ? Object.fromEntries(new URLSearchParams(String(init.body)))
          : JSON.parse(String(init.body));
    calls.push({ path, body, headers });
    const handler = handlers[path];
    if (!handler) return new Response(JSON.stringify(fail(400, '接口不存在')), { status: 404 });
    const reply = typeof handler === 'function' ? await handler(body, init) : handler;
    if (reply instanceof Response) return reply;
    checkContract(path, reply);
    const { status, payload } =
      'status' in reply && !('success' in reply)
        ? { status: reply.status, payload: reply.body }
        : { status: 200, payload: reply };
    return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/**
 * antd's styles, written into an element outside the test's document. happy-dom matches every rule of the document
 * on each getComputedStyle, which testing-library's role queries call for every element they consider: with antd's
 * thousands of rules in the document, that was half of a page test's time. Nothing a test reads depends on them:
 * what antd hides it hides with attributes or inline styles, and the journeys (e2e/) see the real page in Chromium.
 */
function OutOfDocumentStyles({ children }: { children: ReactNode }) {
  return <StyleProvider container={document.createElement('div')}>{children}</StyleProvider>;
}

/** The whole storefront at a path, with a fresh query client (no retries). */
export function renderApp(path: string) {
  const queryClient = createAppQueryClient({ retry: false });
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  const utils = render(
    <OutOfDocumentStyles>
      <App queryClient={queryClient} router={router} />
    </OutOfDocumentStyles>,
  );
  return { ...utils, router, queryClient };
}

/** One component with a fresh query client (no retries) and antd's theme; the client, to read its cache. */
export function renderWithClient(ui: ReactNode) {
  const queryClient = createAppQueryClient({ retry: false });
  render(
    <OutOfDocumentStyles>
      <QueryClientProvider client={queryClient}>
        <AntdProvider>{ui}</AntdProvider>
      </QueryClientProvider>
    </OutOfDocumentStyles>,
  );
  return queryClient;
}

export const demoMember = {
  id: 1,
  username: 'demo',
  name: '演示会员',
  level: 37,
  cnyDeposit: 1234.5,
  audDeposit: 0,
  email: 'demo@example.com',
  mobile: '0412345678',
  company: '',
  wechat: '',
  abn: '',
  taxNo: '',
  createdAt: '2024-01-01T00:00:00.000Z',
};
