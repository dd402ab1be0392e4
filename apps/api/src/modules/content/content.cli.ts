import { TemplateName } from '@shop/domain';
import { notFoundError } from '../../lib/app-error';
import type { CliCommand } from '../../lib/cli-command';
import { jsonFileOption, type OptionValues, requiredText, UsageError } from '../../lib/cli-options';
import type { ContentAdminService } from './content.admin';
import { ContentMessages } from './content.service';

/**
 * Operator commands for the page templates (spec §3 'Home page info', 'General state'): the home page's
 * blocks, the footer and contact details (basic), and the goods-sort shortcuts. An operator reads one out as JSON,
 * edits it and puts it back; it is checked before it is stored. The bank accounts members transfer to are not
 * part of the basic template as stored: bank-accounts:show and bank-accounts:put (the deposit module) hold them.
 */

const NAMES = Object.values(TemplateName);

function templateName(values: OptionValues): TemplateName {
  const name = requiredText(values, 'name');
  if (!(NAMES as string[]).includes(name))
    throw new UsageError(`--name: 须为 ${NAMES.join('、')} 之一 / one of ${NAMES.join(', ')}`);
  return name as TemplateName;
}

/** What these commands use of the shop's services. */
type Uses = { contentAdmin: ContentAdminService };

export const contentCommands: Record<string, CliCommand<Uses>> = {
  'template:show': {
    summary:
      '以 JSON 输出页面模板（home、basic、goodsSort、supplier、supplierEn）/ print a page template as JSON',
    usage: 'template:show --name basic > basic.json',
    options: { name: { type: 'string' } },
    async run({ values, open, print }) {
      const name = templateName(values);
      const { services } = await open();
      // As stored, so that what is printed can be put back as it is.
      const { published } = await services.contentAdmin.template(name);
      if (published === null) throw notFoundError(ContentMessages.templateNotFound);
      print(JSON.stringify(published, null, 2));
    },
  },
  'template:put': {
    summary: '检查并保存页面模板（如 basic 的联系方式）/ check and store a page template',
    usage: 'template:put --name basic --file basic.json',
    options: { name: { type: 'string' }, file: { type: 'string' } },
    async run({ values, open, print }) {
      const name = templateName(values);
      const value = await jsonFileOption(values);
      const { services } = await open();
      await services.contentAdmin.putTemplate(name, value, { replace: true });
      print(`已保存模板 / stored template: ${name}`);
    },
  },
};
