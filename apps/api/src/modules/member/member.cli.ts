import { passwordSchema, usernameSchema } from '@shop/domain';
import { z } from 'zod';
import type { CliCommand } from '../../lib/cli-command';
import { optionText, UsageError } from '../../lib/cli-options';
import type { MemberService } from './member.service';

/** What these commands use of the shop's services. */
type Uses = { member: MemberService };

const levelSchema = z.coerce.number().int().min(0).max(999);

/** Operator commands for members. */
export const memberCommands: Record<string, CliCommand<Uses>> = {
  'member:create': {
    summary: '创建会员 / create a member',
    usage: 'member:create --username U --password P [--name N] [--level L]',
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      level: { type: 'string' },
    },
    async run({ values, open, print }) {
      const username = usernameSchema.safeParse(values.username);
      if (!username.success) {
        throw new UsageError(`--username: ${username.error.issues[0]?.message ?? '无效 / invalid'}`);
      }
      const password = passwordSchema.safeParse(values.password);
      if (!password.success) {
        throw new UsageError(`--password: ${password.error.issues[0]?.message ?? '无效 / invalid'}`);
      }
      const level = values.level === undefined ? undefined : levelSchema.safeParse(values.level);
      if (level && !level.success)
        throw new UsageError('--level: 应为 0-999 的整数 / must be an integer 0-999');
      const name = optionText(values, 'name', false)?.slice(0, 50);
      const { services } = await open();
      const member = await services.member.createMember({
        username: username.data,
        password: password.data,
        name,
        level: level?.data,
      });
      print(
        `已创建会员 / member created: id ${member.id}, username ${member.username}, level ${member.level}`,
      );
    },
  },
};
