import {
  packLabel,
  supportTicketPriorityLabel,
  supportTicketTypeLabel,
  TICKET_STATUS_LABELS,
  TicketStatus,
  ticketOwnerGroupLabel,
} from '@shop/domain';
import { cliActor } from '../../lib/audit';
import type { CliCommand } from '../../lib/cli-command';
import { countOption, optionText, UsageError } from '../../lib/cli-options';
import type { TicketService } from './tickets.service';

/** What these commands use of the shop's services. */
type Uses = { tickets: TicketService };

const STATUSES = Object.values(TicketStatus) as string[];

/** The shop's side of support tickets: the queue, one thread, closing (replies: ticket:reply). */
export const ticketCommands: Record<string, CliCommand<Uses>> = {
  'ticket:list': {
    summary: '待处理工单，等待最久的在前 / the ticket queue, longest waiting first',
    usage:
      'ticket:list [--status open|waiting_member|waiting_shop|closed] [--group service|accounting|it|user]',
    options: { status: { type: 'string' }, group: { type: 'string' } },
    async run({ values, open, print }) {
      const status = optionText(values, 'status', false);
      if (status !== undefined && !STATUSES.includes(status))
        throw new UsageError(`--status: 应为 ${STATUSES.join('、')} 之一`);
      const group = optionText(values, 'group', false);
      const { services } = await open();
      const rows = await services.tickets.queue({ status, group });
      if (rows.length === 0) print('暂无工单 / no tickets');
      for (const t of rows)
        print(
          `#${t.id}\t${TICKET_STATUS_LABELS[t.status]}\t${supportTicketTypeLabel(t.type)}\t${supportTicketPriorityLabel(t.priority)}\t` +
            `${ticketOwnerGroupLabel(t.department)}\t会员 ${t.memberId}\t${t.orderNo ?? '-'}\t${t.updatedAt}\t${t.title}`,
        );
    },
  },
  'ticket:show': {
    summary: '查看工单与全部回复 / show a ticket with its thread',
    usage: 'ticket:show --id N',
    options: { id: { type: 'string' } },
    async run({ values, open, print }) {
      const id = countOption('id', values.id, 1);
      const { services } = await open();
      const t = await services.tickets.show(id);
      print(`#${t.id} ${t.title}`);
      print(
        `状态 ${TICKET_STATUS_LABELS[t.status]}，${supportTicketTypeLabel(t.type)}，优先级 ${supportTicketPriorityLabel(t.priority)}，` +
          `会员 ${t.memberId}${t.orderNo ? `，订单 ${t.orderNo}${t.packIndex === null ? '' : ` ${packLabel(t.packIndex)}`}` : ''}`,
      );
      for (const r of t.replies) {
        print(`— ${r.createdAt} ${r.author === 'staff' ? '客服' : '会员'} ${r.authorName}`);
        print(`  ${r.content.replaceAll('\n', '\n  ')}`);
        for (const image of r.images) print(`  [图片] /res/img/${image.url}`);
      }
    },
  },
  'ticket:close': {
    summary: '关闭工单 / close a ticket',
    usage: 'ticket:close --id N',
    options: { id: { type: 'string' } },
    async run({ values, open, print }) {
      const id = countOption('id', values.id, 1);
      const { services } = await open();
      const { changed } = await services.tickets.staffClose(cliActor(), id);
      print(changed ? `已关闭工单 / closed ticket ${id}` : `工单 ${id} 已关闭，未改变 / already closed`);
    },
  },
};
