import {
  STAFF_ROLES,
  type StaffAccount,
  type StaffRole,
  staffEmailSchema,
  staffPasswordSchema,
  staffUsernameSchema,
} from '@shop/domain';
import { type AuditActor, cliActor } from '../../lib/audit';
import type { CliCommand } from '../../lib/cli-command';
import { byOption, optionText, requiredText, UsageError } from '../../lib/cli-options';
import { generateOneTimePassword } from '../../lib/password';
import type { StaffService } from './staff.service';

/** What these commands use of the shop's services. */
type Uses = { staff: StaffService };

const by = { by: { type: 'string' } } as const;

function parsed<T>(
  name: string,
  result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } },
): T {
  if (!result.success)
    throw new UsageError(`--${name}: ${result.error.issues[0]?.message ?? '无效 / invalid'}`);
  return result.data;
}

/** A command on one account named by --username, audited as the command line (or --by). */
function accountCommand(spec: {
  summary: string;
  name: string;
  change(
    staff: StaffService,
    actor: AuditActor,
    account: StaffAccount,
    print: (line: string) => void,
  ): Promise<void>;
}): CliCommand<Uses> {
  return {
    summary: spec.summary,
    usage: `staff:${spec.name} --username U [--by NAME]`,
    options: { username: { type: 'string' }, ...by },
    async run({ values, open, print }) {
      const username = requiredText(values, 'username');
      const actor = cliActor(byOption(values));
      const { services } = await open();
      const account = await services.staff.findByUsername(username);
      await spec.change(services.staff, actor, account, print);
    },
  };
}

/**
 * Operator commands for staff accounts: how the first owner is made (no account is ever seeded), and the way
 * back in when the console is out of reach (a lost phone, a forgotten password). Audited as 'cli' or 'cli:<--by>'.
 */
export const staffCommands: Record<string, CliCommand<Uses>> = {
  'staff:create': {
    summary:
      '创建员工账号（不给 --password 时生成一次性密码，首次登录须修改）/ create a staff account (without --password a one-time password is generated and printed once)',
    usage: `staff:create --username U --role ${STAFF_ROLES.join('|')} [--name N] [--email E] [--password P] [--by NAME]`,
    options: {
      username: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      ...by,
    },
    async run({ values, open, print }) {
      const username = parsed('username', staffUsernameSchema.safeParse(values.username));
      const role = requiredText(values, 'role');
      if (!(STAFF_ROLES as readonly string[]).includes(role))
        throw new UsageError(
          `--role: 应为 ${STAFF_ROLES.join('、')} 之一 / one of ${STAFF_ROLES.join(', ')}`,
        );
      const name = optionText(values, 'name', false);
      if (name !== undefined && name.length > 50) throw new UsageError('--name: 最多50个字符 / at most 50');
      const email =
        values.email === undefined ? undefined : parsed('email', staffEmailSchema.safeParse(values.email));
      const given =
        values.password === undefined
          ? undefined
          : parsed('password', staffPasswordSchema.safeParse(values.password));
      const password = given ?? generateOneTimePassword();
      const actor = cliActor(byOption(values));
      const { services } = await open();
      const account = await services.staff.create(actor, {
        username,
        name,
        role: role as StaffRole,
        password,
        email,
        // A password the operator chose is theirs to keep; a generated one is handed over and replaced.
        mustChangePassword: given === undefined,
      });
      print(
        `已创建员工 / staff account created: id ${account.id}, username ${account.username}, role ${account.role}`,
      );
      if (given === undefined) {
        print(
          `一次性密码（只显示这一次，首次登录须修改）/ one-time password (shown once, must be changed at first sign-in): ${password}`,
        );
      }
    },
  },

  'staff:list': {
    summary: '列出员工账号 / list the staff accounts',
    usage: 'staff:list',
    async run({ open, print }) {
      const { services } = await open();
      const accounts = await services.staff.list();
      if (accounts.length === 0) print('没有员工账号 / no staff accounts (npm run shop -- staff:create …)');
      for (const a of accounts)
        print(
          [
            `#${a.id}`,
            a.username,
            a.role,
            a.name || '-',
            a.disabled ? '已停用/disabled' : '启用/active',
            a.totpEnabled ? 'totp:on' : 'totp:off',
            a.mustChangePassword ? 'must-change-password' : '',
            `last-login:${a.lastLoginTime ?? '-'}`,
          ]
            .filter(Boolean)
            .join('  '),
        );
    },
  },

  'staff:reset-password': accountCommand({
    summary: '重置员工密码，打印一次性密码（下次登录须修改）/ reset a password, print a one-time password',
    name: 'reset-password',
    async change(staff, actor, account, print) {
      const password = generateOneTimePassword();
      await staff.resetPassword(actor, { id: account.id, password });
      print(`已重置 ${account.username} 的密码，其登录已全部失效 / password reset, sessions revoked`);
      print(`一次性密码（只显示这一次，下次登录须修改）/ one-time password (shown once): ${password}`);
    },
  }),

  'staff:reset-totp': accountCommand({
    summary: '重置员工的两步验证（手机丢失时）/ clear a staff member’s second factor (a lost phone)',
    name: 'reset-totp',
    async change(staff, actor, account, print) {
      await staff.resetTotp(actor, { id: account.id });
      print(
        `已重置 ${account.username} 的两步验证，下次登录须重新设置 / second factor cleared, set up again at next sign-in`,
      );
    },
  }),

  'staff:unlock': accountCommand({
    summary: '解除员工账号的登录锁定（所有地址）/ lift the sign-in locks of a staff account (every address)',
    name: 'unlock',
    async change(staff, actor, account, print) {
      await staff.unlock(actor, { id: account.id });
      print(`已解除 ${account.username} 的登录锁定 / sign-in locks lifted`);
    },
  }),

  'secrets:rotate': {
    summary:
      '用当前 SHOP_SECRET_KEY 重新加密所有员工两步验证密钥 / seal every staff TOTP secret with the current SHOP_SECRET_KEY',
    usage: 'secrets:rotate',
    async run({ open, print }) {
      const { services } = await open();
      if (!services.staff.sealsSecrets)
        throw new UsageError('请先设置 SHOP_SECRET_KEY / set SHOP_SECRET_KEY first');
      const { resealed, total } = await services.staff.rotateSecrets();
      print(
        `已重新加密 ${resealed} / ${total} 个密钥 / ${resealed} of ${total} secrets sealed with the current key`,
      );
    },
  },

  'staff:disable': accountCommand({
    summary: '停用员工账号（最后一位店主不能停用）/ disable a staff account (never the last owner)',
    name: 'disable',
    async change(staff, actor, account, print) {
      await staff.update(actor, { id: account.id, disabled: true });
      print(`已停用 ${account.username}，其登录已全部失效 / disabled, sessions revoked`);
    },
  }),
};
