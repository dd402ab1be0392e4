import { trackingStateLabel } from '@shop/domain';
import type { CliCommand } from '../../lib/cli-command';
import { countOption, requiredText } from '../../lib/cli-options';
import type { TrackingService } from './tracking.service';

/** What these commands use of the shop's services. */
type Uses = { tracking: TrackingService };

const STATUS_LABELS: Record<string, string> = { pending: '待订阅', tracking: '跟踪中', ended: '已结束' };

/** Operator commands of courier tracking (docs/decisions/061-courier-tracking.md). */
export const trackingCommands: Record<string, CliCommand<Uses>> = {
  'tracking:run': {
    summary:
      '立即执行一轮物流跟踪：订阅待订阅的包裹（推送模式）或查询到期的包裹（查询模式）/ run one tracking round now',
    usage: 'tracking:run',
    async run({ open, print }) {
      const { services } = await open();
      const result = await services.tracking.runDue();
      const counts = await services.tracking.counts();
      print(
        `订阅 / subscribed ${result.subscribed}，查询 / polled ${result.polled}，失败 / failed ${result.failed}` +
          (result.sandboxMoved > 0 ? `，沙箱推进 / sandbox moved ${result.sandboxMoved}` : ''),
      );
      print(
        Object.entries(STATUS_LABELS)
          .map(([status, label]) => `${label} / ${status}: ${counts[status] ?? 0}`)
          .join('，'),
      );
    },
  },
  'tracking:show': {
    summary: '查看一个物流单号的跟踪状态 / show how a parcel is tracked',
    usage: 'tracking:show --code SF1234567890',
    options: { code: { type: 'string' } },
    async run({ values, open, print }) {
      const code = requiredText(values, 'code', '请指定物流单号 / a logistic code is required');
      const { services } = await open();
      const row = await services.tracking.show(code);
      print(`${row.logisticCode}：${STATUS_LABELS[row.status] ?? row.status} / ${row.status}`);
      print(`快递 / courier: ${row.courierCode}，快递100编码 / company: ${row.company || '—'}`);
      print(
        `状态 / state: ${trackingStateLabel(row.state)}${row.stateAt ? `（${row.stateAt.toISOString()}）` : ''}，已通知 / told: ${row.notified ?? '—'}`,
      );
      if (row.lastError)
        print(`上次失败 / last failure: ${row.lastError}（第 ${row.attempts} 次 / attempt）`);
      print(`下次 / next: ${row.nextAt.toISOString()}`);
    },
  },
  'tracking:refresh': {
    summary: '立即向物流跟踪服务查询一个包裹并写入新轨迹 / ask the tracking service about a parcel now',
    usage: 'tracking:refresh --code SF1234567890',
    options: { code: { type: 'string' } },
    async run({ values, open, print }) {
      const code = requiredText(values, 'code', '请指定物流单号 / a logistic code is required');
      const { services } = await open();
      const result = await services.tracking.refresh(code);
      if (!result.ok) throw new Error(result.reason);
      print(
        `新轨迹 / new events: ${result.added}${result.told ? `，已通知会员 / member told: ${result.told}` : ''}`,
      );
    },
  },
  'tracking:adopt': {
    summary:
      '开启物流跟踪后，接手最近 N 天已发货、尚未完成的包裹（默认 30 天）/ take up parcels shipped before tracking was on',
    usage: 'tracking:adopt [--days 30]',
    options: { days: { type: 'string' } },
    async run({ values, open, print }) {
      const days = values.days === undefined ? 30 : countOption('days', values.days, 1);
      const { services } = await open();
      const adopted = await services.tracking.adopt(days);
      const result = await services.tracking.runDue();
      print(
        `接手 / adopted ${adopted} 个包裹；订阅 / subscribed ${result.subscribed}，查询 / polled ${result.polled}，失败 / failed ${result.failed}`,
      );
    },
  },
  'tracking:advance': {
    summary: '沙箱物流服务：把包裹向前推进（揽收 → 在途 → 派件 → 签收）/ sandbox: move a parcel on',
    usage: 'tracking:advance --code SF1234567890 [--steps 1]',
    options: { code: { type: 'string' }, steps: { type: 'string' } },
    async run({ values, open, print }) {
      const code = requiredText(values, 'code', '请指定物流单号 / a logistic code is required');
      const steps = values.steps === undefined ? 1 : countOption('steps', values.steps, 1);
      const { services } = await open();
      const moved = await services.tracking.advanceSandbox(code, steps);
      print(`${code}：第 ${moved.step} 步 / step，${trackingStateLabel(moved.state)}`);
    },
  },
};
