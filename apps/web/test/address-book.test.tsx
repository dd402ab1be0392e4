import {
  type Address,
  AddressPaths,
  CartPaths,
  CheckoutPaths,
  type CheckoutSummaryRequest,
  MemberPaths,
  type RegionRoot,
  type StateSuburbFile,
} from '@shop/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { REGION_TREE_URL } from '@/features/address/api/get-region-tree';
import { stateSuburbsUrl } from '@/features/address/api/get-state-suburbs';
import { addressKeys } from '@/features/address/api/keys';
import { resetCheckoutStore } from '@/features/checkout/checkout-store';
import { toastStore } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { cartList } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import { summaryFor } from './checkout-fixtures';
import { chinaTree } from './region-fixtures';
import { demoMember, mockApi, ok, renderApp } from './utils';

const SLOW = { timeout: 45_000 };
const toasts = () => toastStore.getState().toasts.map((t) => t.text);

/** A small region tree with the shape of /res/static/address.json (Australia to state level). */
const regionTree: RegionRoot[] = [
  chinaTree,
  {
    code: 'AU',
    name: '澳大利亚',
    maxDepth: 2,
    children: [
      {
        code: 'AU-NSW',
        name: '新南威尔士州',
        enName: 'New South Wales',
      },
    ],
  },
];

/** New South Wales's suburb file (grouped by postcode), fetched when the state is chosen. */
const nswSuburbs: StateSuburbFile = {
  state: 'AU-NSW',
  postcodes: [
    ['2000', 'Barangaroo', 'Sydney'],
    ['2010', 'Surry Hills'],
  ],
  aliases: { 'AU-NSW-2000-SYDNEY': ['悉尼'] },
};

function address(fields: Partial<Address> & { id: number }): Address {
  return {
    name: '张三',
    phone: '13800138000',
    country: 'CN',
    province: '广东省',
    city: '深圳市',
    district: '南山区',
    detail: '科技园路1号',
    postCode: '518000',
    company: '',
    idCardNo: '',
    defaultFlag: false,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

/** A fake address book on the server: list, save (create or update, one default) and delete. */
function fakeBook(kind: 'receiver' | 'sender', initial: Address[]) {
  let book = [...initial];
  let nextId = 100;
  const api =
    kind === 'receiver'
      ? {
          list: AddressPaths.receiverList,
          save: AddressPaths.receiverSave,
          remove: AddressPaths.receiverDelete,
        }
      : { list: AddressPaths.senderList, save: AddressPaths.senderSave, remove: AddressPaths.senderDelete };
  return {
    handlers: {
      [api.list]: () => ok(book),
      [api.save]: (body: unknown) => {
        const req = body as Omit<Address, 'id' | 'updatedAt'> & { id?: number };
        const saved = address({ ...req, id: req.id ?? nextId++ });
        if (saved.defaultFlag) book = book.map((a) => ({ ...a, defaultFlag: false }));
        book = req.id ? book.map((a) => (a.id === req.id ? saved : a)) : [...book, saved];
        return ok(saved);
      },
      [api.remove]: (body: unknown) => {
        book = book.filter((a) => a.id !== (body as { id: number }).id);
        return ok(null);
      },
      [REGION_TREE_URL]: { status: 200, body: regionTree },
      [stateSuburbsUrl('AU-NSW') ?? '']: { status: 200, body: nswSuburbs },
    },
  };
}

const receiverBook = (initial: Address[]) => fakeBook('receiver', initial);

const cards = () => screen.getAllByRole('listitem').filter((li) => li.classList.contains('address-card'));

const regionBox = () => screen.getByRole('combobox', { name: '所在地区' }) as HTMLInputElement;
const stateBox = () => screen.getByRole('combobox', { name: '州' }) as HTMLInputElement;
const suburbBox = () => screen.getByRole('combobox', { name: '城镇' }) as HTMLInputElement;

/** Waits until the region tree is in and the region field takes input. */
async function regionReady() {
  await waitFor(() => expect(regionBox().disabled).toBe(false));
}

/** Opens a region list (所在地区, or 州 in Australia). */
function openRegions(box: HTMLInputElement = regionBox()) {
  fireEvent.click(box);
}

function pickRegion(name: string) {
  fireEvent.click(screen.getByRole('option', { name }));
}

const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent);

/** Searches the suburb list for the option labelled 'Name postcode' and picks it. */
async function pickSuburb(label: string) {
  fireEvent.click(suburbBox());
  fireEvent.change(suburbBox(), { target: { value: label.replace(/ \d+$/, '') } });
  const options = await screen.findAllByRole('option', { name: label });
  fireEvent.click(options[options.length - 1] as HTMLElement);
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('receiver address book (spec §4 Address state)', () => {
  it('lists the default first with its tag; saves, sets default and deletes, reloading the list each time', async () => {
    const { handlers } = receiverBook([
      address({ id: 1, name: '李四', detail: '人民路2号' }),
      address({ id: 2, name: '王五', defaultFlag: true, idCardNo: '110101199003071234' }),
    ]);
    const { calls } = mockApi({ ...shellHandlers, [MemberPaths.current]: ok(demoMember), ...handlers });
    startSession('tok-1');
    renderApp('/member/receiver');

    await screen.findByText('王五', {}, SLOW);
    expect(cards().map((c) => within(c).getByText(/^(李四|王五)$/).textContent)).toEqual(['王五', '李四']);
    expect(within(cards()[0] as HTMLElement).getByText('默认')).toBeTruthy();
    expect(within(cards()[0] as HTMLElement).getByText(/身份证 110\*+1234/)).toBeTruthy();
    expect(within(cards()[1] as HTMLElement).getByText('中国 广东省 深圳市 南山区')).toBeTruthy();

    // Set 李四 as default: the whole entry is saved with defaultFlag true, then the list reloads.
    fireEvent.click(within(cards()[1] as HTMLElement).getByRole('button', { name: '设为默认' }));
    await waitFor(() => expect(within(cards()[0] as HTMLElement).getByText('李四')).toBeTruthy());
    expect(calls.find((c) => c.path === AddressPaths.receiverSave)?.body).toEqual({
      id: 1,
      name: '李四',
      phone: '13800138000',
      country: 'CN',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      detail: '人民路2号',
      postCode: '518000',
      company: '',
      idCardNo: '',
      defaultFlag: true,
    });
    expect(toasts()).toContain('已设为默认地址');

    // Delete 王五 after confirming.
    fireEvent.click(within(cards()[1] as HTMLElement).getByRole('button', { name: '删除' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定删除' }));
    await waitFor(() => expect(screen.queryByText('王五')).toBeNull());
    expect(calls.find((c) => c.path === AddressPaths.receiverDelete)?.body).toEqual({ id: 2 });
    expect(calls.filter((c) => c.path === AddressPaths.receiverList).length).toBe(3);
  });

  it('adds an address with the region picker (China: province, city, district) and its postcode', async () => {
    const { handlers } = receiverBook([]);
    const { calls } = mockApi({ ...shellHandlers, [MemberPaths.current]: ok(demoMember), ...handlers });
    startSession('tok-1');
    renderApp('/member/receiver');

    fireEvent.click(await screen.findByRole('button', { name: '新增收件人地址' }, SLOW));
    await screen.findByRole('dialog');
    await regionReady();
    type('收件人姓名', '赵六');
    type('手机号', '13900139000');
    openRegions();
    pickRegion('广东省');
    pickRegion('深圳市');
    // Browsed level by level: the city's districts, and the way back up.
    expect(optionNames()).toEqual(['‹ 返回上一级', '南山区', '福田区', '宝安区']);
    pickRegion('南山区');
    expect(regionBox().value).toBe('广东省 / 深圳市 / 南山区');
    type('详细地址', '深南大道100号');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(calls.some((c) => c.path === AddressPaths.receiverSave)).toBe(true));
    expect(calls.find((c) => c.path === AddressPaths.receiverSave)?.body).toEqual({
      name: '赵六',
      phone: '13900139000',
      country: 'CN',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      detail: '深南大道100号',
      postCode: '518000',
      company: '',
      idCardNo: '',
      // The first address of a book becomes the default.
      defaultFlag: true,
    });
    expect(await screen.findByText('赵六')).toBeTruthy();
    expect(screen.getByText('默认')).toBeTruthy();
    // The region tree is a static file fetched once.
    expect(calls.filter((c) => c.path === REGION_TREE_URL)).toHaveLength(1);
  });

  it('edits an address in place, keeping its region', async () => {
    const { handlers } = receiverBook([address({ id: 1, defaultFlag: true })]);
    const { calls } = mockApi({ ...shellHandlers, [MemberPaths.current]: ok(demoMember), ...handlers });
    startSession('tok-1');
    renderApp('/member/receiver');
    fireEvent.click(await screen.findByRole('button', { name: '编辑' }, SLOW));
    expect(await screen.findByText('编辑收件人地址')).toBeTruthy();
    expect((screen.getByLabelText('收件人姓名') as HTMLInputElement).value).toBe('张三');
    await waitFor(() => expect(regionBox().value).toBe('广东省 / 深圳市 / 南山区'));
    type('详细地址', '科技园路8号');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByText('科技园路8号')).toBeTruthy());
    expect(calls.find((c) => c.path === AddressPaths.receiverSave)?.body).toMatchObject({
      id: 1,
      detail: '科技园路8号',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      defaultFlag: true,
    });
    expect(toasts()).toContain('地址已保存');
  });

  it('lets a saved postcode follow a new region, but keeps one the shopper typed', async () => {
    const { handlers } = receiverBook([address({ id: 1, defaultFlag: true })]);
    mockApi({ ...shellHandlers, [MemberPaths.current]: ok(demoMember), ...handlers });
    startSession('tok-1');
    renderApp('/member/receiver');
    fireEvent.click(await screen.findByRole('button', { name: '编辑' }, SLOW));
    await screen.findByText('编辑收件人地址');
    await regionReady();
    const postCode = () => (screen.getByLabelText('邮编') as HTMLInputElement).value;

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '国家' }));
    fireEvent.click(await screen.findByTitle('澳大利亚'));
    await waitFor(() => expect(postCode()).toBe(''));
    expect(await screen.findByPlaceholderText('请选择州 / 领地')).toBeTruthy();
    openRegions(stateBox());
    pickRegion('新南威尔士州');
    await pickSuburb('Sydney 2000');
    await waitFor(() => expect(postCode()).toBe('2000'));

    type('邮编', '2010');
    await pickSuburb('Barangaroo 2000');
    expect(postCode()).toBe('2010');
  });

  it('offers every country of spec §3; one without a region tree (New Zealand) takes its region as typed text', async () => {
    const { handlers } = receiverBook([]);
    const { calls } = mockApi({ ...shellHandlers, [MemberPaths.current]: ok(demoMember), ...handlers });
    startSession('tok-1');
    renderApp('/member/receiver');
    fireEvent.click(await screen.findByRole('button', { name: '新增收件人地址' }, SLOW));
    await screen.findByRole('dialog');
    await regionReady();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '国家' }));
    for (const name of ['中国', '澳大利亚', '新西兰', '美国', '香港', '韩国', '欧洲', '日本', '其他']) {
      expect((await screen.findAllByTitle(name)).length).toBeGreaterThan(0);
    }
    fireEvent.click(screen.getByTitle('新西兰'));
    // No region tree for New Zealand: the state or region and the city are typed.
    await screen.findByLabelText('州/省/地区');
    type('州/省/地区', 'Auckland');
    type('城市', 'Auckland Central');
    type('收件人姓名', 'Amy Li');
    type('手机号', '+64 21 123 4567');
    type('详细地址', '1 Queen Street');
    // The country's own postcode: New Zealand's has 4 digits.
    type('邮编', '10101');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('邮编格式不正确：新西兰邮编为4位数字')).toBeTruthy();
    expect(calls.some((c) => c.path === AddressPaths.receiverSave)).toBe(false);
    type('邮编', '1010');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(calls.some((c) => c.path === AddressPaths.receiverSave)).toBe(true));
    expect(calls.find((c) => c.path === AddressPaths.receiverSave)?.body).toEqual({
      name: 'Amy Li',
      phone: '+64 21 123 4567',
      country: 'NZ',
      province: 'Auckland',
      city: 'Auckland Central',
      district: '',
      detail: '1 Queen Street',
      postCode: '1010',
      company: '',
      idCardNo: '',
      defaultFlag: true,
    });
    expect(await screen.findByText('新西兰 Auckland Auckland Central')).toBeTruthy();
  });

  it("offers Australia's states, then the chosen state's suburbs from its own file; a suburb fills its postcode", async () => {
    const { handlers } = receiverBook([]);
    const { calls } = mockApi({ ...shellHandlers, [MemberPaths.current]: ok(demoMember), ...handlers });
    startSession('tok-1');
    renderApp('/member/receiver');
    fireEvent.click(await screen.findByRole('button', { name: '新增收件人地址' }, SLOW));
    await screen.findByRole('dialog');
    await regionReady();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '国家' }));
    fireEvent.click(await screen.findByTitle('澳大利亚'));
    expect(await screen.findByPlaceholderText('请先选择州')).toBeTruthy();
    expect(suburbBox().disabled).toBe(true);
    expect(calls.some((c) => c.path === stateSuburbsUrl('AU-NSW'))).toBe(false);
    openRegions(stateBox());
    // One level: the state; its suburbs come from the state's file.
    pickRegion('新南威尔士州');
    expect(stateBox().value).toBe('新南威尔士州');
    expect(screen.queryByRole('listbox', { name: '州' })).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.path === stateSuburbsUrl('AU-NSW'))).toHaveLength(1));
    // Searched by postcode.
    await waitFor(() => expect(suburbBox().disabled).toBe(false));
    fireEvent.click(suburbBox());
    fireEvent.change(suburbBox(), { target: { value: '2010' } });
    const option = await screen.findByRole('option', { name: 'Surry Hills 2010' });
    expect(screen.queryByRole('option', { name: 'Sydney 2000' })).toBeNull();
    fireEvent.click(option);
    await waitFor(() => expect((screen.getByLabelText('邮编') as HTMLInputElement).value).toBe('2010'));
  });

  it('finds a district by its pinyin initials, with its city and province', async () => {
    const { handlers } = receiverBook([]);
    mockApi({ ...shellHandlers, [MemberPaths.current]: ok(demoMember), ...handlers });
    startSession('tok-1');
    renderApp('/member/receiver');
    fireEvent.click(await screen.findByRole('button', { name: '新增收件人地址' }, SLOW));
    await screen.findByRole('dialog');
    await regionReady();
    openRegions();
    fireEvent.change(regionBox(), { target: { value: 'ftq' } });
    expect(optionNames()).toEqual(['广东省 / 深圳市 / 福田区']);
    // The initials' characters are marked.
    expect(screen.getByRole('option').querySelector('mark')?.textContent).toBe('福田区');
    fireEvent.change(regionBox(), { target: { value: 'ftqx' } });
    expect(optionNames()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('无匹配地区');
    fireEvent.change(regionBox(), { target: { value: 'ftq' } });
    fireEvent.click(screen.getByRole('option', { name: '广东省 / 深圳市 / 福田区' }));
    await waitFor(() => expect((screen.getByLabelText('邮编') as HTMLInputElement).value).toBe('518000'));
    expect(regionBox().value).toBe('广东省 / 深圳市 / 福田区');
  });

  it('asks the owner to pick again a region no longer in the tree, and shows a renamed one as it is now', async () => {
    const { handlers } = receiverBook([
      address({ id: 1, defaultFlag: true, district: '旧区' }),
      address({
        id: 2,
        country: 'AU',
        province: '新南威尔士州',
        city: '悉尼',
        district: '',
        postCode: '2000',
      }),
    ]);
    mockApi({ ...shellHandlers, [MemberPaths.current]: ok(demoMember), ...handlers });
    startSession('tok-1');
    renderApp('/member/receiver');
    await waitFor(() => expect(cards()).toHaveLength(2), SLOW);
    const [gone, renamed] = cards() as [HTMLElement, HTMLElement];
    expect(await within(gone).findByText('所在地区已调整，请点「编辑」重新选择')).toBeTruthy();
    // Still listed as saved, nothing lost.
    expect(within(gone).getByText('中国 广东省 深圳市 旧区')).toBeTruthy();
    await waitFor(() => expect(within(renamed).getByText(/新南威尔士州 悉尼/)).toBeTruthy());
    expect(within(renamed).queryByText('所在地区已调整，请点「编辑」重新选择')).toBeNull();

    fireEvent.click(within(gone).getByRole('button', { name: '编辑' }));
    expect(await screen.findByText(/所在地区「广东省 深圳市 旧区」已不在最新的地区列表中/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请选择完整的所在地区')).toBeTruthy();
    // The field says so to screen readers too.
    await waitFor(() => expect(regionBox().getAttribute('aria-invalid')).toBe('true'));
    expect(regionBox().getAttribute('aria-describedby')).toBeTruthy();
  });

  it('fills the form from a pasted address (智能识别)', async () => {
    const { handlers } = receiverBook([address({ id: 1, defaultFlag: true })]);
    const { calls } = mockApi({
      ...shellHandlers,
      [MemberPaths.current]: ok(demoMember),
      ...handlers,
      [AddressPaths.receiverIntelligent]: ok({
        name: '孙七',
        phone: '13700137000',
        province: '新南威尔士州',
        city: 'Sydney',
        district: '',
        detail: '1 George St',
        postCode: '2000',
      }),
    });
    startSession('tok-1');
    renderApp('/member/receiver');
    fireEvent.click(await screen.findByRole('button', { name: '新增收件人地址' }, SLOW));
    await screen.findByRole('dialog');
    await regionReady();

    type('智能识别地址文本', '孙七 13700137000 悉尼 1 George St');
    fireEvent.click(screen.getByRole('button', { name: '智能识别' }));
    await waitFor(() => expect((screen.getByLabelText('收件人姓名') as HTMLInputElement).value).toBe('孙七'));
    expect(calls.find((c) => c.path === AddressPaths.receiverIntelligent)?.body).toEqual({
      text: '孙七 13700137000 悉尼 1 George St',
    });
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('13700137000');
    expect((screen.getByLabelText('详细地址') as HTMLTextAreaElement).value).toBe('1 George St');
    expect((screen.getByLabelText('邮编') as HTMLInputElement).value).toBe('2000');

    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.path === AddressPaths.receiverSave)).toBe(true));
    expect(calls.find((c) => c.path === AddressPaths.receiverSave)?.body).toMatchObject({
      name: '孙七',
      country: 'AU',
      province: '新南威尔士州',
      city: 'Sydney',
      district: '',
      postCode: '2000',
      defaultFlag: false,
    });
  });
});

describe('sender address book', () => {
  it('is fetched only for a member, and dropped on logout (spec §4 Logout)', async () => {
    // The page needs login, so logging out shows the login panel instead of reloading (spec §4 'Logout').
    window.history.replaceState(null, '', '/member/sender');
    const { calls } = mockApi({
      ...shellHandlers,
      [MemberPaths.current]: ok(demoMember),
      [MemberPaths.logout]: ok(null),
      [AddressPaths.senderList]: ok([address({ id: 5, name: '发货仓库', defaultFlag: true })]),
    });
    const visitor = renderApp('/member/sender');
    expect(await screen.findByRole('heading', { name: '请先登录' }, SLOW)).toBeTruthy();
    expect(calls.some((c) => c.path === AddressPaths.senderList)).toBe(false);
    visitor.unmount();

    startSession('tok-1');
    const { queryClient } = renderApp('/member/sender');
    expect(await screen.findByText('发货仓库', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增发件人地址' })).toBeTruthy();
    expect(queryClient.getQueryData(addressKeys.list('sender'))).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: /演示会员/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: '退出登录' }));
    expect(await screen.findByRole('heading', { name: '请先登录' })).toBeTruthy();
    await act(async () => {});
    expect(queryClient.getQueryData(addressKeys.list('sender'))).toBeUndefined();
  });
});

describe('sent from the checkout (spec §2 /checkout: 新增收货地址, 管理发件地址)', () => {
  type Calls = ReturnType<typeof mockApi>['calls'];
  const lastSummary = (calls: Calls) =>
    calls.filter((c) => c.path === CheckoutPaths.summary).at(-1)?.body as CheckoutSummaryRequest | undefined;
  const remark = () => (screen.getByRole('textbox', { name: '订单备注' }) as HTMLTextAreaElement).value;

  function checkoutHandlers(receivers: Address[], senders: Address[]) {
    return {
      ...shellHandlers,
      [MemberPaths.current]: ok(demoMember),
      [CartPaths.list]: ok(cartList([])),
      [CheckoutPaths.summary]: (body: unknown) => ok(summaryFor(body as CheckoutSummaryRequest)),
      ...fakeBook('receiver', receivers).handlers,
      ...fakeBook('sender', senders).handlers,
    };
  }

  async function openCheckout() {
    startSession('tok-1');
    const app = renderApp('/checkout');
    await screen.findByRole('button', { name: '提交订单' }, SLOW);
    return app;
  }

  async function addAddress(person: string, name: string, postCode: string) {
    fireEvent.click(await screen.findByRole('button', { name: `新增${person}地址` }, SLOW));
    await screen.findByRole('dialog');
    await regionReady();
    type(`${person}姓名`, name);
    type('手机号', '13900139000');
    openRegions();
    pickRegion('广东省');
    pickRegion('深圳市');
    pickRegion('福田区');
    type('详细地址', '深南大道100号');
    type('邮编', postCode);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
  }

  beforeEach(() => {
    resetCheckoutStore();
  });

  it('goes back to the checkout after a receiver is added, with it chosen and the other choices kept', async () => {
    const { calls } = mockApi(checkoutHandlers([address({ id: 1, name: '李四', defaultFlag: true })], []));
    const { router } = await openCheckout();
    const au = screen.getByRole('group', { name: '澳大利亚仓快递' });
    fireEvent.click(within(au).getByRole('radio', { name: /DHL 快递/ }));
    await waitFor(() => expect(lastSummary(calls)?.packs?.[0]?.courierId).toBe(14));
    fireEvent.change(screen.getByRole('textbox', { name: '订单备注' }), { target: { value: '请用纸箱' } });

    fireEvent.click(screen.getByRole('link', { name: '新增收货地址' }));
    await screen.findByText('李四', {}, SLOW);
    expect(router.state.location.pathname).toBe('/member/receiver');
    expect(router.state.location.search).toBe('?from=%2Fcheckout');
    expect(screen.getByRole('link', { name: '返回结算' }).getAttribute('href')).toBe('/checkout');

    await addAddress('收件人', '赵六', '518048');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'), SLOW);
    expect(toasts()).toContain('地址已保存');
    await screen.findByRole('button', { name: '提交订单' }, SLOW);
    // The new address is the receiver (the default is still 李四), and the summary follows its postcode.
    const receiver = screen.getByRole('region', { name: '收货人' });
    expect(within(receiver).getByText('赵六')).toBeTruthy();
    await waitFor(() => expect(lastSummary(calls)?.locationCode).toBe('518048'));
    // The choices made before the detour are still there.
    expect(lastSummary(calls)?.packs?.map((p) => [p.index, p.courierId])).toEqual([
      [0, 14],
      [1, 21],
    ]);
    expect(remark()).toBe('请用纸箱');
  });

  it('goes back from the sender book by 返回结算, or after a save with the new sender chosen', async () => {
    mockApi(
      checkoutHandlers(
        [address({ id: 1, defaultFlag: true })],
        [address({ id: 5, name: '老仓库', defaultFlag: true })],
      ),
    );
    const { router } = await openCheckout();
    const sender = () => screen.getByRole('region', { name: '发件人' });
    expect(within(sender()).getByText('老仓库')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: '订单备注' }), { target: { value: '周末送达' } });

    fireEvent.click(screen.getByRole('link', { name: '管理发件地址' }));
    fireEvent.click(await screen.findByRole('link', { name: '返回结算' }, SLOW));
    await screen.findByRole('button', { name: '提交订单' }, SLOW);
    expect(router.state.location.pathname).toBe('/checkout');
    expect(remark()).toBe('周末送达');

    fireEvent.click(screen.getByRole('link', { name: '管理发件地址' }));
    await addAddress('发件人', '新仓库', '518048');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'), SLOW);
    await screen.findByRole('button', { name: '提交订单' }, SLOW);
    expect(within(sender()).getByText('新仓库')).toBeTruthy();
    expect(remark()).toBe('周末送达');
  });

  it('offers no way back to another site, and then stays on the page after a save', async () => {
    mockApi(checkoutHandlers([address({ id: 1, defaultFlag: true })], []));
    startSession('tok-1');
    const { router } = renderApp(`/member/receiver?from=${encodeURIComponent('//evil.example/checkout')}`);
    await screen.findByText('张三', {}, SLOW);
    expect(screen.queryByRole('link', { name: /返回/ })).toBeNull();

    await addAddress('收件人', '赵六', '518048');
    expect(await screen.findByText('赵六')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/member/receiver');
  });
});
