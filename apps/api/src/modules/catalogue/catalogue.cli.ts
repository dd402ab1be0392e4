import { basename } from 'node:path';
import { GOODS_SHEET_MAX_BYTES, ResultCode } from '@shop/domain';
import { AppError } from '../../lib/app-error';
import { cliActor } from '../../lib/audit';
import type { CliCommand } from '../../lib/cli-command';
import { byOption, countOption, listOption, readInputBytes, UsageError } from '../../lib/cli-options';
import { ImportRejectedError } from '../../lib/spreadsheet';
import type { CatalogueAdminService } from './catalogue.admin';
import { checkImportSheet, readGoodsSheet, SheetMessages } from './catalogue.import-sheet';

/** What these commands use of the shop's services. */
type Uses = { catalogueAdmin: CatalogueAdminService };

/** Operator commands for the catalogue: the goods sheet import and shelf state (stock: inventory.cli.ts). */
export const catalogueCommands: Record<string, CliCommand<Uses>> = {
  'goods:import': {
    summary:
      '从 xlsx/csv 导入商品与 SKU（全部成功或全部不写）/ import goods and SKUs from a sheet, all or nothing',
    usage: 'goods:import --file sheet.xlsx|sheet.csv [--dry-run] [--by 操作员]',
    options: { file: { type: 'string' }, 'dry-run': { type: 'boolean' }, by: { type: 'string' } },
    async run({ values, open, print, printError }) {
      const file = values.file;
      if (typeof file !== 'string' || file === '')
        throw new UsageError('--file: 请指定 .xlsx 或 .csv 文件 / a sheet is required');
      if (!/\.(csv|xlsx)$/i.test(file))
        throw new UsageError('--file: 仅支持 .xlsx 或 .csv / only .xlsx or .csv');
      const bytes = await readInputBytes(file);
      if (bytes.length > GOODS_SHEET_MAX_BYTES)
        throw new AppError(ResultCode.PayloadTooLarge, SheetMessages.tooLarge);
      try {
        // Every row is checked before the database is opened; one bad row stops the whole import.
        const checked = checkImportSheet(await readGoodsSheet(bytes, file));
        if (!checked.ok) throw new ImportRejectedError(checked.errors);
        const { services, analyze } = await open();
        const dryRun = values['dry-run'] === true;
        const result = await services.catalogueAdmin.importSheet(checked.sheet, {
          dryRun,
          by: cliActor(byOption(values)),
          fileName: basename(file),
        });
        if (!dryRun) await analyze();
        print(
          `${dryRun ? '试运行，未写入 / dry run, nothing written' : '导入完成 / imported'}: ${checked.sheet.rows.length} 行 / rows`,
        );
        print(`  商品 / goods: 新增 created ${result.goodsCreated}, 更新 updated ${result.goodsUpdated}`);
        print(`  SKU: 新增 created ${result.skusCreated}, 更新 updated ${result.skusUpdated}`);
        print(
          `  品牌 / brands created ${result.brandsCreated}, 分类 / categories created ${result.categoriesCreated}`,
        );
        print(`  价格 / prices: 设置 set ${result.pricesSet}, 删除 removed ${result.pricesRemoved}`);
      } catch (error) {
        if (error instanceof ImportRejectedError) for (const line of error.errors) printError(line);
        throw error;
      }
    },
  },
  'goods:shelf': {
    summary: '商品上架或下架 / put goods on or off the shelf',
    usage: 'goods:shelf (--code CODE [--code …] | --id ID [--id …]) (--on | --off)',
    options: {
      code: { type: 'string', multiple: true },
      id: { type: 'string', multiple: true },
      on: { type: 'boolean' },
      off: { type: 'boolean' },
    },
    async run({ values, open, print }) {
      const codes = listOption(values.code)
        .map((c) => c.trim())
        .filter(Boolean);
      const ids = listOption(values.id);
      if (values.on === values.off)
        throw new UsageError('请指定 --on 或 --off 之一 / give exactly one of --on, --off');
      if (codes.length > 0 === ids.length > 0)
        throw new UsageError('请用 --code 或 --id 指定商品（二选一）/ name goods by --code or by --id');
      const by = codes.length > 0 ? { codes } : { ids: ids.map((id) => countOption('id', id, 1)) };
      const onFlag = values.on === true;
      const { services } = await open();
      const result = await services.catalogueAdmin.setShelf(by, onFlag);
      print(
        `${onFlag ? '已上架 / on shelf' : '已下架 / off shelf'}: ${result.goods.length} 个商品 / goods (${result.changed} 个有变化 / changed)`,
      );
      for (const g of result.goods) print(`  ${g.code}  ${g.name}`);
    },
  },
};
