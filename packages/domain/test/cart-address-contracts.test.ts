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
    [{ ...good, postCode: '5180001' }, '邮编格式不正确'],
    [{ ...good, idCardNo: '12345' }, '身份证号格式不正确'],
    [{ ...good, country: 'US' }, '国家须为 CN 或 AU'],
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
