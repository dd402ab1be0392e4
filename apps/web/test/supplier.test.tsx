import { CataloguePaths, MemberPaths, ResultCode, SupplierPaths, type SupplierTemplate } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderApp } from './utils';

/** The supplier area: its landing page in two languages, the block previews, the content sources, the form. */

const content = (lang: 'zh' | 'en'): SupplierTemplate => ({
  Nav0: {
    title: lang === 'zh' ? '供应商合作' : 'Suppliers',
    links: [{ label: lang === 'zh' ? '合作流程' : 'How it works', anchor: 'Feature5' }],
    cta: lang === 'zh' ? '成为供应商' : 'Become a supplier',
  },
  Banner1: {
    title: lang === 'zh' ? '卖给澳洲与中国的批发买家' : 'Sell to buyers in Australia and China',
    subtitle: lang === 'zh' ? '两地会员，两种币种。' : 'Members in two countries.',
    cta: lang === 'zh' ? '立即申请' : 'Apply now',
    highlights: ['9', 'AUD · CNY'],
  },
  Feature0: {
    title: lang === 'zh' ? '为什么通过我们销售' : 'Why sell through us',
    items: [{ figure: '9', title: lang === 'zh' ? '九个仓库' : 'Nine warehouses', text: '…' }],
  },
  Feature5: {
    title: lang === 'zh' ? '合作流程' : 'How it works',
    steps: [{ title: lang === 'zh' ? '提交申请' : 'Apply', text: '…' }],
  },
  apply: { title: lang === 'zh' ? '成为供应商' : 'Become a supplier', intro: '…' },
});

const template = (name: string, lang: 'zh' | 'en') =>
  ok({ name, templateJson: JSON.stringify(content(lang)), updatedAt: '2026-11-24T08:00:00.000Z' });

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  let served = 0;
  return mockApi({
    [`${CataloguePaths.template}supplier`]: template('supplier', 'zh'),
    [`${CataloguePaths.template}supplierEn`]: template('supplierEn', 'en'),
    [MemberPaths.captcha]: () =>
      ok({ captchaId: `c${++served}`, image: `data:image/svg+xml;base64,${served}`, expiresIn: 120 }),
    ...extra,
  });
}

function fill(labels: Record<string, string>) {
  for (const [label, value] of Object.entries(labels))
    fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
}

describe('supplier area', () => {
  it('shows the Chinese landing page in its own wrapper, without the shop header, and switches to English', async () => {
    api();
    const { router } = renderApp('/supplier');
    expect(await screen.findByRole('heading', { level: 1, name: '卖给澳洲与中国的批发买家' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '为什么通过我们销售' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '合作流程' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '成为供应商' })).toBeTruthy();
    // Not the shop's header (its search box).
    expect(screen.queryByRole('search')).toBeNull();
    expect(document.documentElement.lang).toBe('zh-CN');

    fireEvent.click(screen.getAllByRole('link', { name: 'English' })[0] as HTMLElement);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sell to buyers in Australia and China' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/supplier/en');
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByLabelText(/^Company/)).toBeTruthy();
  });

  it.each([
    ['/supplier/Nav0', 'link', '供应商合作'],
    ['/supplier/Banner1', 'heading', '卖给澳洲与中国的批发买家'],
    ['/supplier/Feature0', 'heading', '为什么通过我们销售'],
    ['/supplier/Feature5', 'heading', '合作流程'],
    ['/supplier/Banner1?lang=en', 'heading', 'Sell to buyers in Australia and China'],
  ])('%s shows that block alone', async (path, role, name) => {
    api();
    renderApp(path);
    expect(await screen.findByRole(role as 'heading', { name })).toBeTruthy();
    expect(screen.queryByLabelText(/^公司名称|^Company/)).toBeNull();
    expect(document.querySelectorAll('#Nav0, #Banner1, #Feature0, #Feature5')).toHaveLength(1);
  });

  it.each([
    ['/supplier/data.source', 'supplier', '"卖给澳洲与中国的批发买家"'],
    ['/supplier/en/data.source', 'supplierEn', '"Sell to buyers in Australia and China"'],
  ])('%s shows that language’s content source, formatted', async (path, name, line) => {
    api();
    renderApp(path);
    const code = await screen.findByText(
      (_, el) => el?.tagName === 'CODE' && el.textContent?.includes(line) === true,
    );
    expect(code.textContent).toContain(`"Banner1": {\n    "title": ${line}`);
    expect(screen.getAllByText(name).length).toBeGreaterThan(0);
    expect(document.querySelector('textarea, input[type="text"]')).toBeNull();
  });

  it('checks the form in the page’s language, then sends it with the captcha and confirms', async () => {
    const { calls } = api({
      [SupplierPaths.submitApplication]: ok(
        { id: 7, status: 'new', confirmation: 'Thank you. Your application has been received.' },
        'Thank you.',
      ),
    });
    renderApp('/supplier/en');
    fireEvent.click(await screen.findByRole('button', { name: 'Send application' }));
    expect(screen.getByText('Please enter: company')).toBeTruthy();
    expect(screen.getByText('Please choose at least one country')).toBeTruthy();
    expect(calls.some((c) => c.path === SupplierPaths.submitApplication)).toBe(false);

    fill({
      Company: 'Harbour Foods',
      'Contact person': 'Amy Lee',
      Phone: 'call me',
      'E-mail': 'amy@example.com',
      'Product categories': 'Dairy',
      'Picture code': 'ab3d',
    });
    fireEvent.change(screen.getByLabelText(/^Country or region/), { target: { value: 'AU' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'China' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Australia' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(screen.getByText('Please enter a valid phone number, e.g. +61 412 345 678')).toBeTruthy();
    fill({ Phone: '+61 412 345 678' });
    await screen.findByRole('img', { name: 'Picture code' });
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));

    const status = await screen.findByRole('status');
    expect(within(status).getByText('Thank you. Your application has been received.')).toBeTruthy();
    expect(calls.find((c) => c.path === SupplierPaths.submitApplication)?.body).toEqual({
      lang: 'en',
      company: 'Harbour Foods',
      contact: 'Amy Lee',
      phone: '+61 412 345 678',
      email: 'amy@example.com',
      country: 'AU',
      categories: 'Dairy',
      warehouseCountries: ['AU', 'CN'],
      captchaId: 'c1',
      captchaCode: 'ab3d',
    });
  });

  it('shows a refused captcha at its field and fetches a new one', async () => {
    const { calls } = api({
      [SupplierPaths.submitApplication]: {
        status: 400,
        body: fail(ResultCode.ImageVerifyFailed, '验证码错误或已过期，请重新输入'),
      },
    });
    renderApp('/supplier');
    await screen.findByRole('img', { name: '验证码' });
    fill({
      公司名称: '悉尼优品',
      联系人: '王小明',
      电话: '0412345678',
      邮箱: 'wang@example.com',
      主营品类: '保健品',
      验证码: 'zzzz',
    });
    fireEvent.change(screen.getByLabelText(/^所在国家/), { target: { value: 'CN' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '中国' }));
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('验证码错误或已过期，请重新输入')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === MemberPaths.captcha)).toHaveLength(2));
    expect((screen.getByLabelText(/^验证码/) as HTMLInputElement).value).toBe('');
  });
});
