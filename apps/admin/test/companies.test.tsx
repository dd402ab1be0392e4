import { type AdminCompany, AdminCompanyPaths, AdminPaths } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };
const SYDNEY: AdminCompany = {
  id: 4,
  name: '悉尼批发有限公司',
  taxNo: '51824753556',
  level: 38,
  memberCount: 3,
  createdAt: '2026-11-20T02:00:00.000Z',
  admins: ['demo'],
};

describe('公司', () => {
  it('lists the companies; finance makes one for a member, checked before it is sent, and re-levels one', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('finance')),
      [AdminCompanyPaths.list]: ok({ items: [SYDNEY], totalCount: 1 }),
      [AdminCompanyPaths.create]: (body) => ok({ ...SYDNEY, id: 5, name: String(body.name), memberCount: 1 }),
      [AdminCompanyPaths.level]: (body) => ok({ ...SYDNEY, level: Number(body.level) }),
    });
    signIn();
    renderConsole('/companies');
    expect(await screen.findByText('悉尼批发有限公司', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('38（批发会员）')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '新建公司' }));
    const dialog = await findDialog('新建公司');
    fireEvent.change(within(dialog).getByLabelText('公司名称'), { target: { value: '上海贸易' } });
    fireEvent.change(within(dialog).getByLabelText('ABN 或纳税人识别号'), { target: { value: '123' } });
    fireEvent.change(within(dialog).getByLabelText('管理员（会员用户名）'), { target: { value: 'buyer7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^创\s?建$/ }));
    expect(await within(dialog).findByText(/ABN 须为11位数字/, {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminCompanyPaths.create)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('ABN 或纳税人识别号'), {
      target: { value: '51 824 753 556' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /^创\s?建$/ }));
    await waitFor(() =>
      expect(api.callsTo(AdminCompanyPaths.create)[0]?.body).toEqual({
        name: '上海贸易',
        taxNo: '51 824 753 556',
        adminUsername: 'buyer7',
        level: 38,
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: '38（批发会员）' }));
    const level = await findDialog('价格等级：悉尼批发有限公司');
    fireEvent.change(within(level).getByLabelText('价格等级'), { target: { value: '39' } });
    fireEvent.click(within(level).getByRole('button', { name: /^保\s?存$/ }));
    await waitFor(() => expect(api.callsTo(AdminCompanyPaths.level)[0]?.body).toEqual({ id: 4, level: 39 }));
  });

  it('shows service staff the list without changes', async () => {
    mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [AdminCompanyPaths.list]: ok({ items: [SYDNEY], totalCount: 1 }),
    });
    signIn();
    renderConsole('/companies');
    expect(await screen.findByText('悉尼批发有限公司', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新建公司' })).toBeNull();
    expect(screen.queryByRole('button', { name: '38（批发会员）' })).toBeNull();
  });
});
