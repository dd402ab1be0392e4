import { describe, expect, it } from 'vitest';
import {
  addressSaveRequestSchema,
  cartAddItemRequestSchema,
  cartBatchAddRequestSchema,
  cartBatchRemoveRequestSchema,
  cartUpdateItemRequestSchema,
  chosenAddress,
} from '../src';

describe('cart requests', () => {
  it.each([
    [{ skuId: 3, qty: 1 }, true],
    [{ skuId: 3, qty: 9999, websiteId: 1 }, true],
    [{ skuId: 3, qty: 0 }, false],
    [{ skuId: 3, qty: 1.5 }, false],
    [{ skuId: 3, qty: 10000 }, false],
    [{ skuId: 3, qty: '2' }, false],
    [{ skuId: 3, qty: 1, price: 0.01 }, false],
  ])('addItem %j → %s', (input, ok) => {
    expect(cartAddItemRequestSchema.safeParse(input).success).toBe(ok);
  });

  it('updateItem needs a quantity or a selected flag', () => {
    expect(cartUpdateItemRequestSchema.safeParse({ id: 1, selected: false }).success).toBe(true);
    expect(cartUpdateItemRequestSchema.safeParse({ id: 1 }).error?.issues[0]?.message).toBe(
      '请提供数量或选中状态',
    );
  });

  it('batch calls take bare lists of bounded size', () => {
    expect(cartBatchAddRequestSchema.safeParse([{ skuId: 1, qty: 2, websiteId: 1 }]).success).toBe(true);
    expect(cartBatchAddRequestSchema.safeParse([]).success).toBe(false);
    expect(cartBatchRemoveRequestSchema.safeParse([1, 2, 3]).success).toBe(true);
    expect(cartBatchRemoveRequestSchema.safeParse(Array.from({ length: 201 }, (_, i) => i + 1)).success).toBe(
      false,
    );
  });
});

describe('address saveOrUpdate', () => {
  const good = {
    name: '张三',
    phone: '13800138000',
    province: '广东省',
    city: '深圳市',
    detail: '科技园路1号',
  };
  it('fills defaults for the optional fields', () => {
    expect(addressSaveRequestSchema.parse(good)).toMatchObject({
      country: 'CN',
      district: '',
      postCode: '',
      idCardNo: '',
      defaultFlag: false,
    });
  });
  it.each([
    [{ ...good, name: '  ' }, '请输入收件人姓名'],
    [{ ...good, phone: 'abc' }, '手机号格式不正确'],
    [{ ...good, postCode: '51800' }, ''],
    [{ ...good, postCode: '5180001' }, '邮编格式不正确：中国邮编为4至6位数字'],
    [{ ...good, idCardNo: '12345' }, '身份证号格式不正确'],
    [{ ...good, country: 'XX' }, '国家须为 AU、CN、NZ、US、HK、KR、EU、JP、OTHER 之一'],
    // Spec §3's other countries: the region typed as free text, the postcode as that country writes it.
    [{ ...good, country: 'NZ', province: 'Auckland 奥克兰', city: 'Auckland', postCode: '1010' }, ''],
    [
      { ...good, country: 'NZ', province: 'Auckland', postCode: '10101' },
      '邮编格式不正确：新西兰邮编为4位数字',
    ],
    [{ ...good, country: 'NZ', province: '  ' }, '请输入省份/州/地区'],
    [{ ...good, country: 'US', province: 'California', postCode: '94105' }, ''],
    [{ ...good, country: 'US', province: 'CA', postCode: '9410' }, '邮编格式不正确：美国邮编为5位数字'],
    [{ ...good, country: 'JP', province: '東京都', postCode: '100-0001' }, ''],
    [{ ...good, country: 'KR', province: '서울', postCode: '04524' }, ''],
    [{ ...good, country: 'HK', province: '九龙', postCode: '' }, ''],
    [
      { ...good, country: 'HK', province: '九龙', postCode: '123456' },
      '邮编格式不正确：香港邮编可不填，或填 999077',
    ],
    [{ ...good, country: 'EU', province: 'Île-de-France', postCode: '75008' }, ''],
    [{ ...good, country: 'EU', province: 'Noord-Holland', postCode: '1012 AB' }, ''],
    [
      { ...good, country: 'OTHER', province: 'Singapore', postCode: '<script>' },
      '邮编格式不正确：其他邮编为2至8位字母或数字',
    ],
  ])('%j → %s', (input, message) => {
    const r = addressSaveRequestSchema.safeParse(input);
    if (message === '') expect(r.success).toBe(true);
    else expect(r.error?.issues[0]?.message).toBe(message);
  });
});

describe('chosenAddress', () => {
  it.each([
    [[], null],
    [[{ id: 1, defaultFlag: false }], 1],
    [
      [
        { id: 1, defaultFlag: false },
        { id: 2, defaultFlag: true },
      ],
      2,
    ],
  ])('%j → %s', (book, expected) => {
    expect(chosenAddress(book)?.id ?? null).toBe(expected);
  });
});
