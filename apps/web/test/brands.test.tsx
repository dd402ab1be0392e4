import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { brand, goods, page, shellHandlers } from './catalogue-fixtures';
import { mockApi, ok, renderApp } from './utils';

const brands = [
  brand({ id: 1, name: '爱他美', initial: 'A' }),
  brand({ id: 2, name: 'Blackmores', initial: 'B' }),
  brand({ id: 3, name: '3M', initial: '#' }),
  brand({ id: 4, name: 'a2', initial: 'A' }),
  brand({ id: 5, name: 'Swisse', initial: 'S' }),
];

describe('brands A–Z (spec §7 goodsbrand/list/)', () => {
  it("groups brands by initial, A–Z with '#' last, with a letter bar for the letters present", async () => {
    mockApi({ ...shellHandlers, '/api/goodsService/goodsbrand/list/': ok({ items: brands }) });
    renderApp('/brands');
    await screen.findByRole('region', { name: 'A 开头的品牌' }, { timeout: 45_000 });
    const groups = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(groups).toEqual(['A 开头的品牌', 'B 开头的品牌', 'S 开头的品牌', '# 开头的品牌']);
    const a = screen.getByRole('region', { name: 'A 开头的品牌' });
    expect(
      within(a)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['爱他美', 'a2']);
    expect(
      within(screen.getByRole('region', { name: '# 开头的品牌' }))
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/brand/3');
    const bar = screen.getByRole('navigation', { name: '按首字母跳转' });
    expect((within(bar).getByRole('button', { name: 'C' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(bar).getByRole('button', { name: '#' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(within(bar).getByRole('button', { name: 'S' }));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('S 开头的品牌');
  });

  it('/brands/letters shows one letter at a time', async () => {
    mockApi({ ...shellHandlers, '/api/goodsService/goodsbrand/list/': ok({ items: brands }) });
    renderApp('/brands/letters');
    const panel = await screen.findByRole('tabpanel', {}, { timeout: 45_000 });
    expect(
      within(panel)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['爱他美', 'a2']);
    fireEvent.click(screen.getByRole('tab', { name: '#' }));
    expect(
      within(screen.getByRole('tabpanel'))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['3M']);
  });

  it('a brand page shows the brand and its goods', async () => {
    const { calls } = mockApi({
      ...shellHandlers,
      '/api/goodsService/goodsbrand/detail/': ok({
        ...brands[1],
        description: '澳洲保健品牌',
        banner: 'b/banner.jpg',
      }),
      '/api/goodsService/goods/list/': ok(page([goods({ id: 9, name: '鱼油', location: 1 })])),
    });
    renderApp('/brand/2');
    expect(await screen.findByRole('heading', { name: 'Blackmores' }, { timeout: 45_000 })).toBeTruthy();
    expect(screen.getByText('澳洲保健品牌')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Blackmores - 澳中批发商城'));
    expect((await screen.findByRole('link', { name: /【澳大利亚仓】鱼油/ })).getAttribute('href')).toBe(
      '/product/9',
    );
    expect(calls.find((c) => c.path === '/api/goodsService/goods/list/')?.body).toMatchObject({
      brandId: 2,
      pageSize: 20,
    });
  });
});
