import { DepositPaths, MessagePaths, OrderPaths, ResultCode } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { ApiError, request, requestEnvelope, toFormBody } from '@/lib/api-client';
import { saveToken } from '@/lib/storage';
import { fail, mockApi, ok } from './utils';

// The envelope, ApiError, timeouts and cancellation are the shared client's (packages/api-client/test); these are
// what the storefront adds: its bearer token, form bodies and the envelope's message.
const unread = { total: 2, byType: { '1': 2 } };
const emptyLog = { items: [], pageNo: 2, pageSize: 15, totalCount: 0 };

describe('the storefront client', () => {
  it('POSTs JSON to the path and returns the data of a successful envelope', async () => {
    const { calls, fetchMock } = mockApi({ [MessagePaths.unreadCount]: ok(unread) });
    await expect(request(MessagePaths.unreadCount, {})).resolves.toEqual(unread);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(calls[0]?.body).toEqual({});
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
  });

  it('sends a form-encoded body when asked (memberDepositLog/list/), leaving out empty fields', async () => {
    const { calls, fetchMock } = mockApi({ [DepositPaths.logList]: ok(emptyLog) });
    await expect(request(DepositPaths.logList, { pageNo: 2, pageSize: 15 }, { form: true })).resolves.toEqual(
      emptyLog,
    );
    expect(calls[0]?.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('pageNo=2&pageSize=15');
    expect(calls[0]?.body).toEqual({ pageNo: '2', pageSize: '15' });
    expect(toFormBody({ note: '余额 & 明细', skip: undefined, none: null })).toBe(
      'note=%E4%BD%99%E9%A2%9D+%26+%E6%98%8E%E7%BB%86',
    );
    expect(toFormBody(undefined)).toBe('');
  });

  it('keeps the message when the whole envelope is asked for', async () => {
    mockApi({ [MessagePaths.unreadCount]: ok(unread, '已读取') });
    await expect(requestEnvelope(MessagePaths.unreadCount)).resolves.toMatchObject({
      message: '已读取',
      data: unread,
    });
  });

  it('throws the shared ApiError of a failed envelope', async () => {
    mockApi({ [OrderPaths.detail]: { status: 404, body: fail(ResultCode.BadRequest, '订单不存在') } });
    const error = await request(OrderPaths.detail, { id: 7 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ResultCode.BadRequest, message: '订单不存在', status: 404 });
  });

  it('sends the bearer token when one is held, and none for a visitor', async () => {
    const { calls } = mockApi({ [MessagePaths.unreadCount]: ok(unread) });
    await request(MessagePaths.unreadCount);
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    saveToken('abc123');
    await request(MessagePaths.unreadCount);
    expect(calls[1]?.headers.Authorization).toBe('Bearer abc123');
  });
});
