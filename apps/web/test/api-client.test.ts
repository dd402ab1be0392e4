import {
  DEFAULT_ERROR_MESSAGE,
  LOGIN_EXPIRED_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  ResultCode,
} from '@shop/domain';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE, request, requestEnvelope, toFormBody } from '@/lib/api-client';
import { saveToken } from '@/lib/storage';
import { fail, mockApi, ok } from './utils';

// A path of no real call: these tests are about the client, not about one call's contract.
const PATH = '/api/testService/echo/';

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('request', () => {
  it('POSTs JSON and returns the data of a successful envelope', async () => {
    const { calls, fetchMock } = mockApi({ [PATH]: ok({ id: 7 }) });
    await expect(request(PATH, { a: 1 })).resolves.toEqual({ id: 7 });
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(calls[0]?.body).toEqual({ a: 1 });
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
  });

  it('sends a form-encoded body when asked (memberDepositLog/list/), leaving out empty fields', async () => {
    const { calls, fetchMock } = mockApi({ [PATH]: ok({ items: [] }) });
    await expect(
      request(
        PATH,
        { pageNo: 2, pageSize: 15, note: '余额 & 明细', skip: undefined, none: null },
        { form: true },
      ),
    ).resolves.toEqual({ items: [] });
    expect(calls[0]?.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(
      'pageNo=2&pageSize=15&note=%E4%BD%99%E9%A2%9D+%26+%E6%98%8E%E7%BB%86',
    );
    // The fake network reads the form back as its fields.
    expect(calls[0]?.body).toEqual({ pageNo: '2', pageSize: '15', note: '余额 & 明细' });
    expect(toFormBody(undefined)).toBe('');
  });

  it('keeps the message when the whole envelope is asked for', async () => {
    mockApi({ [PATH]: ok({ token: 't' }, '注册成功') });
    await expect(requestEnvelope(PATH)).resolves.toMatchObject({ message: '注册成功', data: { token: 't' } });
  });

  it('throws ApiError with the code, message and data of a failed envelope', async () => {
    mockApi({
      [PATH]: { status: 400, body: fail(ResultCode.ParamsError, '用户名或密码错误', { field: 'x' }) },
    });
    const error = await caught(request(PATH));
    expect(error.code).toBe(ResultCode.ParamsError);
    expect(error.message).toBe('用户名或密码错误');
    expect(error.data).toEqual({ field: 'x' });
  });

  it('uses the Chinese default when the server message is empty', async () => {
    mockApi({ [PATH]: fail(ResultCode.InternalServiceError, '') });
    const error = await caught(request(PATH));
    expect(error.message).toBe(DEFAULT_ERROR_MESSAGE);
  });

  it('reports a network failure with the network message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await caught(request(PATH));
    expect(error.code).toBe(NETWORK_ERROR_CODE);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('treats HTTP 401 as InvalidToken, with or without an envelope', async () => {
    mockApi({ [PATH]: { status: 401, body: fail(ResultCode.BadRequest, '登录已过期') } });
    expect((await caught(request(PATH))).code).toBe(ResultCode.InvalidToken);

    mockApi({ [PATH]: { status: 401, body: 'Unauthorized' } });
    const bare = await caught(request(PATH));
    expect(bare.code).toBe(ResultCode.InvalidToken);
    expect(bare.message).toBe(LOGIN_EXPIRED_MESSAGE);
  });

  it('answers a non-envelope error page with the default message', async () => {
    mockApi({ [PATH]: { status: 502, body: '<html>Bad gateway</html>' } });
    const error = await caught(request(PATH));
    expect(error.code).toBe(502);
    expect(error.message).toBe(DEFAULT_ERROR_MESSAGE);
  });

  it('turns an abort by the caller into RequestCancel (1001)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: unknown, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = caught(request(PATH, {}, { signal: controller.signal }));
    controller.abort();
    expect((await pending).code).toBe(ResultCode.RequestCancel);

    const early = new AbortController();
    early.abort();
    expect((await caught(request(PATH, {}, { signal: early.signal }))).code).toBe(ResultCode.RequestCancel);
  });

  it('sends the bearer token when one is held, and none for a visitor', async () => {
    const { calls } = mockApi({ [PATH]: ok(null) });
    await request(PATH);
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    saveToken('abc123');
    await request(PATH);
    expect(calls[1]?.headers.Authorization).toBe('Bearer abc123');
  });

  it('gives up after the timeout (60 s by default) with the network message', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: unknown, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            signal = init.signal ?? undefined;
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = caught(request(PATH));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.code).toBe(NETWORK_ERROR_CODE);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });
});
