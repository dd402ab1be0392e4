import { describe, expect, it } from 'vitest';
import {
  CompanyMessages,
  companyContactSchema,
  companyRemoveRequestSchema,
  companySetLimitRequestSchema,
  companyTaxNoSchema,
} from '../src';

/** Company accounts' inputs (issue #38): the tax number, the contact an invite goes to, a buyer's limits. */
describe('company inputs', () => {
  it('takes an ABN with its checksum or a 税号, written without spaces and in capitals', () => {
    expect(companyTaxNoSchema.parse(' 51 824 753 556 ')).toBe('51824753556');
    expect(companyTaxNoSchema.parse('91310000631696382c')).toBe('91310000631696382C');
    for (const bad of ['51 824 753 557', '123', '9131000063169638', ''])
      expect(companyTaxNoSchema.safeParse(bad).error?.issues[0]?.message, bad).toMatch(
        new RegExp(`${CompanyMessages.taxNo}|请填写`),
      );
  });

  it('takes a mainland or Australian mobile in E.164, or an e-mail address in lower case', () => {
    expect(companyContactSchema.parse('0412 345 678')).toBe('+61412345678');
    expect(companyContactSchema.parse('138 0013 8000')).toBe('+8613800138000');
    expect(companyContactSchema.parse(' Buyer.One@Example.COM ')).toBe('buyer.one@example.com');
    expect(companyContactSchema.safeParse('12345').error?.issues[0]?.message).toBe(
      '手机号须为中国大陆（+86）或澳大利亚（+61）手机号',
    );
    expect(companyContactSchema.safeParse('a@b').error?.issues[0]?.message).toBe('邮箱格式不正确');
  });

  it('takes limits in yuan or dollars with two decimals at most, null for none', () => {
    const limits = { aud: { perOrder: 500.5, perMonth: null }, cny: { perOrder: null, perMonth: 10_000 } };
    expect(companySetLimitRequestSchema.parse({ memberId: 7, limits }).limits).toEqual(limits);
    for (const [perOrder, message] of [
      [0, '额度须大于0'],
      [10.001, '额度最多两位小数'],
    ] as const) {
      const bad = { ...limits, aud: { perOrder, perMonth: null } };
      const refused = companySetLimitRequestSchema.safeParse({ memberId: 7, limits: bad });
      expect(refused.error?.issues[0]?.message).toBe(message);
    }
  });

  it('removes a member or withdraws an invite, one of the two', () => {
    expect(companyRemoveRequestSchema.safeParse({ memberId: 3 }).success).toBe(true);
    expect(companyRemoveRequestSchema.safeParse({ inviteId: 3 }).success).toBe(true);
    for (const both of [{}, { memberId: 3, inviteId: 4 }])
      expect(companyRemoveRequestSchema.safeParse(both).error?.issues[0]?.message).toBe(
        '请指定要移除的成员或要撤销的邀请',
      );
  });
});
