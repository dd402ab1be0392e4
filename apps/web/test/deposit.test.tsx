import { CartPaths, DepositPaths, MemberPaths, OrderPaths, PaymentPaths, ResultCode } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { cartList } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import { orderDetail } from './checkout-fixtures';
import { depositLogItem, payStart, payStatus, recharge, shopMethods } from './payment-fixtures';
import { pngFile, stubUploads } from './service-fixtures';
import { demoMember, fail, mockApi, ok, renderApp } from './utils';

const SLOW = { timeout: 45_000 };
const toasts = () => toastStore.getState().toasts.map((t) => t.text);

type Handlers = Parameters<typeof mockApi>[0];
type Calls = ReturnType<typeof mockApi>['calls'];
const callsOf = (calls: Calls, path: string) => calls.filter((c) => c.path === path);
const bodiesOf = (calls: Calls, path: string) => callsOf(calls, path).map((c) => c.body);

const logPage = (items: ReturnType<typeof depositLogItem>[], totalCount = items.length, pageNo = 1) =>
  ok({ items, pageNo, pageSize: 15, totalCount });

function handlers(overrides: Handlers = {}): Handlers {
  return {
    ...shellHandlers,
    [MemberPaths.current]: ok({ ...demoMember, cnyDeposit: 1091, audDeposit: 20.5 }),
    [CartPaths.list]: ok(cartList([])),
    [DepositPaths.logList]: logPage([]),
    [PaymentPaths.configList]: ok(shopMethods),
    [DepositPaths.rechargeList]: ok({ items: [], pageNo: 1, pageSize: 10, totalCount: 0 }),
    ...overrides,
  };
}

describe('deposit log (spec §2 /member/deposit, §3 Deposit log, §7 memberDepositLog/list/)', () => {
  it('asks form-encoded for 15 a page and shows signed amounts, balances after and order links', async () => {
    const { calls } = mockApi(
      handlers({
        [DepositPaths.logList]: logPage([
          depositLogItem({
            id: 3,
            type: 3,
            typeLabel: '订单支付',
            amount: -143.5,
            balanceAfter: 1091,
            orderId: 77,
            orderNo: 'SO2026000077',
          }),
          depositLogItem({
            id: 2,
            type: 6,
            typeLabel: '系统赠送',
            currency: 'AUD',
            amount: 20.5,
            balanceAfter: 20.5,
            note: '新会员礼',
          }),
          depositLogItem({ id: 1, amount: 1234.5, balanceAfter: 1234.5 }),
        ]),
      }),
    );
    startSession('tok-1');
    renderApp('/member/deposit');
    const table = await screen.findByRole('table', {}, SLOW);
    const [request] = callsOf(calls, DepositPaths.logList);
    expect(request?.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(request?.body).toEqual({ pageNo: '1', pageSize: '15' });

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [payment, gift, online] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(payment).getByText('订单支付')).toBeTruthy();
    const debit = within(payment).getByText('-¥143.50');
    expect(debit.className).toContain('deposit-amount-out');
    expect(within(payment).getByText('¥1091.00')).toBeTruthy();
    expect(within(payment).getByRole('link', { name: 'SO2026000077' }).getAttribute('href')).toBe(
      '/order/77',
    );
    const credit = within(gift).getByText('+$20.50');
    expect(credit.className).toContain('deposit-amount-in');
    expect(within(gift).getByText('澳币')).toBeTruthy();
    expect(within(gift).getByText('新会员礼')).toBeTruthy();
    expect(within(online).getByText('+¥1234.50')).toBeTruthy();
    expect(within(online).queryByRole('link')).toBeNull();

    // Both balances, and the way to recharge.
    expect(screen.getByTestId('balance-cny').textContent).toBe('¥1091.00');
    expect(screen.getByTestId('balance-aud').textContent).toBe('$20.50');
    const balances = screen.getByRole('region', { name: '账户余额' });
    expect(within(balances).getByRole('link', { name: '充值' }).getAttribute('href')).toBe(
      '/member/recharge',
    );
  });

  it('pages through the log', async () => {
    const items = Array.from({ length: 15 }, (_, i) => depositLogItem({ id: 40 - i }));
    const { calls } = mockApi(
      handlers({
        [DepositPaths.logList]: (body) => {
          const pageNo = Number((body as { pageNo: string }).pageNo);
          return logPage(pageNo === 1 ? items : [depositLogItem({ id: 5, note: '第二页' })], 16, pageNo);
        },
      }),
    );
    startSession('tok-1');
    renderApp('/member/deposit');
    await screen.findByRole('table', {}, SLOW);
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('第二页')).toBeTruthy();
    expect(bodiesOf(calls, DepositPaths.logList).at(-1)).toEqual({ pageNo: '2', pageSize: '15' });
  });

  it('says 暂无余额明细 when there is nothing yet', async () => {
    mockApi(handlers());
    startSession('tok-1');
    renderApp('/member/deposit');
    expect(await screen.findByRole('heading', { name: '暂无余额明细' }, SLOW)).toBeTruthy();
  });

  it('back from an online recharge: waits for it, says 充值成功 and asks the balances and the log again', async () => {
    let asked = 0;
    const { calls } = mockApi(
      handlers({
        [PaymentPaths.findPayStatus]: () => {
          asked += 1;
          return ok(
            payStatus({
              status: asked === 1 ? 'pending' : 'paid',
              purpose: 'recharge',
              tradeNo: 'R2026000001',
              orderId: null,
              orderNo: null,
              rechargeNo: 'RC2026000001',
              amount: 200,
            }),
          );
        },
      }),
    );
    startSession('tok-1');
    renderApp('/member/deposit?tradeNo=R2026000001');
    expect(await screen.findByText('正在确认充值结果…', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(toasts()).toContain('充值成功'), { timeout: 5000 });
    expect(screen.getByText('充值成功，¥200.00 已存入余额')).toBeTruthy();
    expect(bodiesOf(calls, PaymentPaths.findPayStatus)[0]).toEqual({ tradeNo: 'R2026000001' });
    await waitFor(() => expect(callsOf(calls, DepositPaths.logList).length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(callsOf(calls, MemberPaths.current).length).toBeGreaterThanOrEqual(2));
  }, 20_000);

  it('back from a cancelled recharge: says 充值已取消', async () => {
    mockApi(handlers({ [PaymentPaths.findPayStatus]: fail(ResultCode.PayCancel, '用户取消支付') }));
    startSession('tok-1');
    renderApp('/member/deposit?tradeNo=R2026000001');
    expect(await screen.findByText('充值已取消', {}, SLOW)).toBeTruthy();
    expect(toasts()).not.toContain('充值成功');
    fireEvent.click(screen.getByRole('button', { name: '关闭提示' }));
    await waitFor(() => expect(screen.queryByText('充值已取消')).toBeNull());
  });
});

describe('recharge (spec §2 /member/recharge)', () => {
  async function openRecharge(overrides: Handlers = {}) {
    const api = mockApi(handlers(overrides));
    startSession('tok-1');
    renderApp('/member/recharge');
    await screen.findByRole('listitem', { name: '支付宝' }, SLOW);
    return api;
  }

  const amountInput = () => screen.getByLabelText('充值金额');
  const rechargeWith = (name: string) =>
    within(screen.getByRole('listitem', { name })).getByRole('button', { name: '去充值' });

  it.each([
    ['', '请输入充值金额'],
    ['abc', '请输入正确的金额'],
    ['0', '充值金额须大于0'],
    ['1.234', '金额最多两位小数'],
    ['500000.01', '单笔充值最多500000'],
  ])('refuses the amount %j with %s', async (value, message) => {
    const { calls } = await openRecharge();
    fireEvent.change(amountInput(), { target: { value } });
    fireEvent.click(rechargeWith('支付宝'));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(bodiesOf(calls, PaymentPaths.supayParam)).toEqual([]);
  });

  it('offers the online methods of the chosen currency and recharges through supayParam/', async () => {
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    const { calls } = await openRecharge({
      [PaymentPaths.supayParam]: ok(
        payStart({
          method: 'POST',
          action: '/sandbox-pay/bridge',
          fields: { tradeNo: 'R2026000002', amount: '100.50' },
        }),
      ),
    });
    // CNY first: the CNY channels, never the deposits themselves.
    expect(screen.getByRole('listitem', { name: '微信支付' })).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Supay 支付宝（澳币）' })).toBeNull();
    expect(screen.queryByRole('listitem', { name: '人民币余额支付' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: '澳币 AUD' }));
    expect(await screen.findByRole('listitem', { name: 'Supay 支付宝（澳币）' })).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: '支付宝' })).toBeNull();

    fireEvent.change(amountInput(), { target: { value: '100.5' } });
    fireEvent.click(rechargeWith('Supay 支付宝（澳币）'));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(bodiesOf(calls, PaymentPaths.supayParam)).toEqual([
      { methodId: 5, type: 'recharge', money: 100.5 },
    ]);
    expect(submitted[0]?.getAttribute('action')).toBe('/sandbox-pay/bridge');
  });

  it('registers a bank transfer for review and lists it', async () => {
    let registered = false;
    const { calls } = await openRecharge({
      [DepositPaths.bankTransfer]: () => {
        registered = true;
        return ok(recharge({ rechargeNo: 'RC2026000003' }));
      },
      [DepositPaths.rechargeList]: () =>
        ok({
          items: registered
            ? [recharge({ rechargeNo: 'RC2026000003', reference: '张三', note: '3月1日转账' })]
            : [],
          pageNo: 1,
          pageSize: 10,
          totalCount: registered ? 1 : 0,
        }),
    });
    expect(await screen.findByRole('heading', { name: '暂无充值记录' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '银行转账' }));
    expect(await screen.findByText('请向客服索取收款账户，转账后在此登记')).toBeTruthy();

    fireEvent.change(amountInput(), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: '提交转账登记' }));
    expect(await screen.findByText('请填写付款人或转账流水号')).toBeTruthy();
    expect(bodiesOf(calls, DepositPaths.bankTransfer)).toEqual([]);

    fireEvent.change(screen.getByLabelText('付款人或转账流水号'), { target: { value: ' 张三 ' } });
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: '3月1日转账' } });
    fireEvent.click(screen.getByRole('button', { name: '提交转账登记' }));
    await waitFor(() => expect(toasts()).toContain('已提交，等待审核'));
    expect(bodiesOf(calls, DepositPaths.bankTransfer)).toEqual([
      { currency: 'CNY', money: 500, reference: '张三', note: '3月1日转账' },
    ]);
    const item = await screen.findByRole('listitem', { name: '充值单 RC2026000003' });
    expect(within(item).getByText('待确认')).toBeTruthy();
    expect(within(item).getByText('¥500.00')).toBeTruthy();
  });

  it('registers a bank transfer with its slip; the history shows the slip, the amount credited, and replaces a slip while pending', async () => {
    let registered = false;
    let slips = 0;
    const sent = stubUploads((_file, n) => {
      slips = n;
      return { status: 200, body: ok(recharge({ rechargeNo: 'R20260301060500000003', hasSlip: true })) };
    });
    const { calls } = await openRecharge({
      [DepositPaths.bankTransfer]: () => {
        registered = true;
        return ok(recharge({ rechargeNo: 'R20260301060500000003' }));
      },
      [DepositPaths.rechargeList]: () =>
        ok({
          items: registered
            ? [
                recharge({ rechargeNo: 'R20260301060500000003', hasSlip: slips > 0 }),
                recharge({
                  rechargeNo: 'R20260301060500000002',
                  amount: 1000,
                  creditedAmount: 990,
                  status: 'credited',
                  statusLabel: '已到账',
                  hasSlip: true,
                  note: '',
                }),
              ]
            : [],
          pageNo: 1,
          pageSize: 10,
          totalCount: registered ? 2 : 0,
        }),
      [DepositPaths.slip]: () => new Response(new Blob([new Uint8Array(8)], { type: 'image/png' })),
    });
    fireEvent.click(screen.getByRole('tab', { name: '银行转账' }));
    const picker = await screen.findByLabelText('选择转账凭证');
    // By the ticket rules, checked before anything is sent.
    fireEvent.change(picker, {
      target: { files: [new File(['%PDF'], '回单.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(toasts()).toContain('“回单.pdf”不是图片：仅支持 JPG、PNG、WebP 或 GIF'));
    fireEvent.change(picker, { target: { files: [pngFile('大图.png', 5 * 1024 * 1024 + 1)] } });
    await waitFor(() => expect(toasts()).toContain('“大图.png”超过 5 MB，请压缩后再上传'));
    fireEvent.change(picker, { target: { files: [pngFile('回单.png')] } });
    expect(await screen.findByText('回单.png')).toBeTruthy();

    fireEvent.change(amountInput(), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('付款人或转账流水号'), { target: { value: '张三' } });
    fireEvent.click(screen.getByRole('button', { name: '提交转账登记' }));
    await waitFor(() => expect(toasts()).toContain('已提交，转账凭证已上传，等待审核'));
    expect(bodiesOf(calls, DepositPaths.bankTransfer)).toHaveLength(1);
    expect(sent.map((s) => [s.url, s.file.name, s.fields])).toEqual([
      [DepositPaths.uploadSlip, '回单.png', { rechargeNo: 'R20260301060500000003' }],
    ]);

    const pending = await screen.findByRole('listitem', { name: '充值单 R20260301060500000003' });
    expect(await within(pending).findByRole('img', { name: '转账凭证 R20260301060500000003' })).toBeTruthy();
    const credited = screen.getByRole('listitem', { name: '充值单 R20260301060500000002' });
    expect(within(credited).getByText('¥1000.00')).toBeTruthy();
    expect(within(credited).getByText('实际到账 ¥990.00')).toBeTruthy();
    // A credited transfer's slip is shown, never replaced.
    expect(within(credited).queryByRole('button', { name: /^(上传|更换)转账凭证/ })).toBeNull();
    fireEvent.click(
      await within(credited).findByRole('button', { name: '查看转账凭证 R20260301060500000002' }),
    );
    expect(await screen.findByRole('dialog', { name: '转账凭证 R20260301060500000002' })).toBeTruthy();
    expect(bodiesOf(calls, DepositPaths.slip)).toContainEqual({ rechargeNo: 'R20260301060500000002' });

    fireEvent.change(within(pending).getByLabelText('上传转账凭证 R20260301060500000003'), {
      target: { files: [pngFile('补拍.png')] },
    });
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.fields).toEqual({ rechargeNo: 'R20260301060500000003' });
    await waitFor(() => expect(toasts()).toContain('转账凭证已上传'));
  });

  it('withdraws a pending bank transfer after confirmation; one approved meanwhile is refused and shown', async () => {
    let items = [
      recharge({ rechargeNo: 'R20260301060500000001' }),
      recharge({ rechargeNo: 'R20260301060500000002', amount: 80 }),
      recharge({ rechargeNo: 'R20260301060500000003', status: 'credited', statusLabel: '已到账' }),
    ];
    const { calls } = await openRecharge({
      [DepositPaths.rechargeList]: () => ok({ items, pageNo: 1, pageSize: 10, totalCount: items.length }),
      [DepositPaths.cancelBankTransfer]: (body) => {
        const { rechargeNo } = body as { rechargeNo: string };
        if (rechargeNo.endsWith('2')) {
          // The operator approved it a moment before.
          items = items.map((r) =>
            r.rechargeNo === rechargeNo ? { ...r, status: 'credited', statusLabel: '已到账' } : r,
          );
          return { status: 400, body: fail(-1, '该笔转账已确认到账，不能撤销') };
        }
        items = items.map((r) =>
          r.rechargeNo === rechargeNo ? { ...r, status: 'cancelled', statusLabel: '已取消' } : r,
        );
        return ok(items.find((r) => r.rechargeNo === rechargeNo));
      },
    });
    const first = await screen.findByRole('listitem', { name: '充值单 R20260301060500000001' }, SLOW);
    // Only pending transfers can be withdrawn.
    expect(
      within(screen.getByRole('listitem', { name: '充值单 R20260301060500000003' })).queryByRole('button'),
    ).toBeNull();

    fireEvent.click(within(first).getByRole('button', { name: /撤销/ }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByText(/确认撤销充值单 R20260301060500000001（¥500.00）/)).toBeTruthy();
    expect(bodiesOf(calls, DepositPaths.cancelBankTransfer)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: '确认撤销' }));
    await waitFor(() => expect(toasts()).toContain('已撤销'));
    expect(bodiesOf(calls, DepositPaths.cancelBankTransfer)).toEqual([
      { rechargeNo: 'R20260301060500000001' },
    ]);
    await waitFor(() => expect(within(first).getByText('已取消')).toBeTruthy());
    expect(within(first).queryByRole('button')).toBeNull();

    const second = screen.getByRole('listitem', { name: '充值单 R20260301060500000002' });
    // As soon as the first confirmation has let go, 撤销 asks about the second.
    await waitFor(() => {
      fireEvent.click(within(second).getByRole('button', { name: /撤销/ }));
      expect(screen.getByText(/确认撤销充值单 R20260301060500000002（¥80.00）/)).toBeTruthy();
    }, SLOW);
    // The same dialog again; its button's loading icon may still be fading out (name 'loading 确认撤销').
    fireEvent.click(await screen.findByRole('button', { name: /确认撤销/ }, SLOW));
    await waitFor(() => expect(toasts()).toContain('该笔转账已确认到账，不能撤销'));
    await waitFor(() => expect(within(second).getByText('已到账')).toBeTruthy());
    expect(within(second).queryByRole('button')).toBeNull();
  }, 20_000);

  it("lists the shop's bank accounts in the chosen currency, and copies an account number", async () => {
    const bankAccounts = [
      {
        currency: 'CNY',
        bankName: '招商银行',
        branch: '上海分行',
        accountName: '澳中贸易',
        accountNo: '6214 0001',
      },
      {
        currency: 'AUD',
        bankName: 'Westpac',
        branch: 'BSB 032-000',
        accountName: 'AUZH Pty Ltd',
        accountNo: '111 222',
        swift: 'WPACAU2S',
      },
    ];
    const basic = {
      basicInfo: {
        siteName: '澳中批发商城',
        slogan: '',
        hotline: '',
        email: '',
        address: '',
        workTime: '',
        bankAccounts,
      },
      helps: [],
      allWrap: [],
      customerAd: [],
    };
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    await openRecharge({
      '/api/salesService/template/basic': ok({
        name: 'basic',
        updatedAt: '2026-01-01T00:00:00.000Z',
        templateJson: JSON.stringify(basic),
      }),
    });
    fireEvent.click(screen.getByRole('tab', { name: '银行转账' }));
    const account = await screen.findByLabelText('收款账户 招商银行');
    expect(within(account).getByText('招商银行 · 上海分行')).toBeTruthy();
    expect(within(account).getByText('6214 0001')).toBeTruthy();
    expect(screen.queryByLabelText('收款账户 Westpac')).toBeNull();
    expect(screen.queryByText('请向客服索取收款账户，转账后在此登记')).toBeNull();
    fireEvent.click(within(account).getByRole('button', { name: '复制' }));
    await waitFor(() => expect(toasts()).toContain('账号已复制'));
    expect(copied).toEqual(['62140001']);

    fireEvent.click(screen.getByRole('radio', { name: '澳币 AUD' }));
    const aud = await screen.findByLabelText('收款账户 Westpac');
    expect(within(aud).getByText('WPACAU2S')).toBeTruthy();
    expect(screen.queryByLabelText('收款账户 招商银行')).toBeNull();
  });

  it("shows the server's refusal of a bank transfer", async () => {
    await openRecharge({ [DepositPaths.bankTransfer]: fail(-1, '待审核的转账过多，请联系客服') });
    fireEvent.click(screen.getByRole('tab', { name: '银行转账' }));
    fireEvent.change(amountInput(), { target: { value: '10' } });
    fireEvent.change(await screen.findByLabelText('付款人或转账流水号'), { target: { value: '李四' } });
    fireEvent.click(screen.getByRole('button', { name: '提交转账登记' }));
    await waitFor(() => expect(toasts()).toContain('待审核的转账过多，请联系客服'));
  });
});

describe('member home and order detail links to payment', () => {
  it('the member home links to the deposit log and to recharge beside the balances', async () => {
    mockApi(handlers());
    startSession('tok-1');
    renderApp('/member');
    const balances = await screen.findByRole('region', { name: '账户余额' }, SLOW);
    expect(within(balances).getByRole('link', { name: '余额明细' }).getAttribute('href')).toBe(
      '/member/deposit',
    );
    expect(within(balances).getByRole('link', { name: '充值' }).getAttribute('href')).toBe(
      '/member/recharge',
    );
  });

  it('an unpaid order offers 去支付', async () => {
    mockApi(handlers({ [OrderPaths.detail]: ok(orderDetail({ id: 77 })), [OrderPaths.attachments]: ok([]) }));
    startSession('tok-1');
    renderApp('/order/77');
    const pay = await screen.findByRole('link', { name: '去支付' }, SLOW);
    expect(pay.getAttribute('href')).toBe('/payment?orderId=77');
    expect(screen.queryByTestId('order-pay-channel')).toBeNull();
  });

  it('a paid order tells how it was paid, what was charged and what was refunded', async () => {
    mockApi(
      handlers({
        [OrderPaths.detail]: ok(
          orderDetail({
            id: 78,
            status: 60,
            paidAt: '2026-03-01T06:10:00.000Z',
            payChannel: 'DepositPayAUD',
            payChannelName: '澳币余额支付',
            paidCurrency: 'AUD',
            paidPrice: 28.7,
            refundedPrice: 5,
          }),
        ),
        [OrderPaths.attachments]: ok([]),
      }),
    );
    startSession('tok-1');
    renderApp('/order/78');
    expect((await screen.findByTestId('order-pay-channel', {}, SLOW)).textContent).toBe('澳币余额支付');
    expect(screen.getByTestId('order-paid').textContent).toBe('$28.70');
    expect(screen.getByTestId('order-refunded').textContent).toBe('$5.00');
    expect(screen.queryByRole('link', { name: '去支付' })).toBeNull();
  });
});
