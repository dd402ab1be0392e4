import { cliActor } from '../lib/audit';
import type { CliCommand } from '../lib/cli-command';
import { countOption, noteOption, requiredText } from '../lib/cli-options';
import type { MemberLevelFlow } from './member-level';

/** What these commands use of the shop's services. */
type Uses = { memberLevel: MemberLevelFlow };

/** Changing a member's price level; the member gets a message. */
export const memberLevelCommands: Record<string, CliCommand<Uses>> = {
  'member:level': {
    summary: '调整会员等级（会员会收到消息）/ change a member’s price level (the member gets a message)',
    usage: "member:level --username alice --level 38 [--note '…']",
    options: { username: { type: 'string' }, level: { type: 'string' }, note: { type: 'string' } },
    async run({ values, open, print }) {
      const username = requiredText(values, 'username');
      const level = countOption('level', values.level, 0);
      const note = noteOption(values, 'note', 200);
      const { services } = await open();
      const result = await services.memberLevel.setLevel(cliActor(), { username, level, note });
      print(
        result.changed
          ? `会员 ${username} 等级 / level ${result.before} → ${result.after}`
          : `会员 ${username} 已是 ${result.after} 级，未改变 / unchanged`,
      );
    },
  },
};
