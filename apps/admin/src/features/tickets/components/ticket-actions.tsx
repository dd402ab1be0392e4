import type { TicketDetail, TicketOwnerGroup } from '@shop/domain';
import { Button, Popconfirm, Select, Space } from 'antd';
import { notify } from '@/lib/notify';
import { useCloseTicket } from '../api/close-ticket';
import { useReopenTicket } from '../api/reopen-ticket';
import { useUpdateTicket } from '../api/update-ticket';
import { GROUP_OPTIONS, PRIORITY_OPTIONS } from './ticket-labels';

/** Owner group, priority, close (asks first) and reopen of one ticket. */
export function TicketActions({ ticket }: { ticket: TicketDetail }) {
  const update = useUpdateTicket();
  const close = useCloseTicket();
  const reopen = useReopenTicket();
  const closed = ticket.status === 'closed';

  const change = (values: { ownerGroup?: TicketOwnerGroup; priority?: number }) =>
    update
      .mutateAsync({ id: ticket.id, ...values })
      .then(() => notify.success('工单已更新'))
      .catch(() => undefined);

  return (
    <Space wrap>
      <Select
        aria-label="负责组"
        style={{ width: 110 }}
        value={ticket.department as TicketOwnerGroup}
        options={GROUP_OPTIONS}
        disabled={update.isPending}
        onChange={(ownerGroup: TicketOwnerGroup) => change({ ownerGroup })}
      />
      <Select
        aria-label="优先级"
        style={{ width: 130 }}
        value={ticket.priority}
        options={PRIORITY_OPTIONS.map((o) => ({ ...o, label: `优先级：${o.label}` }))}
        disabled={update.isPending}
        onChange={(priority: number) => change({ priority })}
      />
      {closed ? (
        <Button
          loading={reopen.isPending}
          onClick={() =>
            reopen
              .mutateAsync(ticket.id)
              .then(() => notify.success('工单已重新打开'))
              .catch(() => undefined)
          }
        >
          重新打开
        </Button>
      ) : (
        <Popconfirm
          title="关闭工单？"
          description="关闭后会员和客服都不能再回复，可重新打开。"
          okText="关闭"
          cancelText="取消"
          onConfirm={() =>
            close
              .mutateAsync(ticket.id)
              .then(() => notify.success('工单已关闭'))
              .catch(() => undefined)
          }
        >
          <Button danger loading={close.isPending}>
            关闭工单
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
