import { AdminPaths, type StaffAccount } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { staffAccount as account, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

/** A fake staff service: the list, and the owner's changes applied to it. */
function staffApi(initial: StaffAccount[]) {
  let items = [...initial];
  return mockApi({
    [AdminPaths.current]: ok(staffSession('owner')),
    [AdminPaths.staffList]: () => ok({ items }),
    [AdminPaths.staffCreate]: (body) => {
      items = [
        ...items,
        account({
          ...(body as Partial<StaffAccount>),
          id: items.length + 1,
          totpEnabled: false,
          mustChangePassword: true,
        }),
      ];
      return ok(null);
    },
    [AdminPaths.staffUpdate]: (body) => {
      items = items.map((a) => (a.id === body.id ? { ...a, ...(body as Partial<StaffAccount>) } : a));
      return ok(null);
    },
    [AdminPaths.staffResetPassword]: ok(null),
    [AdminPaths.staffResetTotp]: ok(null),
  });
}

const row = (username: string) => {
  const cell = screen.getByText(username, { selector: 'td' });
  const tr = cell.closest('tr');
  if (!tr) throw new Error(`no row for ${username}`);
  return within(tr);
};

function dialog() {
  return within(screen.getByRole('dialog'));
}

function type(scope: ReturnType<typeof within>, label: string, value: string) {
  fireEvent.change(scope.getByLabelText(label), { target: { value } });
}

async function chooseRole(label: string) {
  const select = screen.getByRole('dialog').querySelector('.ant-select') as HTMLElement;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector, .ant-select-content, input') ?? select);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) =>
      o.textContent?.startsWith(label),
    );
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

describe('员工管理', () => {
  it('lists the staff with role, state and second factor', async () => {
    staffApi([
      account({}),
      account({ id: 2, username: 'wh1', name: '仓库小张', role: 'warehouse', totpEnabled: false }),
      account({
        id: 3,
        username: 'fin1',
        name: '财务小李',
        role: 'finance',
        totpEnabled: false,
        disabled: true,
      }),
    ]);
    signIn();
    renderConsole('/staff');
    await screen.findByText('wh1', { selector: 'td' }, SLOW);
    expect(row('wh1').getByText('仓库')).toBeTruthy();
    expect(row('wh1').getByText('未开启')).toBeTruthy();
    expect(row('fin1').getByText('已停用')).toBeTruthy();
    // A money role without its second factor is flagged.
    expect(row('fin1').getByText('待设置')).toBeTruthy();
    // The owner cannot disable their own account here.
    expect(row('boss').queryByRole('button', { name: '停用' })).toBeNull();
  });

  it('checks a new account against the domain schema, then creates it', async () => {
    const api = staffApi([account({})]);
    signIn();
    renderConsole('/staff');
    fireEvent.click(await screen.findByRole('button', { name: /新增员工/ }, SLOW));
    const form = dialog();
    type(form, '用户名', 'a!');
    type(form, '姓名', ' ');
    type(form, '初始密码', 'abc12345');
    fireEvent.click(form.getByRole('button', { name: '创建' }));
    // The form checks its fields one by one, each message appearing as its check ends.
    expect(await screen.findByText('用户名为3-32位字母、数字、下划线、点或短横线', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('请输入姓名', {}, SLOW)).toBeTruthy();
    expect(
      await screen.findByText('请选择角色', { selector: '.ant-form-item-explain-error' }, SLOW),
    ).toBeTruthy();
    expect(await screen.findByText('员工密码至少10位', {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminPaths.staffCreate)).toHaveLength(0);

    type(form, '用户名', 'wh_zhang');
    type(form, '姓名', '仓库小张');
    type(form, '初始密码', 'warehouse2026');
    type(form, '工作邮箱', 'not-an-address');
    await chooseRole('仓库');
    fireEvent.click(form.getByRole('button', { name: '创建' }));
    expect(await screen.findByText('邮箱格式不正确', {}, SLOW)).toBeTruthy();
    type(form, '工作邮箱', 'Pack@Example.test');
    fireEvent.click(form.getByRole('button', { name: '创建' }));
    await screen.findByText('wh_zhang', { selector: 'td' }, SLOW);
    expect(api.callsTo(AdminPaths.staffCreate).map((c) => c.body)).toEqual([
      {
        username: 'wh_zhang',
        name: '仓库小张',
        role: 'warehouse',
        password: 'warehouse2026',
        email: 'Pack@Example.test',
      },
    ]);
    expect(row('wh_zhang').getByText('待改密码')).toBeTruthy();
  });

  it('edits a name and role', async () => {
    const api = staffApi([account({}), account({ id: 2, username: 'cs1', name: '客服', role: 'service' })]);
    signIn();
    renderConsole('/staff');
    await screen.findByText('cs1', { selector: 'td' }, SLOW);
    fireEvent.click(row('cs1').getByRole('button', { name: '编辑' }));
    const form = dialog();
    await waitFor(() => expect((form.getByLabelText('姓名') as HTMLInputElement).value).toBe('客服'));
    type(form, '姓名', '客服小王');
    await chooseRole('运营');
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await screen.findByText('客服小王', { selector: 'td' }, SLOW);
    expect(api.callsTo(AdminPaths.staffUpdate).map((c) => c.body)).toEqual([
      { id: 2, name: '客服小王', role: 'content', email: '' },
    ]);
  });

  it('disables an account only after a confirmation', async () => {
    const api = staffApi([account({}), account({ id: 2, username: 'cs1', name: '客服', role: 'service' })]);
    signIn();
    renderConsole('/staff');
    await screen.findByText('cs1', { selector: 'td' }, SLOW);
    fireEvent.click(row('cs1').getByRole('button', { name: '停用' }));
    expect(await screen.findByText('停用后该员工无法登录，已有的登录立即失效。')).toBeTruthy();
    expect(api.callsTo(AdminPaths.staffUpdate)).toHaveLength(0);
    const confirm = document.querySelector('.ant-popconfirm .ant-btn-dangerous') as HTMLElement;
    fireEvent.click(confirm);
    await waitFor(() => expect(row('cs1').getByText('已停用')).toBeTruthy(), SLOW);
    expect(api.callsTo(AdminPaths.staffUpdate).map((c) => c.body)).toEqual([{ id: 2, disabled: true }]);
  });

  it('resets a password with the staff password rules, and a second factor after a confirmation', async () => {
    const api = staffApi([account({}), account({ id: 2, username: 'fin1', name: '财务', role: 'finance' })]);
    signIn();
    renderConsole('/staff');
    await screen.findByText('fin1', { selector: 'td' }, SLOW);
    fireEvent.click(row('fin1').getByRole('button', { name: '重置密码' }));
    const form = dialog();
    type(form, '新密码', 'short1a');
    fireEvent.click(form.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('密码至少8位')).toBeTruthy();
    type(form, '新密码', 'temporary2026');
    fireEvent.click(form.getByRole('button', { name: '重置密码' }));
    await waitFor(() => expect(api.callsTo(AdminPaths.staffResetPassword)).toHaveLength(1), SLOW);
    expect(api.callsTo(AdminPaths.staffResetPassword)[0]?.body).toEqual({ id: 2, password: 'temporary2026' });

    fireEvent.click(row('fin1').getByRole('button', { name: '重置两步验证' }));
    expect(await screen.findByText('用于手机丢失：该员工下次登录时需要重新绑定身份验证器。')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-dangerous') as HTMLElement);
    await waitFor(
      () => expect(api.callsTo(AdminPaths.staffResetTotp).map((c) => c.body)).toEqual([{ id: 2 }]),
      SLOW,
    );
  });
});
