import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  captchaCodeInputSchema,
  captchaResponseSchema,
  emptyRequestSchema,
  loginRequestSchema,
  MemberPaths,
  memberSchema,
  passwordSchema,
  profileFieldsSchema,
  registerRequestSchema,
  tokenResponseSchema,
  USERNAME_PATTERN,
  updatePasswordRequestSchema,
  updateProfileRequestSchema,
  usernameSchema,
} from '../src';

/** The messages (with their paths) of a failed parse, or [] when it succeeds. */
function errors(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
}

const unknownKey = (key: string) => `:出现未知的键(key): "${key}"`;

describe('usernameSchema', () => {
  it.each([
    ['alice', 'alice'],
    ['  alice_01  ', 'alice_01'],
    ['张三丰', '张三丰'],
    ['abc', 'abc'],
    ['a'.repeat(32), 'a'.repeat(32)],
  ])('accepts %j as %j', (input, output) => {
    expect(usernameSchema.parse(input)).toBe(output);
  });

  it.each([
    ['ab', ':用户名为3-32位字母、数字、下划线或汉字'],
    ['a'.repeat(33), ':用户名为3-32位字母、数字、下划线或汉字'],
    ['bad name', ':用户名为3-32位字母、数字、下划线或汉字'],
    ['x@y.com', ':用户名为3-32位字母、数字、下划线或汉字'],
    ['', ':用户名为3-32位字母、数字、下划线或汉字'],
    [123, ':请输入用户名'],
    [undefined, ':请输入用户名'],
    [null, ':请输入用户名'],
  ])('rejects %j with %s', (input, message) => {
    expect(errors(usernameSchema, input)).toEqual([message]);
  });

  it.each([
    ['abc', true],
    ['ab', false],
    ['王五六', true],
  ])('USERNAME_PATTERN %j → %s', (input, ok) => {
    expect(USERNAME_PATTERN.test(input)).toBe(ok);
  });
});

describe('passwordSchema', () => {
  it.each(['abcd1234', 'A1b2C3d4', `a1${'x'.repeat(62)}`])('accepts %j', (input) => {
    expect(passwordSchema.parse(input)).toBe(input);
  });

  it.each([
    ['abc123', [':密码至少8位']],
    [`a1${'x'.repeat(63)}`, [':密码最多64位']],
    ['12345678', [':密码须包含字母']],
    ['abcdefgh', [':密码须包含数字']],
    ['', [':密码至少8位', ':密码须包含字母', ':密码须包含数字']],
    [undefined, [':请输入密码']],
    [12345678, [':请输入密码']],
  ])('rejects %j', (input, messages) => {
    expect(errors(passwordSchema, input)).toEqual(messages);
  });
});

describe('profileFieldsSchema / updateProfileRequestSchema', () => {
  it('is the same schema for update', () => {
    expect(updateProfileRequestSchema).toBe(profileFieldsSchema);
  });

  it.each([
    [{}, {}],
    [
      { name: ' 张三 ', email: 'a@b.com', mobile: '+61 400-123-456', company: ' 公司 ', wechat: 'wx' },
      { name: '张三', email: 'a@b.com', mobile: '+61 400-123-456', company: '公司', wechat: 'wx' },
    ],
    [
      { email: '', mobile: '' },
      { email: '', mobile: '' },
    ],
  ])('accepts %j', (input, output) => {
    expect(profileFieldsSchema.parse(input)).toEqual(output);
  });

  it.each([
    [{ email: 'not-an-email' }, ['email:邮箱格式不正确']],
    [{ mobile: 'abc' }, ['mobile:手机号格式不正确']],
    [{ mobile: '12345' }, ['mobile:手机号格式不正确']],
    [{ name: 'x'.repeat(51) }, ['name:姓名最多50个字符']],
    [{ company: 'x'.repeat(101) }, ['company:公司名称最多100个字符']],
    [{ wechat: 'x'.repeat(51) }, ['wechat:微信号最多50个字符']],
    [{ level: 1 }, [unknownKey('level')]],
    [{ name: 'ok', isAdmin: true }, [unknownKey('isAdmin')]],
  ])('rejects %j', (input, messages) => {
    expect(errors(profileFieldsSchema, input)).toEqual(messages);
  });
});

describe('emptyRequestSchema', () => {
  it.each([
    [{}, []],
    [{ a: 1 }, [unknownKey('a')]],
  ])('%j → %j', (input, messages) => {
    expect(errors(emptyRequestSchema, input)).toEqual(messages);
  });
});

describe('captchaResponseSchema', () => {
  const good = { captchaId: 'c1', image: 'data:image/svg+xml;base64,AAA', expiresIn: 300 };

  it('accepts a captcha and strips extra fields', () => {
    expect(captchaResponseSchema.parse({ ...good, answer: '1234' })).toEqual(good);
  });

  it.each([
    [{ ...good, expiresIn: 1.5 }, 'expiresIn'],
    [{ ...good, image: undefined }, 'image'],
    [{ ...good, captchaId: 1 }, 'captchaId'],
  ])('rejects %j at %s', (input, path) => {
    expect(captchaResponseSchema.safeParse(input).error?.issues[0]?.path).toEqual([path]);
  });
});

describe('registerRequestSchema', () => {
  const good = { username: 'alice', password: 'abcd1234', captchaId: 'c1', captchaCode: ' 12ab ' };

  it.each([
    [good, { ...good, captchaCode: '12ab' }],
    [
      { ...good, name: '爱丽丝', email: 'a@b.com' },
      { ...good, captchaCode: '12ab', name: '爱丽丝', email: 'a@b.com' },
    ],
    // A missing captcha reaches the server's one rule, which answers SmsNeedImageVerify 403 (spec §8).
    [
      { username: 'alice', password: 'abcd1234' },
      { username: 'alice', password: 'abcd1234' },
    ],
    [
      { ...good, captchaCode: '   ' },
      { ...good, captchaCode: '' },
    ],
  ])('accepts %j', (input, output) => {
    expect(registerRequestSchema.parse(input)).toEqual(output);
  });

  it('asks for the answer in the form before it is sent', () => {
    expect(errors(captchaCodeInputSchema, '   ')).toEqual([':请输入验证码']);
    expect(captchaCodeInputSchema.parse(' 12ab ')).toBe('12ab');
  });

  it.each([
    [{ ...good, username: 'ab' }, ['username:用户名为3-32位字母、数字、下划线或汉字']],
    [{ ...good, username: undefined }, ['username:请输入用户名']],
    [{ ...good, password: 'short1' }, ['password:密码至少8位']],
    [{ ...good, password: undefined }, ['password:请输入密码']],
    [{ ...good, email: 'x' }, ['email:邮箱格式不正确']],
    [{ ...good, level: 99 }, [unknownKey('level')]],
  ])('rejects %j', (input, messages) => {
    expect(errors(registerRequestSchema, input)).toEqual(messages);
  });
});

describe('loginRequestSchema', () => {
  it.each([
    [
      { username: ' alice ', password: ' p ' },
      { username: 'alice', password: ' p ' },
    ],
    [
      { username: 'a', password: 'x' },
      { username: 'a', password: 'x' },
    ],
  ])('accepts %j', (input, output) => {
    expect(loginRequestSchema.parse(input)).toEqual(output);
  });

  it.each([
    [{ username: '', password: 'x' }, ['username:请输入用户名']],
    [{ username: '   ', password: 'x' }, ['username:请输入用户名']],
    [{ password: 'x' }, ['username:请输入用户名']],
    [{ username: 'a' }, ['password:请输入密码']],
    [{ username: 'a', password: '' }, ['password:请输入密码']],
    [{ username: 'a', password: 'x', remember: true }, [unknownKey('remember')]],
  ])('rejects %j', (input, messages) => {
    expect(errors(loginRequestSchema, input)).toEqual(messages);
  });

  it.each([
    [{ username: 'a'.repeat(65), password: 'x' }, 'username'],
    [{ username: 'a', password: 'x'.repeat(129) }, 'password'],
  ])('rejects an over-long field with a Chinese message (%#)', (input, path) => {
    const issue = loginRequestSchema.safeParse(input).error?.issues[0];
    expect(issue?.path).toEqual([path]);
    expect(issue?.message).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('tokenResponseSchema', () => {
  it.each([
    [{ token: 'abc' }, true],
    [{ token: 1 }, false],
    [{}, false],
  ])('%j → %s', (input, ok) => {
    expect(tokenResponseSchema.safeParse(input).success).toBe(ok);
  });
});

describe('memberSchema', () => {
  const member = {
    id: 1,
    username: 'alice',
    name: '',
    level: 37,
    cnyDeposit: 12.5,
    audDeposit: 0,
    email: '',
    mobile: '',
    company: '',
    abn: '',
    taxNo: '',
    wechat: '',
    createdAt: '2024-01-01T00:00:00.000Z',
  };

  it.each([
    [member, true],
    [{ ...member, id: 1.5 }, false],
    [{ ...member, level: '37' }, false],
    [{ ...member, cnyDeposit: undefined }, false],
    [{ ...member, createdAt: undefined }, false],
  ])('%j → %s', (input, ok) => {
    expect(memberSchema.safeParse(input).success).toBe(ok);
  });

  it('strips fields a member response must not carry', () => {
    expect(memberSchema.parse({ ...member, passwordHash: 'x' })).toEqual(member);
  });
});

describe('updatePasswordRequestSchema', () => {
  it('accepts a new password different from the old one', () => {
    const input = { oldPassword: 'old', newPassword: 'abcd1234' };
    expect(updatePasswordRequestSchema.parse(input)).toEqual(input);
  });

  it.each([
    [{ oldPassword: 'abcd1234', newPassword: 'abcd1234' }, ['newPassword:新密码不能与原密码相同']],
    [{ newPassword: 'abcd1234' }, ['oldPassword:请输入原密码']],
    [{ oldPassword: '', newPassword: 'abcd1234' }, ['oldPassword:请输入原密码']],
    [{ oldPassword: 'old', newPassword: 'abc' }, ['newPassword:密码至少8位', 'newPassword:密码须包含数字']],
    [{ oldPassword: 'old' }, ['newPassword:请输入密码']],
    [{ oldPassword: 'old', newPassword: 'abcd1234', confirm: 'x' }, [unknownKey('confirm')]],
  ])('rejects %j', (input, messages) => {
    expect(errors(updatePasswordRequestSchema, input)).toEqual(messages);
  });
});

describe('MemberPaths (spec §7 Member)', () => {
  it.each([
    ['captcha', '/api/memberService/member/captcha/'],
    ['register', '/api/memberService/member/register/'],
    ['login', '/api/memberService/member/login/'],
    ['logout', '/api/memberService/member/logout/'],
    ['current', '/api/memberService/member/current/'],
    ['update', '/api/memberService/member/update/'],
    ['updatePwd', '/api/memberService/member/updatePwd/'],
  ] as const)('%s → %s', (name, path) => {
    expect(MemberPaths[name]).toBe(path);
  });
});
