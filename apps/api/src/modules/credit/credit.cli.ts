import {
  CREDIT_LIMIT_MAX,
  CREDIT_TERMS,
  type CreditTerms,
  formatPrice,
  InvalidAmountError,
  toMajor,
  toMinor,
} from '@shop/domain';
import { cliActor } from '../../lib/audit';
import type { CliCommand } from '../../lib/cli-command';
import {
  byOption,
  countOption,
  currencyOption,
  type OptionValues,
  requiredText,
  UsageError,
} from '../../lib/cli-options';
import type { CreditService } from './credit.service';

/** What these commands use of the shop's services. */
type Uses = { credits: CreditService };

/**
 * A credit limit in major units ('5000', '12500.50'): 0 ends new on-account orders; at most CREDIT_LIMIT_MAX and
 * two decimals, as the console's grant/ takes it (adminCreditGrantRequestSchema). Minor units.
 */
function limitOption(values: OptionValues): number {
  const text = requiredText(values, 'limit', '请填写额度，如 5000 / a limit is required, e.g. 5000');
  let minor: number;
  try {
    minor = toMinor(text);
  } catch (error) {
    if (!(error instanceof InvalidAmountError)) throw error;
    minor = Number.NaN;
  }
  if (!Number.isSafeInteger(minor) || minor < 0)
    throw new UsageError('--limit: 应为不小于0、最多两位小数的金额 / an amount ≥ 0 with up to 2 decimals');
  if (minor > toMinor(CREDIT_LIMIT_MAX))
    throw new UsageError(`--limit: 额度最多 ${CREDIT_LIMIT_MAX} / at most ${CREDIT_LIMIT_MAX}`);
  return minor;
}

/** --terms as one of the terms finance may grant (CREDIT_TERMS). */
function termsOption(values: OptionValues): CreditTerms {
  const text = requiredText(values, 'terms', '请填写账期天数 / the terms in days are required');
  const terms = CREDIT_TERMS.find((d) => String(d) === text);
  if (terms === undefined)
    throw new UsageError(
      `--terms: 账期须为 ${CREDIT_TERMS.join('、')} 天之一 / one of ${CREDIT_TERMS.join(', ')} days`,
    );
  return terms;
}

/** Operator commands of pay on account (账期, issue #38, docs/decisions/055). */
export const creditCommands: Record<string, CliCommand<Uses>> = {
  'credit:grant': {
    summary:
      '设置公司某币种的账期额度与天数（记入额度流水与操作日志）/ grant a company credit in a currency, with its terms (ledger and audit log)',
    usage: `credit:grant --company ID --currency CNY|AUD --limit 5000 --terms ${CREDIT_TERMS.join('|')} [--by 操作员]`,
    options: {
      company: { type: 'string' },
      currency: { type: 'string' },
      limit: { type: 'string' },
      terms: { type: 'string' },
      by: { type: 'string' },
    },
    async run({ values, open, print }) {
      requiredText(values, 'company', '请指定公司编号 / a company id is required');
      const companyId = countOption('company', values.company, 1);
      const currency = currencyOption(values);
      const limit = limitOption(values);
      const termsDays = termsOption(values);
      const by = byOption(values);
      const { services } = await open();
      // The console's grant/: the limit never below what is used, a ledger line and an audit row.
      const detail = await services.credits.grant(
        { companyId, currency, limit: toMajor(limit), termsDays },
        cliActor(by),
      );
      const credit = detail.credit.find((c) => c.currency === currency);
      const money = (major: number) => formatPrice(toMinor(major), currency);
      print(
        `已设置账期 / credit granted: ${detail.companyName} (#${companyId}) ${currency} ` +
          `额度 / limit ${money(credit?.limit ?? toMajor(limit))}，` +
          `已用 / used ${money(credit?.used ?? 0)}，可用 / available ${money(credit?.available ?? 0)}，` +
          `账期 / terms ${termsDays} 天 / days`,
      );
      if (detail.blocked)
        print(
          '注意：该公司有逾期账单，结清前不能用账期支付 / note: an overdue invoice blocks pay on account',
        );
    },
  },
};
