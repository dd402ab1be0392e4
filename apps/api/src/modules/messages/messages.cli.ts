import { MESSAGE_TYPE_LABELS, type MessageType } from '@shop/domain';
import { cliActor } from '../../lib/audit';
import type { CliCommand } from '../../lib/cli-command';
import { countOption, optionText, requiredText, UsageError } from '../../lib/cli-options';
import type { MessageService } from './messages.service';

/** What these commands use of the shop's services. */
type Uses = {
  messages: MessageService;
  /** The member module's ids by username. */
  member: { idsByUsernames(usernames: readonly string[]): Promise<Map<string, number>> };
};

/** Sending a message to one member or an announcement to everyone. */
export const messageCommands: Record<string, CliCommand<Uses>> = {
  'message:send': {
    summary: '给会员发消息，或向所有会员发布公告/活动 / send a message to a member, or to everyone',
    usage: "message:send (--member alice | --all) --type 5 --title '…' --text '…' [--link /article/3]",
    options: {
      member: { type: 'string' },
      all: { type: 'boolean' },
      type: { type: 'string' },
      title: { type: 'string' },
      text: { type: 'string' },
      link: { type: 'string' },
    },
    async run({ values, open, print }) {
      const username = optionText(values, 'member', false);
      if ((username === undefined) === (values.all !== true))
        throw new UsageError('请指定 --member 或 --all 之一 / give exactly one of --member, --all');
      const type = countOption('type', values.type, 1);
      if (type > 5)
        throw new UsageError('--type: 应为 1-5（1 系统 2 交易物流 3 会员等级 4 精选活动 5 通知公告）');
      const title = requiredText(values, 'title');
      const content = requiredText(values, 'text');
      const link = optionText(values, 'link', false) ?? '';
      const { services } = await open();
      let memberId: number | null = null;
      if (username !== undefined) {
        memberId = (await services.member.idsByUsernames([username])).get(username.toLowerCase()) ?? null;
        if (memberId === null) throw new UsageError(`--member: 会员不存在 / no member ${username}`);
      }
      const row = await services.messages.staffSend(cliActor(), {
        to: memberId === null ? 'all' : 'member',
        username,
        type,
        title,
        content,
        link,
        requestId: null,
      });
      print(
        `已发送${MESSAGE_TYPE_LABELS[type as MessageType]} / sent message ${row.id} to ${username ?? '所有会员 / everyone'}`,
      );
    },
  },
};
