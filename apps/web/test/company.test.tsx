import {
  type Address,
  AddressPaths,
  type ApprovalListResponse,
  ApprovalPaths,
  CartPaths,
  type CompanyDetail,
  type CompanyMembersResponse,
  CompanyPaths,
  MemberPaths,
  NO_COMPANY_LIMITS,
  type OrderApproval,
} from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '@/lib/session';
import { approvalFixture } from './approval-fixtures';
import { cartList } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import { demoMember, mockApi, ok, renderApp } from './utils';

/**
 * 我的公司 (issue #38 part 1): a member in no company sees the invites sent to their verified contacts and the form
 * that creates a company; an admin sees the members with their limits, invites and sets a buyer's limits; a buyer
 * sees the members and their own limits, and changes nothing.
 */

const SLOW = { timeout: 45_000 };
const noApprovals: ApprovalListResponse = { items: [], totalCount: 0 };
const base = {
  ...shellHandlers,
  [MemberPaths.current]: ok(demoMember),
  [CartPaths.list]: ok(cartList([])),
  [ApprovalPaths.list]: ok(noApprovals),
};

const company = {
  id: 3,
  name: '悉尼批发有限公司',
  taxNo: '51824753556',
  level: 38,
  memberCount: 2,
  createdAt: '2026-11-01T00:00:00.000Z',
};
const none: CompanyDetail = { company: null, role: null, limits: null, invites: [] };
const asAdmin: CompanyDetail = { company, role: 'admin', limits: null, invites: [] };
const buyerLimits = { aud: { perOrder: 500, perMonth: 2000 }, cny: { perOrder: null, perMonth: null } };

const team: CompanyMembersResponse = {
  members: [
    {
      memberId: 1,
      username: 'demo',
      name: '演示会员',
      role: 'admin',
      limits: null,
      joinedAt: company.createdAt,
    },
    {
      memberId: 7,
      username: 'buyer7',
      name: '王采购',
      role: 'buyer',
      limits: buyerLimits,
      joinedAt: '2026-11-02T00:00:00.000Z',
    },
  ],
  invites: [
    {
      id: 21,
      contact: '+61 4****5678',
      role: 'viewer',
      invitedBy: '演示会员',
      createdAt: '2026-11-28T00:00:00.000Z',
      expiresAt: '2026-12-05T00:00:00.000Z',
      reachable: false,
    },
  ],
};

describe('我的公司', () => {
  it('shows a member in no company their invite, and accepting it opens the company', async () => {
    let joined = false;
    const { calls } = mockApi({
      ...base,
      [CompanyPaths.detail]: () =>
        ok<CompanyDetail>(
          joined
            ? { company, role: 'buyer', limits: NO_COMPANY_LIMITS, invites: [] }
            : {
                ...none,
                invites: [
                  {
                    id: 9,
                    companyName: company.name,
                    role: 'buyer',
                    invitedBy: '演示会员',
                    contact: 'b***@example.com',
                    expiresAt: '2026-12-05T00:00:00.000Z',
                  },
                ],
              },
        ),
      [CompanyPaths.accept]: () => {
        joined = true;
        return ok<CompanyDetail>(
          { company, role: 'buyer', limits: NO_COMPANY_LIMITS, invites: [] },
          '已加入公司',
        );
      },
      [CompanyPaths.members]: ok({ members: team.members, invites: [] }),
    });
    startSession('tok-1');
    renderApp('/member/company');
    expect(await screen.findByText(/邀请您以「采购员」身份加入/, {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '接受邀请' }));
    expect(await screen.findByRole('heading', { name: company.name }, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === CompanyPaths.accept)?.body).toEqual({ id: 9 });
    // A buyer sees the members, their own limits (none), and no admin controls.
    expect(await screen.findByText('王采购', {}, SLOW)).toBeTruthy();
    expect(screen.getAllByText('不限')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: '设置' })).toBeNull();
    expect(screen.queryByRole('heading', { name: '邀请成员' })).toBeNull();
  });

  it('creates a company, checking the ABN before asking', async () => {
    let created = false;
    const { calls } = mockApi({
      ...base,
      [CompanyPaths.detail]: () => ok(created ? asAdmin : none),
      [CompanyPaths.create]: () => {
        created = true;
        return ok(asAdmin, '公司已创建');
      },
      [CompanyPaths.members]: ok({ members: team.members.slice(0, 1), invites: [] }),
    });
    startSession('tok-1');
    renderApp('/member/company');
    expect(await screen.findByText(/暂无邀请/, {}, SLOW)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('公司名称'), { target: { value: '悉尼批发有限公司' } });
    fireEvent.change(screen.getByLabelText('ABN 或纳税人识别号'), { target: { value: '51 824 753 557' } });
    fireEvent.click(screen.getByRole('button', { name: '创建公司' }));
    expect(await screen.findByText(/ABN 须为11位数字且校验正确/, {}, SLOW)).toBeTruthy();
    expect(calls.some((c) => c.path === CompanyPaths.create)).toBe(false);

    fireEvent.change(screen.getByLabelText('ABN 或纳税人识别号'), { target: { value: '51 824 753 556' } });
    fireEvent.click(screen.getByRole('button', { name: '创建公司' }));
    expect(await screen.findByRole('heading', { name: company.name }, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === CompanyPaths.create)?.body).toEqual({
      name: '悉尼批发有限公司',
      taxNo: '51 824 753 556',
    });
    expect(screen.getByText('批发会员')).toBeTruthy();
  });

  it('lets an admin invite, see the open invite, and set a buyer’s limits', async () => {
    const { calls } = mockApi({
      ...base,
      [CompanyPaths.detail]: ok(asAdmin),
      [CompanyPaths.members]: ok(team),
      [CompanyPaths.invite]: ok({ ...team.invites[0], id: 22 }, '邀请已发出'),
      [CompanyPaths.setLimit]: ok(team, '成员设置已保存'),
    });
    startSession('tok-1');
    renderApp('/member/company');
    const members = await screen.findByRole('list', { name: '公司成员' }, SLOW);
    const buyer = within(members).getByText('王采购').closest('li') as HTMLElement;
    expect(buyer.textContent).toContain('澳币额度：单笔 $500.00 · 每月 $2000.00');
    expect(screen.getByText(/尚无会员验证该联系方式/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('手机号或邮箱'), { target: { value: '0412 345 678' } });
    fireEvent.click(screen.getByRole('button', { name: '发送邀请' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === CompanyPaths.invite)?.body).toEqual({
        contact: '0412 345 678',
        role: 'buyer',
      }),
    );

    fireEvent.click(within(buyer).getByRole('button', { name: '设置' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.change(within(dialog).getByLabelText('人民币 每月额度'), { target: { value: '10000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === CompanyPaths.setLimit)?.body).toEqual({
        memberId: 7,
        role: 'buyer',
        limits: { aud: { perOrder: 500, perMonth: 2000 }, cny: { perOrder: null, perMonth: 10000 } },
      }),
    );
  });
});

describe('the company’s addresses on the address book', () => {
  const entry = (fields: Partial<Address> & { id: number; name: string }): Address => ({
    phone: '+61 2 8000 1234',
    country: 'AU',
    province: 'New South Wales',
    city: 'Silverwater',
    district: '',
    detail: 'Unit 5, 12 Holker Street',
    postCode: '2128',
    company: '',
    idCardNo: '',
    defaultFlag: false,
    updatedAt: '2026-11-28T00:00:00.000Z',
    shared: false,
    editable: true,
    ...fields,
  });

  it('shows a buyer the company’s entry as 公司共用, without changes; an admin may save one for the company', async () => {
    const book = [
      entry({ id: 1, name: '我自己', defaultFlag: true }),
      entry({ id: 2, name: '仓库收货', shared: true, editable: false }),
    ];
    mockApi({
      ...base,
      [CompanyPaths.detail]: ok<CompanyDetail>({
        company,
        role: 'buyer',
        limits: NO_COMPANY_LIMITS,
        invites: [],
      }),
      [AddressPaths.receiverList]: ok(book),
    });
    startSession('tok-1');
    renderApp('/member/receiver');
    const shared = (await screen.findByText('仓库收货', {}, SLOW)).closest('li') as HTMLElement;
    expect(within(shared).getByText('公司共用')).toBeTruthy();
    expect(within(shared).queryByRole('button', { name: /编\s?辑/ })).toBeNull();
    const own = screen.getByText('我自己').closest('li') as HTMLElement;
    expect(within(own).getByRole('button', { name: /编\s?辑/ })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /新增.*地址/ })[0] as HTMLElement);
    await screen.findByRole('dialog', {}, SLOW);
    expect(screen.queryByText('保存为公司共用地址')).toBeNull();
  });

  it('offers an admin to save a new address for the company', async () => {
    mockApi({
      ...base,
      [CompanyPaths.detail]: ok(asAdmin),
      [AddressPaths.receiverList]: ok([entry({ id: 2, name: '仓库收货', shared: true, editable: true })]),
    });
    startSession('tok-1');
    renderApp('/member/receiver');
    const shared = (await screen.findByText('仓库收货', {}, SLOW)).closest('li') as HTMLElement;
    expect(within(shared).getByRole('button', { name: /编\s?辑/ })).toBeTruthy();
    expect(within(shared).queryByRole('button', { name: '设为默认' })).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: /新增.*地址/ })[0] as HTMLElement);
    expect(await screen.findByText('保存为公司共用地址', {}, SLOW)).toBeTruthy();
  });
});

const waiting = approvalFixture();

describe('订单审批', () => {
  it('lets an admin approve a waiting order, and reject another with a reason', async () => {
    let decided: OrderApproval[] = [];
    const second = {
      ...waiting,
      orderId: 42,
      orderNo: 'SO2026113000000042',
      reason: 'perMonth' as const,
      limit: 100,
      spentBefore: 45.9,
    };
    const { calls } = mockApi({
      ...base,
      [CompanyPaths.detail]: ok(asAdmin),
      [CompanyPaths.members]: ok(team),
      [ApprovalPaths.list]: (body) => {
        const pendingOnly = (body as { status?: string }).status === 'pending';
        const all = [waiting, second].map((a) => decided.find((d) => d.orderId === a.orderId) ?? a);
        const items = pendingOnly ? all.filter((a) => a.status === 'pending') : all;
        return ok<ApprovalListResponse>({ items, totalCount: items.length });
      },
      [ApprovalPaths.approve]: (body) => {
        const done = {
          ...waiting,
          status: 'approved' as const,
          decidedBy: '演示会员',
          decidedAt: '2026-11-30T02:00:00.000Z',
        };
        decided = [...decided, done];
        expect(body).toEqual({ orderId: 41 });
        return ok(done, '已批准，订单可以支付了');
      },
      [ApprovalPaths.reject]: (body) => {
        const { reason } = body as { reason: string };
        const done = {
          ...second,
          status: 'rejected' as const,
          note: reason,
          decidedBy: '演示会员',
          decidedAt: '2026-11-30T02:00:00.000Z',
        };
        decided = [...decided, done];
        return ok(done, '已拒绝，订单已取消');
      },
    });
    startSession('tok-1');
    renderApp('/member/company');
    const panel = await screen.findByRole('region', { name: '订单审批' }, SLOW);
    const rows = await within(panel).findAllByTestId('approval-row', {}, SLOW);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('超出单笔额度 $50.00');
    expect(rows[1]?.textContent).toContain('本月已用 $45.90，超出月度额度 $100.00');
    // The admin's queue starts with the waiting ones only.
    expect(calls.find((c) => c.path === ApprovalPaths.list)?.body).toMatchObject({
      status: 'pending',
      pageNo: 1,
    });

    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: '批准' }));
    await waitFor(() => expect(within(panel).getAllByTestId('approval-row')).toHaveLength(1), SLOW);

    const left = within(panel).getByTestId('approval-row');
    fireEvent.click(within(left).getByRole('button', { name: '拒绝' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.change(within(dialog).getByRole('textbox', { name: '拒绝原因' }), {
      target: { value: '本月预算已用完' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定拒绝' }));
    await waitFor(() => expect(within(panel).queryAllByTestId('approval-row')).toHaveLength(0), SLOW);
    expect(calls.find((c) => c.path === ApprovalPaths.reject)?.body).toEqual({
      orderId: 42,
      reason: '本月预算已用完',
    });
    expect(within(panel).getByText('没有待审批的订单。')).toBeTruthy();

    // Every state, with who decided and why.
    fireEvent.click(within(panel).getByRole('checkbox', { name: '只看待审批' }));
    expect(await within(panel).findByText(/原因：本月预算已用完/, {}, SLOW)).toBeTruthy();
    expect(within(panel).getByText('已批准')).toBeTruthy();
  });

  it('shows a buyer their own, with no decision to make', async () => {
    mockApi({
      ...base,
      [CompanyPaths.detail]: ok<CompanyDetail>({ company, role: 'buyer', limits: buyerLimits, invites: [] }),
      [CompanyPaths.members]: ok({ members: team.members, invites: [] }),
      [ApprovalPaths.list]: ok<ApprovalListResponse>({ items: [waiting], totalCount: 1 }),
    });
    startSession('tok-1');
    renderApp('/member/company');
    const panel = await screen.findByRole('region', { name: '我的订单审批' }, SLOW);
    expect(await within(panel).findByText('待审批', {}, SLOW)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: '批准' })).toBeNull();
    expect((within(panel).getByRole('checkbox', { name: '只看待审批' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });
});
