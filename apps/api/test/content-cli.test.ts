import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BankAccount, BasicContentTemplate } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { useOperatorCli } from './support/cli';

const { shop, state } = useOperatorCli('shop-content-cli-');

const westpac: BankAccount = {
  currency: 'AUD',
  bankName: 'Westpac',
  branch: 'BSB 032-000',
  accountName: 'Test Shop Pty Ltd',
  accountNo: '000 111',
};

const basic: BasicContentTemplate = {
  basicInfo: {
    siteName: '测试商城',
    slogan: '',
    hotline: '400-000-0000',
    email: 'service@example.com',
    address: '',
    workTime: '',
  },
  helps: [[{ title: '帮助' }]],
  allWrap: [],
  customerAd: [],
};

describe('template commands', () => {
  it('store a checked template, print it back, and refuse a bad one naming the field', async () => {
    expect((await shop('migrate')).status).toBe(0);
    const good = join(state.dataDir, 'basic.json');
    await writeFile(good, JSON.stringify(basic));
    const put = await shop('template:put', '--name', 'basic', '--file', good);
    expect(put.status, put.stderr).toBe(0);
    expect(put.stdout).toContain('已保存模板 / stored template: basic');
    const shown = await shop('template:show', '--name', 'basic');
    expect(shown.status, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual(basic);

    const bad = join(state.dataDir, 'bad.json');
    // The receiving bank accounts are money settings, not the template's.
    await writeFile(
      bad,
      JSON.stringify({ ...basic, basicInfo: { ...basic.basicInfo, bankAccounts: [westpac] } }),
    );
    const refused = await shop('template:put', '--name', 'basic', '--file', bad);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      '模板 basic 格式不正确：basicInfo.bankAccounts 转账收款账户不在基础设置中修改',
    );
    expect(JSON.parse((await shop('template:show', '--name', 'basic')).stdout)).toEqual(basic);

    const notJson = join(state.dataDir, 'not.json');
    await writeFile(notJson, '{ nope');
    expect((await shop('template:put', '--name', 'basic', '--file', notJson)).status).toBe(2);
    const unknown = await shop('template:show', '--name', 'footer');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('须为 home、basic、goodsSort、supplier、supplierEn 之一');
    expect((await shop('template:show', '--name', 'home')).stderr).toContain('模板不存在');
  }, 180_000);
});

describe('bank account commands', () => {
  it('store the checked receiving accounts, print them back, and refuse a bad one', async () => {
    expect((await shop('migrate')).status).toBe(0);
    const file = join(state.dataDir, 'accounts.json');
    await writeFile(file, JSON.stringify([westpac]));
    const put = await shop('bank-accounts:put', '--file', file, '--by', '王会计');
    expect(put.status, put.stderr).toBe(0);
    expect(put.stdout).toContain('已保存收款账户 / stored 1 bank account(s)');
    const shown = await shop('bank-accounts:show');
    expect(JSON.parse(shown.stdout)).toEqual([westpac]);

    await writeFile(file, JSON.stringify([{ ...westpac, accountNo: '' }]));
    const refused = await shop('bank-accounts:put', '--file', file);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('请输入账号');
    expect(JSON.parse((await shop('bank-accounts:show')).stdout)).toEqual([westpac]);
  }, 180_000);
});
