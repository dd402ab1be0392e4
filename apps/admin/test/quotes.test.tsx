import {
  AdminPaths,
  type AdminQuoteDetail,
  AdminQuotePaths,
  type AdminQuoteSummary,
  adminQuoteAnswerRequestSchema,
  adminQuoteCloseRequestSchema,
  adminQuoteListRequestSchema,
  adminQuoteMessageRequestSchema,
} from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

function summary(id: number, overrides: Partial<AdminQuoteSummary> = {}): AdminQuoteSummary {
  return {
    id,
    quoteNo: `Q20261201000${id}`,
    state: 'requested',
    currency: 'CNY',
    lineCount: 2,
    total: null,
    validUntil: null,
    requester: 'buyer7',
    mine: false,
    createdAt: '2026-12-01T02:00:00.000Z',
    orderId: null,
    orderNo: null,
    companyName: '悉尼批发有限公司',
    awaitingStaff: true,
    ...overrides,
  };
}

// Asked for today: 10 cups at ¥59.90 and 3 tea boxes at ¥128.00 the member's price, nothing quoted yet.
const ASKED: AdminQuoteDetail = {
  ...summary(7),
  note: '月底前要货',
  lines: [
    {
      id: 71,
      skuId: 501,
      goodsId: 50,
      name: '保温杯',
      skuName: '500ml 白色',
      image: '',
      qty: 10,
      listPrice: 59.9,
      price: null,
    },
    {
      id: 72,
      skuId: 502,
      goodsId: 51,
      name: '茶叶礼盒',
      skuName: '250g',
      image: '',
      qty: 3,
      listPrice: 128,
      price: null,
    },
  ],
  goods: null,
  freight: null,
  version: 1,
  answeredAt: null,
  messages: [
    { from: 'member', author: 'buyer7', text: '数量多能否便宜些？', createdAt: '2026-12-01T02:05:00.000Z' },
  ],
  today: '2026-12-01',
  memberId: 12,
};

/** The quote as answered at these unit prices (major units) and freight. */
function answered(prices: number[], freight: number, validUntil: string): AdminQuoteDetail {
  const lines = ASKED.lines.map((l, i) => ({ ...l, price: prices[i] ?? null }));
  const goods = lines.reduce((sum, l) => sum + Math.round((l.price ?? 0) * 100) * l.qty, 0) / 100;
  return {
    ...ASKED,
    state: 'answered',
    lines,
    goods,
    freight,
    total: (Math.round(goods * 100) + Math.round(freight * 100)) / 100,
    validUntil,
    version: ASKED.version + 1,
    answeredAt: '2026-12-01T03:00:00.000Z',
    awaitingStaff: false,
  };
}

const ACCEPTED: AdminQuoteDetail = {
  ...answered([55, 120], 20, '2026-12-15'),
  id: 8,
  quoteNo: 'Q202612010008',
  state: 'accepted',
  orderId: 900,
  orderNo: 'SO202612020001',
};

function quoteApi(
  role: 'service' | 'finance' = 'service',
  extra: Record<string, Parameters<typeof mockApi>[0][string]> = {},
) {
  return mockApi({
    [AdminPaths.current]: ok(staffSession(role)),
    [AdminQuotePaths.list]: (body) =>
      ok(
        body.state === 'answered'
          ? {
              items: [
                summary(9, {
                  state: 'answered',
                  total: 1000,
                  validUntil: '2026-12-10',
                  awaitingStaff: false,
                }),
              ],
              totalCount: 1,
            }
          : {
              items: [
                summary(7),
                summary(9, {
                  state: 'answered',
                  total: 1000,
                  validUntil: '2026-12-10',
                  awaitingStaff: false,
                }),
              ],
              totalCount: 2,
            },
      ),
    [AdminQuotePaths.detail]: (body) => ok(body.id === 8 ? ACCEPTED : ASKED),
    ...extra,
  });
}

const priceInput = (name: string) => screen.getByLabelText(new RegExp(`^报价 ${name}`)) as HTMLInputElement;
const totals = () => screen.getByTestId('quote-totals').textContent;

describe('询价', () => {
  it('lists the open quotes by default, tags those awaiting staff, filters by state and keyword', async () => {
    const api = quoteApi();
    signIn();
    const { router } = renderConsole('/quotes');
    await screen.findByText('共 2 个询价', {}, SLOW);
    expect(screen.getByRole('menuitem', { name: /询价/ })).toBeTruthy();
    expect(api.callsTo(AdminQuotePaths.list)[0]?.body).toEqual({ state: 'open', pageNo: 1, pageSize: 20 });

    const asked = screen.getByRole('link', { name: 'Q202612010007' }).closest('tr') as HTMLElement;
    expect(within(asked).getByText('待回复')).toBeTruthy();
    expect(within(asked).getAllByText('待报价')).toHaveLength(2); // the state tag and the total
    expect(within(asked).getByText('悉尼批发有限公司')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Q202612010007' }).getAttribute('href')).toBe('/quotes/7');
    const priced = screen.getByRole('link', { name: 'Q202612010009' }).closest('tr') as HTMLElement;
    expect(within(priced).getByText('¥1000.00')).toBeTruthy();
    expect(within(priced).queryByText('待回复')).toBeNull();

    fireEvent.click(within(screen.getByLabelText('询价状态')).getByText('已报价'));
    await screen.findByText('共 1 个询价');
    expect(router.state.location.search).toBe('?state=answered');
    const box = screen.getByRole('searchbox', { name: '询价单号或会员用户名' });
    fireEvent.change(box, { target: { value: ' buyer7 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(api.callsTo(AdminQuotePaths.list).at(-1)?.body).toEqual({
        state: 'answered',
        keyword: 'buyer7',
        pageNo: 1,
        pageSize: 20,
      }),
    );
    for (const call of api.callsTo(AdminQuotePaths.list)) {
      expect(adminQuoteListRequestSchema.safeParse(call.body).success).toBe(true);
    }
  });

  it('answers with a price per line after a confirm: totals follow the prices, a missing price is refused first', async () => {
    const api = quoteApi('finance', {
      [AdminQuotePaths.answer]: () => ok(answered([55, 120], 20, '2026-12-15')),
    });
    signIn();
    renderConsole('/quotes/7');
    await screen.findByText('询价 Q202612010007', {}, SLOW);
    expect(api.callsTo(AdminQuotePaths.detail)[0]?.body).toEqual({ id: 7 });
    expect(screen.getByText('数量多能否便宜些？')).toBeTruthy();
    // Prefilled with the list prices; no freight yet; valid for 14 days from the shop's today.
    expect(priceInput('保温杯').value).toBe('59.90');
    expect(priceInput('茶叶礼盒').value).toBe('128.00');
    expect((screen.getByLabelText('有效期至') as HTMLInputElement).value).toBe('2026-12-15');
    expect(totals()).toContain('商品 ¥983.00'); // 599.00 + 384.00
    expect(totals()).toContain('合计 —');

    fireEvent.change(priceInput('保温杯'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('运费（元）'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: '发送报价' }));
    expect(await screen.findByText('请填写报价')).toBeTruthy();
    expect(totals()).toContain('商品 —');
    expect(api.callsTo(AdminQuotePaths.answer)).toHaveLength(0);

    fireEvent.change(priceInput('保温杯'), { target: { value: '55' } });
    fireEvent.change(priceInput('茶叶礼盒'), { target: { value: '120' } });
    await waitFor(() => expect(totals()).toContain('商品 ¥910.00'));
    expect(totals()).toContain('运费 ¥20.00');
    expect(totals()).toContain('合计 ¥930.00');
    fireEvent.change(screen.getByLabelText('附言（可不填）'), { target: { value: ' 月底前可发货 ' } });
    fireEvent.click(screen.getByRole('button', { name: '发送报价' }));
    const confirm = await findDialog('确认发送报价？');
    expect(confirm.textContent).toContain('合计 ¥930.00，有效期至 2026-12-15');
    expect(api.callsTo(AdminQuotePaths.answer)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: '确认发送' }));
    await waitFor(() => expect(api.callsTo(AdminQuotePaths.answer)).toHaveLength(1));
    const body = api.callsTo(AdminQuotePaths.answer)[0]?.body;
    expect(body).toEqual({
      id: 7,
      version: 1,
      lines: [
        { id: 71, price: 55 },
        { id: 72, price: 120 },
      ],
      freight: 20,
      validUntil: '2026-12-15',
      message: '月底前可发货',
    });
    expect(adminQuoteAnswerRequestSchema.safeParse(body).success).toBe(true);
    expect(await screen.findByText('报价已发送')).toBeTruthy();
    await waitFor(() => expect(api.callsTo(AdminQuotePaths.detail).length).toBeGreaterThan(1));
  });

  it('answers with a discount on the list prices: discountPercent and no lines', async () => {
    const api = quoteApi('service', {
      [AdminQuotePaths.answer]: () => ok(answered([53.91, 115.2], 0, '2026-12-15')),
    });
    signIn();
    renderConsole('/quotes/7');
    await screen.findByText('询价 Q202612010007', {}, SLOW);
    fireEvent.click(screen.getByRole('radio', { name: '按参考价折扣' }));
    const percent = await screen.findByLabelText('按参考价减（%）');
    expect(screen.queryByLabelText(/^报价 保温杯/)).toBeNull();
    fireEvent.change(percent, { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('运费（元）'), { target: { value: '0' } });
    // 59.90 less 10% is 53.91 a cup; 128.00 less 10% is 115.20 a box.
    await waitFor(() => expect(totals()).toContain('商品 ¥884.70'));
    expect(screen.getByText('¥539.10')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '发送报价' }));
    const confirm = await findDialog('确认发送报价？');
    expect(confirm.textContent).toContain('按参考价减 10%');
    fireEvent.click(within(confirm).getByRole('button', { name: '确认发送' }));
    await waitFor(() => expect(api.callsTo(AdminQuotePaths.answer)).toHaveLength(1));
    const body = api.callsTo(AdminQuotePaths.answer)[0]?.body;
    expect(body).toEqual({
      id: 7,
      version: 1,
      discountPercent: 10,
      freight: 0,
      validUntil: '2026-12-15',
      message: '',
    });
    expect(adminQuoteAnswerRequestSchema.safeParse(body).success).toBe(true);
  });

  it('sends a message and closes the quote with a reason, reading it again after each', async () => {
    const api = quoteApi('service', {
      [AdminQuotePaths.message]: (body) =>
        ok({
          ...ASKED,
          awaitingStaff: false,
          messages: [
            ...ASKED.messages,
            { from: 'staff', author: '李四', text: String(body.text), createdAt: '2026-12-01T03:00:00.000Z' },
          ],
        }),
      [AdminQuotePaths.close]: ok({ ...ASKED, state: 'closed' }),
    });
    signIn();
    renderConsole('/quotes/7');
    await screen.findByText('询价 Q202612010007', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: '发送消息' }));
    expect(await screen.findByText('请填写内容')).toBeTruthy();
    expect(api.callsTo(AdminQuotePaths.message)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('回复会员'), { target: { value: '稍后报价' } });
    fireEvent.click(screen.getByRole('button', { name: '发送消息' }));
    await waitFor(() =>
      expect(api.callsTo(AdminQuotePaths.message)[0]?.body).toEqual({ id: 7, text: '稍后报价' }),
    );
    expect(
      adminQuoteMessageRequestSchema.safeParse(api.callsTo(AdminQuotePaths.message)[0]?.body).success,
    ).toBe(true);
    expect(await screen.findByText('消息已发送')).toBeTruthy();
    await waitFor(() => expect(api.callsTo(AdminQuotePaths.detail).length).toBeGreaterThan(1));

    fireEvent.click(screen.getByRole('button', { name: '关闭询价' }));
    const dialog = await findDialog('关闭询价：Q202612010007');
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭询价' }));
    expect(await within(dialog).findByText('请填写关闭原因')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('关闭原因'), { target: { value: '会员已另行下单' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭询价' }));
    await waitFor(() =>
      expect(api.callsTo(AdminQuotePaths.close)[0]?.body).toEqual({ id: 7, reason: '会员已另行下单' }),
    );
    expect(adminQuoteCloseRequestSchema.safeParse(api.callsTo(AdminQuotePaths.close)[0]?.body).success).toBe(
      true,
    );
    expect(await screen.findByText('询价已关闭')).toBeTruthy();
  });

  it('shows an accepted quote read only, linking to its order', async () => {
    quoteApi('service');
    signIn();
    renderConsole('/quotes/8');
    await screen.findByText('询价 Q202612010008', {}, SLOW);
    expect(screen.getByRole('link', { name: 'SO202612020001' }).getAttribute('href')).toBe(
      '/orders?order=SO202612020001',
    );
    expect(screen.getByText('该询价已下单，不能再报价或回复。')).toBeTruthy();
    expect(totals()).toContain('合计 ¥930.00');
    expect(screen.queryByRole('button', { name: '发送报价' })).toBeNull();
    expect(screen.queryByRole('button', { name: '发送消息' })).toBeNull();
    expect(screen.queryByRole('button', { name: '关闭询价' })).toBeNull();
    expect(screen.queryByLabelText(/^报价 /)).toBeNull();
  });

  it('is not in the menu of a role without quote.answer', async () => {
    mockApi({ [AdminPaths.current]: ok(staffSession('warehouse')) });
    signIn();
    renderConsole('/quotes');
    expect(await screen.findByText('无权限', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /询价/ })).toBeNull();
  });
});
