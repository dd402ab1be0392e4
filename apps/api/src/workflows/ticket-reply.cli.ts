import type { CliCommand } from '../lib/cli-command';
import { countOption, listOption, readInputBytes, requiredText } from '../lib/cli-options';
import type { TicketReplyFlow } from './ticket-reply';

/** What these commands use of the shop's services. */
type Uses = { ticketReply: TicketReplyFlow };

/** The shop's reply to a ticket from the command line (the staff console uses the same workflow). */
export const ticketReplyCommands: Record<string, CliCommand<Uses>> = {
  'ticket:reply': {
    summary:
      '以客服身份回复工单（会员会收到消息）/ reply to a ticket as the shop (the member gets a message)',
    usage: "ticket:reply --id N --by 客服小王 --text '…' [--image photo.jpg …]",
    options: {
      id: { type: 'string' },
      by: { type: 'string' },
      text: { type: 'string' },
      image: { type: 'string', multiple: true },
    },
    async run({ values, open, print }) {
      const ticketId = countOption('id', values.id, 1);
      const by = requiredText(values, 'by', '请填写客服名称 / who replies');
      const content = requiredText(values, 'text', '请填写回复内容 / the reply text');
      const images = await Promise.all(listOption(values.image).map((file) => readInputBytes(file)));
      const { services } = await open();
      const result = await services.ticketReply.reply({ ticketId, by, content, images });
      print(
        `已回复工单 / replied to ticket ${result.ticketId}（回复 ${result.replyId}，状态 ${result.status}）`,
      );
    },
  },
};
