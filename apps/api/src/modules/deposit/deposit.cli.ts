import {
  type BankAccountsSaveRequest,
  DepositLogType,
  formatPrice,
  RECHARGE_REVIEW_NOTE_MAX,
  RECHARGE_STATUS_LABELS,
  type Recharge,
  rechargeStatusSchema,
  toMajor,
  toMinor,
} from '@shop/domain';
import { cliActor } from '../../lib/audit';
import type { CliCommand } from '../../lib/cli-command';
import {
  amountOption,
  byOption,
  currencyOption,
  jsonFileOption,
  noteOption,
  type OptionValues,
  optionText,
  requiredText,
  UsageError,
} from '../../lib/cli-options';
import type { BankAccountService } from './bank-accounts.service';
import type { DepositAdminService } from './deposit.admin';
import { balanceLine, type ManualDepositType, SHOW_LOG_ROWS } from './deposit.admin';

/**
 * Operator commands that move a member's deposit: cash and gifts, the balance and log of a member, and the
 * review of bank-transfer recharges. Amounts are typed in major units ('100.50') and stored in minor units.
 */

function manualCommand(
  type: ManualDepositType,
  summary: string,
  name: string,
): CliCommand<DepositCommandServices> {
  return {
    summary,
    usage: `${name} --member USERNAME --currency CNY|AUD --amount 100.50 [--note 备注] [--by 操作员]`,
    options: {
      member: { type: 'string' },
      currency: { type: 'string' },
      amount: { type: 'string' },
      note: { type: 'string' },
      by: { type: 'string' },
    },
    async run({ values, open, print }) {
      const username = requiredText(values, 'member', '请指定会员用户名 / a member username is required');
      const currency = currencyOption(values);
      const amount = amountOption(values);
      const note = noteOption(values, 'note', 200);
      const by = byOption(values);
      const { services } = await open();
      const result = await services.depositAdmin.credit(cliActor(by), {
        username,
        type,
        currency,
        amount,
        note,
      });
      print(
        `已入账 / credited: ${username} +${formatPrice(amount, currency)}（${type === DepositLogType.CashRecharge ? '现金充值' : '系统赠送'}），` +
          `余额 / balance ${formatPrice(result.balanceAfter, currency)}`,
      );
    },
  };
}

function rechargeLine(r: Recharge & { username: string; reviewedBy: string }): string {
  return [
    r.rechargeNo,
    r.statusLabel,
    r.typeLabel,
    r.username,
    formatPrice(toMinor(r.amount), r.currency),
    r.reference,
    r.createdAt,
    r.note,
    r.reviewedBy ? `审核 / by ${r.reviewedBy}` : '',
  ]
    .filter(Boolean)
    .join('  ');
}

/** What the deposit commands use of the shop's services. */
type DepositCommandServices = { depositAdmin: DepositAdminService; bankAccounts: BankAccountService };

const recharge = (values: OptionValues) =>
  requiredText(values, 'no', '请指定充值单号 / a recharge number is required');

export const depositCommands: Record<string, CliCommand<DepositCommandServices>> = {
  'deposit:cash': manualCommand(
    DepositLogType.CashRecharge,
    '现金充值到会员余额 / credit cash received to a member’s deposit',
    'deposit:cash',
  ),
  'deposit:gift': manualCommand(
    DepositLogType.SystemGift,
    '系统赠送余额 / give a member deposit as a gift',
    'deposit:gift',
  ),
  'deposit:show': {
    summary: `查看会员余额及最近 ${SHOW_LOG_ROWS} 条明细 / show a member’s balances and last log rows`,
    usage: 'deposit:show --member USERNAME',
    options: { member: { type: 'string' } },
    async run({ values, open, print }) {
      const username = requiredText(values, 'member', '请指定会员用户名 / a member username is required');
      const { services } = await open();
      const shown = await services.depositAdmin.show(username);
      print(`会员 / member ${username} (#${shown.memberId})：${balanceLine(shown)}`);
      print(
        `明细 / log: ${shown.totalCount} 条 / rows${shown.totalCount > shown.logs.length ? `，最近 ${shown.logs.length} 条 / latest` : ''}`,
      );
      for (const l of shown.logs) {
        print(
          [
            l.createdAt,
            l.typeLabel,
            `${l.amount > 0 ? '+' : ''}${formatPrice(toMinor(l.amount), l.currency)}`,
            `余额 ${formatPrice(toMinor(l.balanceAfter), l.currency)}`,
            l.orderNo ?? '',
            l.note,
            l.operator ? `by ${l.operator}` : '',
          ]
            .filter(Boolean)
            .join('  '),
        );
      }
    },
  },
  'recharge:list': {
    summary: '列出充值单（默认待确认）/ list recharges (pending by default)',
    usage: 'recharge:list [--status pending|credited|rejected|cancelled|all] [--limit 50]',
    options: { status: { type: 'string' }, limit: { type: 'string' } },
    async run({ values, open, print }) {
      const text = optionText(values, 'status', false) ?? 'pending';
      const status = text === 'all' ? undefined : rechargeStatusSchema.safeParse(text);
      if (status && !status.success)
        throw new UsageError(
          '--status: 应为 pending、credited、rejected、cancelled 或 all / one of pending, credited, rejected, cancelled, all',
        );
      const limitText = optionText(values, 'limit', false);
      if (limitText !== undefined && (!/^\d{1,3}$/.test(limitText) || Number(limitText) < 1))
        throw new UsageError('--limit: 应为 1-999 的整数 / an integer 1-999');
      const { services } = await open();
      const rows = await services.depositAdmin.listRecharges({
        status: status?.data,
        limit: limitText === undefined ? undefined : Number(limitText),
      });
      if (rows.length === 0)
        print(`暂无${status?.data ? RECHARGE_STATUS_LABELS[status.data] : ''}充值单 / no recharges`);
      for (const r of rows) print(rechargeLine(r));
    },
  },
  'recharge:approve': {
    summary: '确认银行转账到账并入账 / approve a bank transfer and credit it',
    usage: "recharge:approve --no R… [--credited 990.00 --note '银行扣手续费'] [--by 操作员]",
    options: {
      no: { type: 'string' },
      credited: { type: 'string' },
      note: { type: 'string' },
      by: { type: 'string' },
    },
    async run({ values, open, print }) {
      const no = recharge(values);
      // The amount that reached the account, when it is not the amount asked (a note then says why).
      // Parsed and checked in minor units, handed to the service in major units as the console sends it.
      const creditedAmount =
        values.credited === undefined ? undefined : toMajor(amountOption(values, 'credited'));
      const note = noteOption(values, 'note', RECHARGE_REVIEW_NOTE_MAX);
      const by = byOption(values);
      const { services } = await open();
      const result = await services.depositAdmin.approve(cliActor(by), {
        rechargeNo: no,
        creditedAmount,
        note,
      });
      const amount = formatPrice(
        toMinor(result.recharge.creditedAmount ?? result.recharge.amount),
        result.recharge.currency,
      );
      print(
        result.changed
          ? `已入账 / credited: ${no} ${amount}，余额 / balance ${formatPrice(result.balanceAfter ?? 0, result.recharge.currency)}`
          : `充值单 ${no} 已入账，未改变 / already credited, nothing changed`,
      );
    },
  },
  'recharge:reject': {
    summary: '驳回银行转账充值 / reject a bank transfer',
    usage: "recharge:reject --no R… --reason '未收到款项' [--by 操作员]",
    options: { no: { type: 'string' }, reason: { type: 'string' }, by: { type: 'string' } },
    async run({ values, open, print }) {
      const no = recharge(values);
      const reason = requiredText(values, 'reason', '请填写驳回原因 / a reason is required');
      if (reason.length > 100) throw new UsageError('--reason: 最多100个字符 / at most 100 characters');
      const by = byOption(values);
      const { services } = await open();
      const result = await services.depositAdmin.reject(cliActor(by), { rechargeNo: no, reason });
      print(
        result.changed
          ? `已驳回 / rejected: ${no}（${reason}）`
          : `充值单 ${no} 已驳回，未改变 / already rejected, nothing changed`,
      );
    },
  },
  'bank-accounts:show': {
    summary: '以 JSON 输出会员转账充值的收款账户 / print the bank accounts members transfer to, as JSON',
    usage: 'bank-accounts:show > accounts.json',
    async run({ open, print }) {
      const { services } = await open();
      print(JSON.stringify((await services.bankAccounts.current()).items, null, 2));
    },
  },
  'bank-accounts:put': {
    summary:
      '检查并保存收款账户（记入操作日志并邮件通知店主与财务）/ check and store the receiving bank accounts (audited, owners and finance told)',
    usage: 'bank-accounts:put --file accounts.json [--by 操作员]',
    options: { file: { type: 'string' }, by: { type: 'string' } },
    async run({ values, open, print }) {
      const items = await jsonFileOption(values);
      const by = byOption(values);
      const { services } = await open();
      // Checked by the service as the console's call is.
      const saved = await services.bankAccounts.save(
        { items: items as BankAccountsSaveRequest['items'] },
        cliActor(by),
      );
      print(
        saved.changed
          ? `已保存收款账户 / stored ${saved.items.length} bank account(s)`
          : '收款账户没有变化 / nothing changed',
      );
    },
  },
};
