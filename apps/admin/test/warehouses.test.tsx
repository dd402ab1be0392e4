import { AdminPaths, type AdminWarehouse, AdminWarehousePaths } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };
const AU: AdminWarehouse = {
  id: 1,
  code: 'AU',
  name: '澳大利亚仓',
  pickup: { enabled: true, address: 'Unit 5, 12 Holker Street', hours: '周一至周五 9:00-17:00', phone: '' },
};
const CN: AdminWarehouse = { id: 2, code: 'CN', name: '中国仓', pickup: null };

describe('仓库与自提点', () => {
  it('opens a desk, checked before it is sent, and closes one after a confirmation', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('content')),
      [AdminWarehousePaths.list]: ok({ items: [AU, CN] }),
      [AdminWarehousePaths.pickup]: (body) =>
        ok({
          ...CN,
          pickup: { enabled: true, address: String(body.address), hours: String(body.hours), phone: '' },
        }),
      [AdminWarehousePaths.pickupOff]: ok({ ...AU, pickup: { ...AU.pickup, enabled: false } }),
    });
    signIn();
    renderConsole('/warehouses');
    expect(await screen.findByText(/Unit 5, 12 Holker Street/, {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '开放自提' }));
    const dialog = await findDialog('自提点：中国仓');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存并开放' }));
    expect(await within(dialog).findByText(/请填写自提地址/, {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminWarehousePaths.pickup)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('自提地址'), {
      target: { value: ' 上海市静安区南京西路1号 ' },
    });
    fireEvent.change(within(dialog).getByLabelText('营业时间'), { target: { value: '9:00-17:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存并开放' }));
    await waitFor(() =>
      expect(api.callsTo(AdminWarehousePaths.pickup)[0]?.body).toEqual({
        warehouse: 2,
        address: '上海市静安区南京西路1号',
        hours: '9:00-17:00',
      }),
    );
    expect(await screen.findByText('中国仓：自提已开放', {}, SLOW)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /关闭自提/ }));
    // antd spaces a two-character button: 关 闭.
    fireEvent.click(await screen.findByRole('button', { name: /^关\s?闭$/ }, SLOW));
    await waitFor(() =>
      expect(api.callsTo(AdminWarehousePaths.pickupOff)[0]?.body).toEqual({ warehouse: 1 }),
    );
  });
});
