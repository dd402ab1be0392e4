import {
  AdminPaths,
  type AdminSupplierApplication,
  type AdminSupplierDetail,
  AdminSupplierPaths,
  ResultCode,
} from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

function application(overrides: Partial<AdminSupplierApplication> = {}): AdminSupplierApplication {
  return {
    id: 12,
    company: '悉尼优品贸易有限公司',
    contact: '王小明',
    phone: '+61 412 345 678',
    email: 'trade@example.com',
    country: 'AU',
    categories: '保健品、母婴用品',
    brands: 'Swisse',
    warehouseCountries: ['AU', 'CN'],
    lang: 'en',
    status: 'new',
    createTime: '2026-11-20T02:00:00.000Z',
    updateTime: '2026-11-20T02:00:00.000Z',
    ...overrides,
  };
}

const COUNTS = { new: 1, contacted: 1, accepted: 0, declined: 0 };

function detail(overrides: Partial<AdminSupplierDetail> = {}): AdminSupplierDetail {
  return {
    ...application({ status: 'contacted' }),
    message: '希望通过悉尼仓供货。\n可提供品牌授权书。',
    clientAddress: '10.0.0.7',
    statusChangeTime: '2026-11-21T02:00:00.000Z',
    notes: [
      {
        id: 1,
        note: '已电话联系，对方下周寄样品',
        status: 'contacted',
        by: 'service1',
        createTime: '2026-11-21T02:00:00.000Z',
      },
      { id: 2, note: '样品已收到', status: null, by: 'cli:zhang', createTime: '2026-11-22T02:00:00.000Z' },
    ],
    ...overrides,
  };
}

describe('供应商申请', () => {
  it('lists applications with status tags, filters by status and keyword, and links each to its page', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [AdminSupplierPaths.list]: ok({
        items: [application(), application({ id: 11, company: '墨尔本乳业', status: 'contacted' })],
        totalCount: 2,
        statusCounts: COUNTS,
      }),
    });
    signIn();
    const { router } = renderConsole('/supplier-applications');
    await screen.findByText('共 2 份申请', {}, SLOW);
    expect(screen.getByRole('menuitem', { name: /供应商申请/ })).toBeTruthy();
    expect(api.callsTo(AdminSupplierPaths.list)[0]?.body).toEqual({ pageNo: 1, pageSize: 20 });
    expect(screen.getByRole('link', { name: '悉尼优品贸易有限公司' }).getAttribute('href')).toBe(
      '/supplier-applications/12',
    );
    const table = screen.getByRole('table');
    expect(within(table).getByText('新申请')).toBeTruthy();
    expect(within(table).getByText('已联系')).toBeTruthy();
    expect(screen.getByText('全部 2')).toBeTruthy();

    fireEvent.click(screen.getByText('已联系 1'));
    await waitFor(() =>
      expect(api.callsTo(AdminSupplierPaths.list).at(-1)?.body).toEqual({
        status: 'contacted',
        pageNo: 1,
        pageSize: 20,
      }),
    );
    fireEvent.change(screen.getByLabelText('关键词'), { target: { value: ' 0412 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s?询/ }));
    await waitFor(() =>
      expect(api.callsTo(AdminSupplierPaths.list).at(-1)?.body).toEqual({
        status: 'contacted',
        keyword: '0412',
        pageNo: 1,
        pageSize: 20,
      }),
    );
    expect(router.state.location.search).toBe('?status=contacted&keyword=0412');
  });

  it('says so when there are none', async () => {
    mockApi({
      [AdminPaths.current]: ok(staffSession('content')),
      [AdminSupplierPaths.list]: ok({ items: [], totalCount: 0, statusCounts: {} }),
    });
    signIn();
    renderConsole('/supplier-applications');
    expect(await screen.findByText('暂无供应商申请', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('全部 0')).toBeTruthy();
  });

  it('says so when the list did not load, with a way to try again', async () => {
    mockApi({
      [AdminPaths.current]: ok(staffSession('content')),
      [AdminSupplierPaths.list]: fail(ResultCode.InternalServiceError, '服务器繁忙', 500),
    });
    signIn();
    renderConsole('/supplier-applications?status=declined');
    expect(await screen.findByText('供应商申请加载失败', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: /重\s?试/ })).toBeTruthy();
  });

  it('is not in the menu of a role without supplier.manage', async () => {
    mockApi({ [AdminPaths.current]: ok(staffSession('warehouse')) });
    signIn();
    renderConsole('/supplier-applications/12');
    expect(await screen.findByText('无权限', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /供应商申请/ })).toBeNull();
  });

  it('shows an application with its history oldest first, and adds a note with a new status', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [AdminSupplierPaths.detail]: ok(detail()),
      [AdminSupplierPaths.note]: (body) =>
        ok({
          before: 'contacted',
          after: body.status ?? 'contacted',
          entry: {
            id: 3,
            note: String(body.note ?? ''),
            status: body.status ?? null,
            by: 'service1',
            createTime: '2026-11-24T02:00:00.000Z',
          },
        }),
    });
    signIn();
    renderConsole('/supplier-applications/12');
    expect(await screen.findByText('#12 悉尼优品贸易有限公司', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('trade@example.com')).toBeTruthy();
    expect(screen.getByText('澳大利亚、中国')).toBeTruthy();
    expect(screen.getByText(/英文（请用此语言回复）/)).toBeTruthy();
    expect(screen.getByText(/可提供品牌授权书/)).toBeTruthy();
    const first = screen.getByText('已电话联系，对方下周寄样品');
    const second = screen.getByText('样品已收到');
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('cli:zhang')).toBeTruthy();

    // Neither a note nor a status: the form says what it needs and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    expect(await screen.findByText('请填写联系记录或选择新状态')).toBeTruthy();
    expect(api.callsTo(AdminSupplierPaths.note)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('联系记录'), { target: { value: ' 已签合作协议 ' } });
    fireEvent.mouseDown(screen.getByLabelText('新状态'));
    fireEvent.click(await screen.findByTitle('已合作'));
    fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    await waitFor(() =>
      expect(api.callsTo(AdminSupplierPaths.note)[0]?.body).toEqual({
        id: 12,
        note: '已签合作协议',
        status: 'accepted',
      }),
    );
    expect(await screen.findByText('已改为「已合作」')).toBeTruthy();
    // The application is read again, with the server's history.
    await waitFor(() => expect(api.callsTo(AdminSupplierPaths.detail).length).toBeGreaterThan(1));
  });
});
