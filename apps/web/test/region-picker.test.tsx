import type { RegionRoot, StateSuburbFile } from '@shop/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { stateSuburbsUrl } from '@/features/address/api/get-state-suburbs';
import { RegionPicker } from '@/features/address/components/region-picker';
import { chinaTree as china } from './region-fixtures';
import { mockApi } from './utils';

const australia: RegionRoot = {
  code: 'AU',
  name: '澳大利亚',
  maxDepth: 2,
  children: [
    { code: 'AU-NSW', name: '新南威尔士州', enName: 'New South Wales' },
    { code: 'AU-TAS', name: '塔斯马尼亚州', enName: 'Tasmania' },
  ],
};

const nswSuburbs: StateSuburbFile = {
  state: 'AU-NSW',
  postcodes: [
    ['2000', 'Barangaroo', 'Sydney'],
    ['2010', 'Surry Hills'],
    ['2150', 'Parramatta'],
    ['2151', 'North Parramatta'],
  ],
  aliases: {},
};

/** The picker in a form, as the address dialog holds it: the picked path and postcode kept by the form. */
function Harness({
  root,
  onSubmit,
  onKeys,
}: {
  root: RegionRoot;
  onSubmit?: () => void;
  onKeys?: () => void;
}) {
  const [value, setValue] = useState<string[]>([]);
  const [postCode, setPostCode] = useState<string | undefined>();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: stands for the dialog that Escape would close.
    <div onKeyDown={onKeys}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit?.();
        }}
      >
        <RegionPicker
          root={root}
          value={value}
          onChange={setValue}
          onPostCode={setPostCode}
          postCode={postCode}
        />
        <output aria-label="邮编">{postCode ?? ''}</output>
      </form>
    </div>
  );
}

function renderPicker(root: RegionRoot, props: { onSubmit?: () => void; onKeys?: () => void } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <Harness root={root} {...props} />
    </QueryClientProvider>,
  );
}

const box = (name = '所在地区') => screen.getByRole('combobox', { name }) as HTMLInputElement;
const key = (name: string, input = box()) => fireEvent.keyDown(input, { key: name });
const options = (name = '所在地区') =>
  within(screen.getByRole('listbox', { name }))
    .queryAllByRole('option')
    .map((o) => o.textContent);
/** The option the input points at (aria-activedescendant), by its text. */
const active = (input = box()) => {
  const id = input.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : undefined;
};
const postCode = () => screen.getByRole('status', { name: '邮编' }).textContent;

describe('the region search list', () => {
  it('is a combobox that controls its listbox, closed until asked', () => {
    renderPicker(china);
    const input = box();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    key('ArrowDown');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: '所在地区' });
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    // Nothing typed: the provinces, to browse.
    expect(options()).toEqual(['广东省', '新疆维吾尔自治区']);
    expect(active()).toBe('广东省');
  });

  it('moves through the answers with the arrow keys, wrapping, and picks the active one with Enter', () => {
    const onSubmit = vi.fn();
    renderPicker(china, { onSubmit });
    fireEvent.change(box(), { target: { value: 'q' } });
    // 'q' is no initial's start; as a latin word it matches no name either.
    expect(options()).toEqual([]);
    expect(screen.getByText('无匹配地区')).toBeTruthy();
    fireEvent.change(box(), { target: { value: '区' } });
    expect(options()).toEqual([
      '广东省 / 深圳市 / 南山区',
      '广东省 / 深圳市 / 福田区',
      '广东省 / 深圳市 / 宝安区',
      '广东省 / 广州市 / 天河区',
      '新疆维吾尔自治区 / 乌鲁木齐市 / 天山区',
      // 新疆维吾尔自治区 itself holds 区.
      '新疆维吾尔自治区 / 伊犁哈萨克自治州 / 奎屯市',
      '新疆维吾尔自治区 / 石河子市',
    ]);
    expect(active()).toBe('广东省 / 深圳市 / 南山区');
    key('ArrowDown');
    key('ArrowDown');
    expect(active()).toBe('广东省 / 深圳市 / 宝安区');
    const selected = screen.getAllByRole('option').filter((o) => o.getAttribute('aria-selected') === 'true');
    expect(selected.map((o) => o.textContent)).toEqual(['广东省 / 深圳市 / 宝安区']);
    key('ArrowUp');
    key('ArrowUp');
    key('ArrowUp');
    expect(active()).toBe('新疆维吾尔自治区 / 石河子市');
    key('ArrowDown');
    expect(active()).toBe('广东省 / 深圳市 / 南山区');
    key('ArrowDown');
    key('Enter');
    // Picked, not submitted: Enter belongs to the list while it is open.
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box().value).toBe('广东省 / 深圳市 / 福田区');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().hasAttribute('aria-activedescendant')).toBe(false);
    expect(postCode()).toBe('518000');
  });

  it('finds a place by its pinyin initials and marks the matched characters', () => {
    renderPicker(china);
    fireEvent.change(box(), { target: { value: 'wlmq' } });
    expect(options()).toEqual(['新疆维吾尔自治区 / 乌鲁木齐市 / 天山区']);
    expect([...screen.getByRole('option').querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      '乌鲁木齐',
    ]);
    fireEvent.change(box(), { target: { value: '新疆 shz' } });
    expect([...screen.getByRole('option').querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      '新疆',
      '石河子',
    ]);
    key('Enter');
    expect(box().value).toBe('新疆维吾尔自治区 / 石河子市');
    expect(postCode()).toBe('832000');
  });

  it('closes on Escape without picking, and without closing the dialog around it', () => {
    const onKeys = vi.fn();
    renderPicker(china, { onKeys });
    fireEvent.change(box(), { target: { value: 'nsq' } });
    expect(options()).toEqual(['广东省 / 深圳市 / 南山区']);
    key('Escape');
    expect(onKeys).not.toHaveBeenCalled();
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().value).toBe('');
    expect(postCode()).toBe('');
    // Closed, Escape is the dialog's again.
    key('Escape');
    expect(onKeys).toHaveBeenCalledTimes(1);
  });

  it('browses level by level: Enter opens a level, ArrowLeft and Backspace go back up', () => {
    renderPicker(china);
    key('ArrowDown');
    key('Enter');
    expect(options()).toEqual(['‹ 返回上一级', '深圳市', '广州市']);
    expect(screen.getByText('广东省', { selector: '.search-list-heading' })).toBeTruthy();
    expect(box().getAttribute('aria-expanded')).toBe('true');
    key('ArrowDown');
    key('Enter');
    expect(options()).toEqual(['‹ 返回上一级', '南山区', '福田区', '宝安区']);
    key('ArrowLeft');
    expect(options()).toEqual(['‹ 返回上一级', '深圳市', '广州市']);
    key('Backspace');
    expect(options()).toEqual(['广东省', '新疆维吾尔自治区']);
    // A leaf on the second level is picked from there.
    key('ArrowDown');
    key('Enter');
    expect(options()).toEqual(['‹ 返回上一级', '乌鲁木齐市', '伊犁哈萨克自治州', '石河子市']);
    fireEvent.click(screen.getByRole('option', { name: '石河子市' }));
    expect(box().value).toBe('新疆维吾尔自治区 / 石河子市');
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('picks with a click, the press keeping the focus in the field', () => {
    renderPicker(china);
    fireEvent.click(box());
    fireEvent.change(box(), { target: { value: 'ftq' } });
    const option = screen.getByRole('option', { name: '广东省 / 深圳市 / 福田区' });
    // The press is held back, so the field is not left (which would close the list before the click).
    expect(fireEvent.mouseDown(option)).toBe(false);
    fireEvent.click(option);
    expect(box().value).toBe('广东省 / 深圳市 / 福田区');
    expect(postCode()).toBe('518000');
  });

  it('picks an Australian state, then a suburb of its file by keyboard, filling the postcode', async () => {
    mockApi({ [stateSuburbsUrl('AU-NSW') ?? '']: { status: 200, body: nswSuburbs } });
    renderPicker(australia);
    const suburb = box('城镇');
    expect(suburb.disabled).toBe(true);
    fireEvent.change(box('州'), { target: { value: 'wales' } });
    expect(options('州')).toEqual(['新南威尔士州']);
    key('Enter', box('州'));
    expect(box('州').value).toBe('新南威尔士州');
    await waitFor(() => expect(box('城镇').disabled).toBe(false));
    fireEvent.change(box('城镇'), { target: { value: 'parra' } });
    await waitFor(() => expect(options('城镇')).toEqual(['Parramatta 2150', 'North Parramatta 2151']));
    key('ArrowDown', box('城镇'));
    key('Enter', box('城镇'));
    expect(box('城镇').value).toBe('North Parramatta 2151');
    expect(postCode()).toBe('2151');
    fireEvent.change(box('城镇'), { target: { value: 'zzz' } });
    expect(screen.getByText('无匹配城镇')).toBeTruthy();
  });
});
