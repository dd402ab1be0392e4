import { ADDRESS_BOOK_LIMIT, type Address, AddressPaths, MemberPaths, ResultCode } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
});
afterAll(async () => {
  await t?.close();
});

let counter = 0;
async function newMember(): Promise<string> {
  counter += 1;
  const username = `addr_${counter}`;
  await t.app.services.member.createMember({ username, password: 'secret123' });
  return envelope<{ token: string }>(
    await post(t.app, MemberPaths.login, { username, password: 'secret123' }),
  ).data.token;
}

const BOOKS = [
  {
    book: 'receiver',
    list: AddressPaths.receiverList,
    save: AddressPaths.receiverSave,
    remove: AddressPaths.receiverDelete,
  },
  {
    book: 'sender',
    list: AddressPaths.senderList,
    save: AddressPaths.senderSave,
    remove: AddressPaths.senderDelete,
  },
] as const;

const receiver = (n: number, extra: Record<string, unknown> = {}) => ({
  name: `张三${n}`,
  phone: '13800138000',
  country: 'CN',
  province: '上海市',
  city: '上海市',
  district: '浦东新区',
  detail: `世纪大道${n}号`,
  postCode: '200120',
  ...extra,
});

async function call<T>(path: string, body: unknown, token?: string) {
  const res = await post(t.app, path, body, token);
  return { status: res.statusCode, ...envelope<T>(res) };
}

describe.each(BOOKS)('$book address book', ({ book, list, save, remove }) => {
  const listOf = async (token: string) => {
    const res = await call<Address[]>(list, {}, token);
    expect(res.success, res.message).toBe(true);
    return res.data;
  };
  const saved = async (token: string, body: Record<string, unknown>) => {
    const res = await call<Address>(save, body, token);
    expect(res.success, res.message).toBe(true);
    expect(res.message).toBe('地址已保存');
    return res.data;
  };

  it('needs login for every call', async () => {
    for (const path of [list, save, remove]) {
      const res = await call(path, {}, undefined);
      expect(res).toMatchObject({ status: 401, resultCode: ResultCode.InvalidToken });
    }
  });

  it('starts empty; the first address becomes the default', async () => {
    const token = await newMember();
    expect(await listOf(token)).toEqual([]);
    const first = await saved(token, receiver(1));
    expect(first).toEqual({
      id: expect.any(Number),
      name: '张三1',
      phone: '13800138000',
      country: 'CN',
      province: '上海市',
      city: '上海市',
      district: '浦东新区',
      detail: '世纪大道1号',
      postCode: '200120',
      company: '',
      idCardNo: '',
      defaultFlag: true,
      updatedAt: expect.any(String),
    });
    expect(await listOf(token)).toEqual([first]);
  });

  it('lists the default first, then newest first; defaultFlag true moves the single default', async () => {
    const token = await newMember();
    const a = await saved(token, receiver(1));
    const b = await saved(token, receiver(2));
    const c = await saved(token, receiver(3));
    expect(b.defaultFlag).toBe(false);
    expect((await listOf(token)).map((x) => x.id)).toEqual([a.id, c.id, b.id]);

    const newDefault = await saved(token, { ...receiver(2), id: b.id, defaultFlag: true });
    expect(newDefault.defaultFlag).toBe(true);
    const entries = await listOf(token);
    expect(entries.map((x) => [x.id, x.defaultFlag])).toEqual([
      [b.id, true],
      [c.id, false],
      [a.id, false],
    ]);

    const d = await saved(token, { ...receiver(4), defaultFlag: true });
    expect((await listOf(token)).filter((x) => x.defaultFlag).map((x) => x.id)).toEqual([d.id]);
  });

  it('updates an own entry; defaultFlag false keeps the default where it is', async () => {
    const token = await newMember();
    const a = await saved(token, receiver(1));
    const updated = await saved(token, {
      ...receiver(1),
      id: a.id,
      detail: '陆家嘴环路1000号',
      company: '好物公司',
    });
    expect(updated).toMatchObject({
      id: a.id,
      detail: '陆家嘴环路1000号',
      company: '好物公司',
      defaultFlag: true,
    });
    expect(await listOf(token)).toEqual([updated]);
  });

  it('deleting the default makes the newest remaining entry the default', async () => {
    const token = await newMember();
    const a = await saved(token, receiver(1));
    const b = await saved(token, receiver(2));
    const c = await saved(token, receiver(3));
    const res = await call(remove, { id: a.id }, token);
    expect(res).toMatchObject({ success: true, message: '地址已删除', data: null });
    expect((await listOf(token)).map((x) => [x.id, x.defaultFlag])).toEqual([
      [c.id, true],
      [b.id, false],
    ]);
    await call(remove, { id: b.id }, token);
    expect((await listOf(token)).map((x) => [x.id, x.defaultFlag])).toEqual([[c.id, true]]);
    await call(remove, { id: c.id }, token);
    expect(await listOf(token)).toEqual([]);
    expect(await call(remove, { id: c.id }, token)).toMatchObject({ status: 404, message: '地址不存在' });
  });

  it(`holds at most ${ADDRESS_BOOK_LIMIT} entries`, async () => {
    const token = await newMember();
    for (let i = 0; i < ADDRESS_BOOK_LIMIT; i += 1) await saved(token, receiver(i));
    const full = await call(save, receiver(99), token);
    expect(full).toMatchObject({
      status: 400,
      resultCode: ResultCode.ParamsError,
      message: `地址簿最多保存${ADDRESS_BOOK_LIMIT}个地址，请先删除不用的地址`,
    });
    const entries = await listOf(token);
    expect(entries).toHaveLength(ADDRESS_BOOK_LIMIT);
    // Updating an entry of a full book still works.
    await saved(token, { ...receiver(0), id: entries[1]?.id, detail: '新地址' });
  });

  it.each([
    ['no name', { name: undefined }, '请输入收件人姓名'],
    ['a blank name', { name: '   ' }, '请输入收件人姓名'],
    ['a bad phone', { phone: 'abc' }, '手机号格式不正确'],
    ['an unknown country', { country: 'XX' }, '国家须为 AU、CN、NZ、US、HK、KR、EU、JP、OTHER 之一'],
    [
      'a New Zealand postcode of 5 digits',
      { country: 'NZ', province: 'Auckland', postCode: '10101' },
      '新西兰邮编为4位数字',
    ],
    ['a blank typed region', { country: 'NZ', province: '  ' }, '请输入省份/州/地区'],
    ['a region too long', { country: 'US', province: 'x'.repeat(41) }, '省份/州/地区最多40个字符'],
    ['no province', { province: undefined }, '请输入省份'],
    ['no detail', { detail: undefined }, '请输入详细地址'],
    ['a bad post code', { postCode: '12' }, '邮编格式不正确'],
    ['a bad ID card number', { idCardNo: '123' }, '身份证号格式不正确'],
    ['defaultFlag as text', { defaultFlag: 'true' }, ''],
    ['an id as text', { id: '1' }, '编号须为数字'],
    ['an unknown field', { mobile: '1' }, '不支持的字段：mobile'],
  ])('refuses %s', async (_case, change, message) => {
    const token = await newMember();
    const res = await call(save, receiver(1, change), token);
    expect(res).toMatchObject({ status: 400, success: false, resultCode: ResultCode.ParamsError });
    expect(res.message).toContain(message);
    expect(await listOf(token)).toEqual([]);
  });

  it.each([
    ['NZ', { province: 'Auckland 奥克兰', city: 'Auckland', district: '', postCode: '1010' }],
    ['US', { province: 'California', city: 'San Francisco', district: '', postCode: '94105' }],
    ['HK', { province: '九龙', city: '油尖旺区', district: '', postCode: '' }],
    ['JP', { province: '東京都', city: '千代田区', district: '', postCode: '100-0001' }],
    ['EU', { province: 'Noord-Holland', city: 'Amsterdam', district: '', postCode: '1012 AB' }],
  ])(
    'keeps an address in %s with its region typed as free text (spec §3 Countries)',
    async (country, region) => {
      const token = await newMember();
      const entry = await saved(token, receiver(1, { country, ...region, phone: '+64 21 123 4567' }));
      expect(entry).toMatchObject({ country, ...region, phone: '+64 21 123 4567' });
      expect(await listOf(token)).toEqual([entry]);
    },
  );

  it('refuses bad list and delete bodies', async () => {
    const token = await newMember();
    expect(await call(list, { page: 1 }, token)).toMatchObject({ status: 400 });
    expect(await call(remove, {}, token)).toMatchObject({ status: 400 });
    expect(await call(remove, { id: 'x' }, token)).toMatchObject({ status: 400 });
    expect(await call(remove, { id: 1, extra: 1 }, token)).toMatchObject({ status: 400 });
  });

  it("member B can neither see, update nor delete member A's entries", async () => {
    const a = await newMember();
    const b = await newMember();
    const entry = await saved(a, receiver(1));
    const before = await listOf(a);
    expect(await listOf(b)).toEqual([]);
    const update = await call(save, { ...receiver(2), id: entry.id, defaultFlag: true }, b);
    expect(update).toMatchObject({ status: 404, message: '地址不存在', data: null });
    expect(await call(remove, { id: entry.id }, b)).toMatchObject({ status: 404, message: '地址不存在' });
    expect(await listOf(a)).toEqual(before);
    expect(await listOf(b)).toEqual([]);
  });

  if (book === 'sender') {
    it('a sender address takes no ID card number', async () => {
      const token = await newMember();
      const res = await call(save, receiver(1, { idCardNo: '11010519491231002X' }), token);
      expect(res).toMatchObject({ status: 400, message: '寄件地址无需填写身份证号' });
    });
  } else {
    it('a receiver address keeps its ID card number for customs clearance', async () => {
      const token = await newMember();
      const entry = await saved(token, receiver(1, { idCardNo: '11010519491231002X', country: 'AU' }));
      expect(entry).toMatchObject({ idCardNo: '11010519491231002X', country: 'AU' });
    });
  }
});

describe('the two books', () => {
  it('are separate: each has its own default', async () => {
    const token = await newMember();
    const r = await call<Address>(AddressPaths.receiverSave, receiver(1), token);
    const s = await call<Address>(AddressPaths.senderSave, receiver(2), token);
    expect(r.data.defaultFlag).toBe(true);
    expect(s.data.defaultFlag).toBe(true);
    expect((await call<Address[]>(AddressPaths.receiverList, {}, token)).data.map((x) => x.id)).toEqual([
      r.data.id,
    ]);
    expect((await call<Address[]>(AddressPaths.senderList, {}, token)).data.map((x) => x.id)).toEqual([
      s.data.id,
    ]);
    // A receiver id is not found in the sender book.
    expect(await call(AddressPaths.senderDelete, { id: r.data.id }, token)).toMatchObject({ status: 404 });
  });
});
