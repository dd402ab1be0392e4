import { ChannelError, type StatementLine } from './payment.provider';

/**
 * Alipay's trade bill (`bill_type` trade, docs/decisions/033): a zip of CSV files in GBK. The detail file
 * (…_业务明细.csv) has `#` comment lines around a header row and one row per payment (业务类型 交易) or refund
 * (退款); every field may carry trailing tabs. The summary file (…_业务明细(汇总).csv) has other columns and is
 * not read. Columns are found by their header names, so Alipay adding or moving columns does not break it.
 */

const COLUMNS = {
  channelRef: '支付宝交易号',
  tradeNo: '商户订单号',
  kind: '业务类型',
  finishedAt: '完成时间',
  amount: '订单金额（元）',
  refundNo: '退款批次号/请求号',
} as const;

/** One CSV line split into fields: commas separate, double quotes may wrap a field ("" inside is a quote). */
function splitCsv(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (ch === ',') {
      out.push(field.trim());
      field = '';
    } else field += ch;
  }
  out.push(field.trim());
  return out;
}

function amountOf(value: string): number | null {
  const match = /^-?(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
}

/** The bill's detail rows as statement lines; throws ChannelError when no file of the zip is a detail bill. */
export function parseAlipayBill(files: readonly Uint8Array[]): StatementLine[] {
  const decoder = new TextDecoder('gb18030');
  for (const bytes of files) {
    const lines = decoder.decode(bytes).split(/\r?\n/);
    const headerAt = lines.findIndex((line) => {
      const cells = splitCsv(line);
      return cells.includes(COLUMNS.channelRef) && cells.includes(COLUMNS.tradeNo);
    });
    if (headerAt < 0) continue;
    const header = splitCsv(lines[headerAt] as string);
    const at = Object.fromEntries(
      Object.entries(COLUMNS).map(([key, name]) => [key, header.indexOf(name)]),
    ) as Record<keyof typeof COLUMNS, number>;
    for (const [key, index] of Object.entries(at))
      if (index < 0 && key !== 'refundNo')
        throw new ChannelError(`alipay bill has no column ${COLUMNS[key as keyof typeof COLUMNS]}`);
    const out: StatementLine[] = [];
    for (const line of lines.slice(headerAt + 1)) {
      if (line.startsWith('#')) break;
      if (line.trim() === '') continue;
      const cells = splitCsv(line);
      const cell = (key: keyof typeof COLUMNS) => (at[key] >= 0 ? (cells[at[key]] ?? '') : '');
      const kind = cell('kind');
      if (kind !== '交易' && kind !== '退款') continue;
      const amount = amountOf(cell('amount'));
      const when = cell('finishedAt');
      if (amount === null || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(when))
        throw new ChannelError(`alipay bill row not understood: ${line.slice(0, 120)}`);
      out.push({
        kind: kind === '交易' ? 'payment' : 'refund',
        tradeNo: cell('tradeNo'),
        refundNo: kind === '退款' ? cell('refundNo') || null : null,
        channelRef: cell('channelRef'),
        amount,
        currency: 'CNY',
        at: new Date(`${when.replace(' ', 'T')}+08:00`).toISOString(),
      });
    }
    return out;
  }
  throw new ChannelError('alipay bill zip holds no detail file (业务明细)');
}
