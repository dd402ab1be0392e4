import {
  type AdminSupplierApplication,
  countryLabel,
  SUPPLIER_APPLICATION_STATUS_LABELS,
  SUPPLIER_NOTE_MAX,
  SupplierApplicationStatus,
} from '@shop/domain';
import { cliActor } from '../../lib/audit';
import type { CliCommand } from '../../lib/cli-command';
import {
  byOption,
  countOption,
  noteOption,
  optionText,
  requiredText,
  UsageError,
} from '../../lib/cli-options';
import type { SupplierService } from './supplier.service';

/** What these commands use of the shop's services. */
type Uses = { supplier: SupplierService };

const STATUSES = Object.values(SupplierApplicationStatus) as string[];

function statusOption(value: string): SupplierApplicationStatus {
  if (!STATUSES.includes(value))
    throw new UsageError(`--status: 应为 ${STATUSES.join('、')} 之一 / one of ${STATUSES.join(', ')}`);
  return value as SupplierApplicationStatus;
}

const statusLabel = (status: string) =>
  `${status}（${SUPPLIER_APPLICATION_STATUS_LABELS[status as SupplierApplicationStatus] ?? status}）`;

/** One line of the list: id, status, date, company, contact, e-mail, country, warehouses, categories. */
function listLine(a: AdminSupplierApplication): string {
  return [
    `#${a.id}`,
    statusLabel(a.status),
    a.createTime.slice(0, 16).replace('T', ' '),
    a.company,
    a.contact,
    a.phone,
    a.email,
    `${a.country} ${countryLabel(a.country)}`,
    `仓 ${a.warehouseCountries.join(',')}`,
    a.categories,
  ].join('\t');
}

/** The staff's follow-up of 成为供应商 applications (the staff console shows the same). */
export const supplierCommands: Record<string, CliCommand<Uses>> = {
  'supplier:list': {
    summary: '供应商申请，最新的在前 / supplier applications, newest first',
    usage: 'supplier:list [--status new|contacted|accepted|declined|all] [--limit 100]',
    options: { status: { type: 'string' }, limit: { type: 'string' } },
    async run({ values, open, print }) {
      const raw = optionText(values, 'status', false) ?? 'all';
      const status = raw === 'all' ? undefined : statusOption(raw);
      const limit = values.limit === undefined ? 100 : countOption('limit', values.limit, 1);
      const { services } = await open();
      const { items: rows } = await services.supplier.list({ status, pageSize: limit });
      if (rows.length === 0) print('暂无供应商申请 / no supplier applications');
      for (const row of rows) print(listLine(row));
    },
  },
  'supplier:show': {
    summary: '查看一份供应商申请 / show one supplier application',
    usage: 'supplier:show --id N',
    options: { id: { type: 'string' } },
    async run({ values, open, print }) {
      const id = countOption('id', values.id, 1);
      const { services } = await open();
      const a = await services.supplier.show(id);
      print(`#${a.id} ${a.company}（${statusLabel(a.status)}）`);
      print(`联系人 / contact: ${a.contact}  电话 / phone: ${a.phone}  邮箱 / e-mail: ${a.email}`);
      print(
        `国家 / country: ${a.country} ${countryLabel(a.country)}  发货仓 / warehouses: ${a.warehouseCountries.join(', ')}`,
      );
      print(`主营品类 / categories: ${a.categories}`);
      print(`品牌 / brands: ${a.brands || '-'}`);
      print(`语言 / language: ${a.lang}  提交于 / sent: ${a.createTime}  地址 / from: ${a.clientAddress}`);
      print(`留言 / message:${a.message ? `\n  ${a.message.replaceAll('\n', '\n  ')}` : ' -'}`);
      print(`联系记录 / history:${a.notes.length === 0 ? ' -' : ''}`);
      for (const n of a.notes)
        print(
          `  ${n.createTime.slice(0, 16).replace('T', ' ')} ${n.by}${n.status ? ` → ${statusLabel(n.status)}` : ''}${n.note ? `：${n.note.replaceAll('\n', ' ')}` : ''}`,
        );
    },
  },
  'supplier:status': {
    summary: '更改供应商申请的状态，记入联系记录 / change an application’s status, kept in its history',
    usage:
      "supplier:status --id N --status contacted|accepted|declined|new [--note '已电话联系'] [--by 操作员]",
    options: {
      id: { type: 'string' },
      status: { type: 'string' },
      note: { type: 'string' },
      by: { type: 'string' },
    },
    async run({ values, open, print }) {
      const id = countOption('id', values.id, 1);
      const status = statusOption(requiredText(values, 'status'));
      const note = noteOption(values, 'note', SUPPLIER_NOTE_MAX);
      const by = cliActor(byOption(values));
      const { services } = await open();
      // The console's 供应商申请 calls the same function: the history entry and the audit row go together.
      const { before, after, entry } = await services.supplier.addNote(by, { id, status, note });
      print(
        before !== after
          ? `申请 #${id}：${statusLabel(before)} → ${statusLabel(after)}`
          : `申请 #${id} 已是 ${statusLabel(status)} / unchanged${entry ? '（已记入联系记录 / note added）' : ''}`,
      );
    },
  },
};
