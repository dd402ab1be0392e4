import { describe, expect, it } from 'vitest';
import { FIELD_LABELS, fieldLabel } from '../src';

describe('fieldLabel', () => {
  it.each([
    [['username'], '用户名'],
    [['password'], '密码'],
    [['oldPassword'], '原密码'],
    [['newPassword'], '新密码'],
    [['captchaId'], '验证码编号'],
    [['captchaCode'], '验证码'],
    [['name'], '姓名'],
    [['email'], '邮箱'],
    [['mobile'], '手机号'],
    [['company'], '公司名称'],
    [['wechat'], '微信号'],
    [['websiteId'], '站点编号'],
    [['pageNo'], '页码'],
    [['pageSize'], '每页条数'],
    [['id'], '编号'],
    [['items', 0, 'qty'], '购买数量'],
    [['items', 0, 'unknownField'], 'unknownField'],
    [['lines', 0], 'lines'],
    [['address', 'mobile'], '手机号'],
    [['unknownField'], 'unknownField'],
    [[], '请求参数'],
    [[0, 1], '请求参数'],
    [[Symbol('s')], '请求参数'],
  ] as [PropertyKey[], string][])('%j → %s', (path, label) => {
    expect(fieldLabel(path)).toBe(label);
  });

  it('has a label for every field it lists', () => {
    for (const [key, label] of Object.entries(FIELD_LABELS)) expect(fieldLabel([key])).toBe(label);
  });
});
