import {
  DEFAULT_ERROR_MESSAGE,
  LOGIN_EXPIRED_MESSAGE,
  MemberPaths,
  NETWORK_ERROR_MESSAGE,
  OrderPaths,
  ResultCode,
} from '@shop/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  exchange,
  type Fetch,
  isApiError,
  isNotFound,
  NETWORK_ERROR_CODE,
  readEnvelope,
  toApiError,
  typedCalls,
} from '../src';

const json = (body: unknown, status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
const envelope = (success: boolean, resultCode: number, message: string, data: unknown = null) => ({
  success,
  resultCode,
  message,
  data,
});

/** One call through the shared pieces, as every app makes it: the exchange, then the envelope. */
function call(fetchFn: Fetch, signal?: AbortSignal) {
  return exchange(fetchFn, '/api/x/', { method: 'POST' }, { signal }, readEnvelope);
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** A fetch that never answers until its signal aborts, as a hung connection. */
const hanging: Fetch = (_url, init) =>
  new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('the envelope (spec §7, §8)', () => {
  it('returns a successful envelope whole, message and data', async () => {
    const answer = envelope(true, ResultCode.Success, '注册成功', { token: 't' });
    await expect(call(async () => json(answer))).resolves.toEqual(answer);
  });

  it('throws ApiError with the code, message, data and status of a failed envelope', async () => {
    const error = await caught(
      call(async () =>
        json(envelope(false, ResultCode.ParamsError, '用户名或密码错误', { field: 'x' }), 400),
      ),
    );
    expect([error.code, error.message, error.data, error.status]).toEqual([
      ResultCode.ParamsError,
      '用户名或密码错误',
      { field: 'x' },
      400,
    ]);
    expect(isApiError(error, ResultCode.ParamsError)).toBe(true);
    expect(isApiError(error, ResultCode.InvalidToken)).toBe(false);
  });

  it('uses the Chinese default when the server message is empty', async () => {
    const error = await caught(call(async () => json(envelope(false, ResultCode.InternalServiceError, ''))));
    expect(error.message).toBe(DEFAULT_ERROR_MESSAGE);
  });

  it('treats HTTP 401 as InvalidToken, with or without an envelope', async () => {
    const enveloped = await caught(
      call(async () => json(envelope(false, ResultCode.BadRequest, '登录已过期'), 401)),
    );
    expect(enveloped.code).toBe(ResultCode.InvalidToken);
    const bare = await caught(call(async () => json('Unauthorized', 401)));
    expect([bare.code, bare.message]).toEqual([ResultCode.InvalidToken, LOGIN_EXPIRED_MESSAGE]);
  });

  it('answers a non-envelope error page with its status and the default message', async () => {
    const error = await caught(call(async () => json('<html>Bad gateway</html>', 502)));
    expect([error.code, error.message, error.status]).toEqual([502, DEFAULT_ERROR_MESSAGE, 502]);
  });

  it('tells a 404 apart from code 404 (ImageVerifyFailed)', async () => {
    const missing = await caught(
      call(async () => json(envelope(false, ResultCode.BadRequest, '订单不存在'), 404)),
    );
    expect(isNotFound(missing)).toBe(true);
    const captcha = await caught(call(async () => json(envelope(false, 404, '验证码错误'), 400)));
    expect(isNotFound(captcha)).toBe(false);
  });

  it('turns any other thrown value into an ApiError a caller can show', () => {
    const error = toApiError(new TypeError('x is undefined'));
    expect([error.code, error.message]).toEqual([ResultCode.InternalServiceError, DEFAULT_ERROR_MESSAGE]);
  });
});

describe('the exchange', () => {
  it('reports a network failure with the network message', async () => {
    const error = await caught(call(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect([error.code, error.message]).toEqual([NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE]);
  });

  it('turns an abort by the caller into RequestCancel (1001), before or during the call', async () => {
    const controller = new AbortController();
    const pending = caught(call(hanging, controller.signal));
    controller.abort();
    expect((await pending).code).toBe(ResultCode.RequestCancel);

    const fetchFn = vi.fn(hanging);
    const early = new AbortController();
    early.abort();
    expect((await caught(call(fetchFn, early.signal))).code).toBe(ResultCode.RequestCancel);
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('gives up after the timeout (60 s by default) with the network message', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const pending = caught(
      call((url, init) => {
        signal = init.signal ?? undefined;
        return hanging(url, init);
      }),
    );
    await vi.advanceTimersByTimeAsync(59_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).code).toBe(NETWORK_ERROR_CODE);
  });
});

describe('typed calls', () => {
  it('hands the path, body and options to the app and returns the data', async () => {
    const send = vi.fn(async () => envelope(true, ResultCode.Success, '', { captchaId: 'c', image: 'i' }));
    const { request, requestEnvelope } = typedCalls<{ signal?: AbortSignal }>(send);
    await expect(request(MemberPaths.captcha, {})).resolves.toEqual({ captchaId: 'c', image: 'i' });
    await expect(requestEnvelope(OrderPaths.detail, { id: 7 })).resolves.toMatchObject({ success: true });
    expect(send.mock.calls).toEqual([
      [MemberPaths.captcha, {}, undefined],
      [OrderPaths.detail, { id: 7 }, undefined],
    ]);
  });

  it('ties each path to its contract, so a wrong body or a wrong reading is a compile error', () => {
    const { request } = typedCalls(async () => envelope(true, ResultCode.Success, '', null));
    // These lines only compile-check (typecheck runs over this file); they are never called.
    const never = () => {
      // @ts-expect-error the order detail's body needs an id
      void request(OrderPaths.detail, {});
      // @ts-expect-error the id is a number
      void request(OrderPaths.detail, { id: '7' });
      // @ts-expect-error a path that is no call of the API
      void request('/api/nowhere/', {});
      return async () => {
        const order = await request(OrderPaths.detail, { id: 7 });
        // @ts-expect-error an order detail has no captchaId
        void order.captchaId;
        const id: number = order.id;
        return id;
      };
    };
    expect(typeof never).toBe('function');
  });
});
