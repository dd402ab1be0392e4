import {
  type AdminNotice,
  AdminNoticePaths,
  AdminPaths,
  ResultCode,
  type SandboxMessage,
} from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

const PROVIDER_ANSWER =
  '550 5.1.1 <z***@example.com>: Recipient address rejected: User unknown in virtual mailbox table';

function notice(id: number, overrides: Partial<AdminNotice> = {}): AdminNotice {
  return {
    id,
    kind: 'shipped',
    channel: 'email',
    recipient: `b***${id}@example.com`,
    status: 'sent',
    attempts: 1,
    provider: 'smtp',
    providerMessageId: `<m${id}@shop.test>`,
    lastError: null,
    memberId: 40 + id,
    createdAt: '2026-11-24T03:00:00.000Z',
    sentAt: '2026-11-24T03:00:05.000Z',
    ...overrides,
  };
}

const failed = notice(7, {
  kind: 'code',
  channel: 'sms',
  recipient: '+86 138****0000',
  status: 'failed',
  attempts: 5,
  provider: 'aliyun',
  providerMessageId: null,
  lastError: PROVIDER_ANSWER,
  sentAt: null,
});

const COUNTS = { waiting: 1, sending: 0, sent: 12, failed: 1, discarded: 3 };

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('站外通知', () => {
  it('lists the outbox newest first with each status count and a failed notice’s answer, filters by status and loads more', async () => {
    // A full page: the failed notice on top, then 49 sent ones (ids 59 … 11).
    const firstPage = [{ ...failed, id: 60 }, ...Array.from({ length: 49 }, (_, i) => notice(59 - i))];
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [AdminNoticePaths.list]: (body) => {
        if (body.status === 'failed') return ok({ list: [failed], counts: COUNTS });
        if (body.beforeId) return ok({ list: [notice(10, { kind: 'paid' })], counts: COUNTS });
        return ok({ list: firstPage, counts: COUNTS });
      },
    });
    signIn();
    const { router } = renderConsole('/notices');
    await screen.findByText('+86 138****0000', {}, SLOW);
    expect(api.callsTo(AdminNoticePaths.list)[0]?.body).toEqual({ pageSize: 50 });
    for (const label of ['全部 17', '等待发送 1', '发送中 0', '已发送 12', '发送失败 1', '已放弃 3']) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    const row = rowOf('+86 138****0000');
    expect(within(row).getByText('验证码')).toBeTruthy();
    expect(within(row).getByText('短信')).toBeTruthy();
    expect(within(row).getByText('发送失败')).toBeTruthy();
    expect(within(row).getByText('aliyun')).toBeTruthy();
    expect(within(row).getByText('5')).toBeTruthy();
    expect(within(row).getAllByText(PROVIDER_ANSWER, { exact: false }).length).toBeGreaterThan(0);
    expect(within(row).getByRole('button', { name: /^重\s?发$/ })).toBeTruthy();
    // Only a failed notice can be resent or given up.
    const sent = rowOf('b***59@example.com');
    expect(within(sent).getByText('已发送')).toBeTruthy();
    expect(within(sent).queryByRole('button', { name: /重\s?发|放\s?弃/ })).toBeNull();

    // A full page means there may be more: the next one starts below the oldest shown.
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await screen.findByText('b***10@example.com');
    const oldest = firstPage.at(-1)?.id;
    expect(api.callsTo(AdminNoticePaths.list).at(-1)?.body).toEqual({ pageSize: 50, beforeId: oldest });
    expect(screen.getByText('已显示 51 条')).toBeTruthy();
    expect(screen.getByText('没有更多了')).toBeTruthy();

    fireEvent.click(screen.getByText('发送失败 1'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=failed'));
    await waitFor(() => expect(screen.queryByText('b***59@example.com')).toBeNull());
    expect(api.callsTo(AdminNoticePaths.list).at(-1)?.body).toEqual({ status: 'failed', pageSize: 50 });
  });

  it('resends a failed notice by its id and reads the outbox again', async () => {
    let resent = false;
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [AdminNoticePaths.list]: () =>
        ok({
          list: [resent ? { ...failed, status: 'waiting' as const } : failed],
          counts: resent ? { ...COUNTS, failed: 0, waiting: 2 } : COUNTS,
        }),
      [AdminNoticePaths.resend]: () => {
        resent = true;
        return ok({ ...failed, status: 'waiting' });
      },
    });
    signIn();
    renderConsole('/notices');
    await screen.findByText('+86 138****0000', {}, SLOW);
    fireEvent.click(within(rowOf('+86 138****0000')).getByRole('button', { name: /^重\s?发$/ }));
    await waitFor(() => expect(api.callsTo(AdminNoticePaths.resend)[0]?.body).toEqual({ id: failed.id }));
    expect(await screen.findByText('已重新排队发送')).toBeTruthy();
    expect(await screen.findByText('发送失败 0')).toBeTruthy();
    expect(api.callsTo(AdminNoticePaths.list)).toHaveLength(2);
    expect(within(rowOf('+86 138****0000')).getByText('等待发送')).toBeTruthy();
    expect(within(rowOf('+86 138****0000')).queryByRole('button', { name: /重\s?发/ })).toBeNull();
  });

  it('discards a failed notice only after a confirmation, and shows the server’s refusal', async () => {
    let discarded = false;
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('owner')),
      [AdminNoticePaths.list]: () =>
        ok({
          list: [discarded ? { ...failed, status: 'discarded' as const } : failed],
          counts: discarded ? { ...COUNTS, failed: 0, discarded: 4 } : COUNTS,
        }),
      [AdminNoticePaths.discard]: () => {
        discarded = true;
        return ok({ ...failed, status: 'discarded' });
      },
      [AdminNoticePaths.resend]: fail(ResultCode.ParamsError, '只有发送失败的通知可以重发或放弃'),
    });
    signIn();
    renderConsole('/notices');
    await screen.findByText('+86 138****0000', {}, SLOW);

    fireEvent.click(within(rowOf('+86 138****0000')).getByRole('button', { name: /^重\s?发$/ }));
    expect(await screen.findByText('只有发送失败的通知可以重发或放弃')).toBeTruthy();

    fireEvent.click(within(rowOf('+86 138****0000')).getByRole('button', { name: /^放\s?弃$/ }));
    const confirm = (await screen.findByText('放弃这条通知？')).closest('.ant-popover') as HTMLElement;
    expect(api.callsTo(AdminNoticePaths.discard)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: /^放\s?弃$/ }));
    await waitFor(() => expect(api.callsTo(AdminNoticePaths.discard)[0]?.body).toEqual({ id: failed.id }));
    expect(await screen.findByText('已放弃该通知')).toBeTruthy();
    expect(await screen.findByText('已放弃 4')).toBeTruthy();
    expect(within(rowOf('+86 138****0000')).getByText('已放弃', { selector: '.ant-tag' })).toBeTruthy();
  });

  it('says when the sandbox is off', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [AdminNoticePaths.list]: ok({ list: [], counts: {} }),
      [AdminNoticePaths.sandbox]: ok({ on: false, list: [] }),
    });
    signIn();
    renderConsole('/notices?tab=sandbox');
    expect(await screen.findByText('沙箱已关闭', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/SHOP_MAIL_SANDBOX \/ SHOP_SMS_SANDBOX=on 可开启/)).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(api.callsTo(AdminNoticePaths.sandbox)[0]?.body).toEqual({ pageSize: 30 });
  });

  it('shows the sandbox’s messages with a code readable, and finds a recipient by a number as staff type it', async () => {
    const sms: SandboxMessage = {
      id: 3,
      channel: 'sms',
      recipient: '+8613800138000',
      subject: '',
      text: '【澳中批发】您的验证码是 482913，5分钟内有效。',
      createdAt: '2026-11-24T03:00:00.000Z',
    };
    const mail: SandboxMessage = {
      id: 2,
      channel: 'email',
      recipient: 'buyer@example.com',
      subject: '您的订单已发货',
      text: '您好：\n订单 2026112400001 已发货。\n快递单号 SF1234567',
      createdAt: '2026-11-24T02:00:00.000Z',
    };
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [AdminNoticePaths.list]: ok({ list: [], counts: {} }),
      [AdminNoticePaths.sandbox]: (body) =>
        ok({
          on: true,
          list: body.recipient ? [sms].filter((m) => m.recipient === body.recipient) : [sms, mail],
        }),
    });
    signIn();
    const { router } = renderConsole('/notices');
    fireEvent.click(await screen.findByRole('tab', { name: '沙箱发件箱' }, SLOW));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=sandbox'));
    const smsRow = (await screen.findByText('+8613800138000')).closest('li') as HTMLElement;
    expect(within(smsRow).getByText('482913', { selector: 'strong, strong *' })).toBeTruthy();
    expect(within(smsRow).getByText(/您的验证码是 482913/).tagName).toBe('PRE');
    const mailText = screen.getByText(/订单 2026112400001 已发货/);
    expect(mailText.textContent).toContain('您好：\n订单');
    // An order number is not a code.
    expect(within(mailText.closest('li') as HTMLElement).queryByText(/^验证码/)).toBeNull();

    const box = () => screen.getByRole('searchbox', { name: '收件人' });
    // A key press as the input sees it: a second Enter counts only after the first was let go.
    const enter = () => {
      fireEvent.keyDown(box(), { key: 'Enter', code: 'Enter', keyCode: 13 });
      fireEvent.keyUp(box(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    };
    fireEvent.change(box(), { target: { value: 'not a number' } });
    enter();
    expect(await screen.findByText('手机号须为中国大陆（+86）或澳大利亚（+61）手机号')).toBeTruthy();
    expect(api.callsTo(AdminNoticePaths.sandbox).every((c) => c.body.recipient === undefined)).toBe(true);

    fireEvent.change(box(), { target: { value: ' 138 0013 8000 ' } });
    enter();
    await waitFor(() =>
      expect(api.callsTo(AdminNoticePaths.sandbox).at(-1)?.body).toEqual({
        recipient: '+8613800138000',
        pageSize: 30,
      }),
    );
    await waitFor(() => expect(screen.queryByText('buyer@example.com')).toBeNull());
    expect(screen.getByText('+8613800138000')).toBeTruthy();
  });

  it('is not in the menu of a role without notice.manage', async () => {
    mockApi({ [AdminPaths.current]: ok(staffSession('finance')) });
    signIn();
    renderConsole('/notices');
    expect(await screen.findByText('无权限', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /站外通知/ })).toBeNull();
  });
});
