import { AdminPaths, type AdminPromotion, AdminPromotionPaths, type AdminPromotionSku } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, findDialog, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

const FISH: AdminPromotionSku = {
  skuId: 11,
  skuCode: 'S-BLK-1-400',
  goodsId: 3,
  goodsName: 'Blackmores 深海鱼油',
  spec: '400粒',
  warehouseName: '澳大利亚仓',
};
const RUNNING: AdminPromotion = {
  id: 1,
  name: '满200减20',
  method: 0,
  methodLabel: '满减',
  currency: 'CNY',
  threshold: '200.00',
  reduce: '20.00',
  discountPercent: null,
  skus: [FISH],
  pairSkus: [],
  gift: null,
  stackable: false,
  priority: 0,
  active: true,
  startsAt: null,
  endsAt: null,
  state: 'running',
  createTime: '2026-11-20T02:00:00.000Z',
};

function promotionsApi() {
  return mockApi({
    [AdminPaths.current]: ok(staffSession('finance')),
    [AdminPromotionPaths.list]: ok({ items: [RUNNING], totalCount: 1 }),
    [AdminPromotionPaths.skus]: (body) =>
      ok({ items: String(body.keyword ?? '').includes('鱼') ? [FISH] : [] }),
    [AdminPromotionPaths.save]: (body) => ok({ ...RUNNING, id: 2, name: String(body.name) }),
    [AdminPromotionPaths.active]: ok({ ...RUNNING, active: false, state: 'stopped' }),
  });
}

describe('促销', () => {
  it('lists promotions with their terms and stops one after a confirmation', async () => {
    const api = promotionsApi();
    signIn();
    renderConsole('/promotions');
    expect(await screen.findByText('满 ¥200.00 减 ¥20.00（每单只享最优的一个满减）', {}, SLOW)).toBeTruthy();
    const row = screen.getByText('满200减20').closest('tr') as HTMLElement;
    expect(within(row).getByText('进行中')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /停\s?用/ }));
    const confirm = (await screen.findByText(/结算立即不再应用/, {}, SLOW)).closest(
      '.ant-popover',
    ) as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: /停\s?用/ }));
    await waitFor(() =>
      expect(api.callsTo(AdminPromotionPaths.active)[0]?.body).toEqual({ id: 1, active: false }),
    );
    expect(await screen.findByText('促销已停用', {}, SLOW)).toBeTruthy();
  });

  it('asks each method only for what it uses and sends a discount with its SKUs', async () => {
    const api = promotionsApi();
    signIn();
    renderConsole('/promotions');
    fireEvent.click(await screen.findByRole('button', { name: /新建促销/ }, SLOW));
    const dialog = await findDialog('新建促销');
    // 满减 asks for a threshold and a reduction.
    expect(within(dialog).getByLabelText('减免金额（元）')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('折扣'));
    await waitFor(() => expect(within(dialog).queryByLabelText('减免金额（元）')).toBeNull());
    expect(within(dialog).queryByLabelText('门槛（元）')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('促销名称'), { target: { value: '鱼油九折' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await within(dialog).findByText('请输入折扣', {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminPromotionPaths.save)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('折扣（实付百分比）'), { target: { value: '90' } });
    const picker = within(dialog).getByLabelText('参与的 SKU');
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: '鱼油' } });
    const option = await screen.findByText(
      'Blackmores 深海鱼油 · 400粒 · S-BLK-1-400 · 澳大利亚仓',
      {},
      SLOW,
    );
    fireEvent.click(option);
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() =>
      expect(api.callsTo(AdminPromotionPaths.save)[0]?.body).toEqual({
        name: '鱼油九折',
        method: 1,
        currency: 'CNY',
        discountPercent: 90,
        skuIds: [11],
        pairSkuIds: [],
        startsAt: null,
        endsAt: null,
      }),
    );
    expect(await screen.findByText('促销已创建', {}, SLOW)).toBeTruthy();
  });

  it('sends a 满减 with its stackable flag and priority, and shows why a duplicate name is refused', async () => {
    const refusal = '已有同名促销「满500减30」（编号 1），请换一个名称，或先停用原促销';
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('finance')),
      [AdminPromotionPaths.list]: ok({ items: [RUNNING], totalCount: 1 }),
      [AdminPromotionPaths.skus]: ok({ items: [] }),
      [AdminPromotionPaths.save]: () => fail(-1, refusal),
    });
    signIn();
    renderConsole('/promotions');
    fireEvent.click(await screen.findByRole('button', { name: /新建促销/ }, SLOW));
    const dialog = await findDialog('新建促销');
    fireEvent.change(within(dialog).getByLabelText('促销名称'), { target: { value: '满500减30' } });
    fireEvent.change(within(dialog).getByLabelText('门槛（元）'), { target: { value: '500' } });
    fireEvent.change(within(dialog).getByLabelText('减免金额（元）'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByLabelText('可与其他满减同享'));
    fireEvent.change(within(dialog).getByLabelText('优先级'), { target: { value: '5' } });
    // Another method neither shows nor sends them.
    fireEvent.click(within(dialog).getByText('折扣'));
    await waitFor(() => expect(within(dialog).queryByLabelText('优先级')).toBeNull());
    fireEvent.click(within(dialog).getByText('满减'));
    await waitFor(() => expect(within(dialog).getByLabelText('优先级')).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() =>
      expect(api.callsTo(AdminPromotionPaths.save)[0]?.body).toEqual({
        name: '满500减30',
        method: 0,
        currency: 'CNY',
        threshold: '500',
        reduce: '30',
        stackable: true,
        priority: 5,
        skuIds: [],
        pairSkuIds: [],
        startsAt: null,
        endsAt: null,
      }),
    );
    expect(await screen.findByText(refusal, {}, SLOW)).toBeTruthy();
  });
});
