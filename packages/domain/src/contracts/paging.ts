import { z } from 'zod';
import '../zod-locale';

/** A console list's page number (first page by default). */
export const consolePageNo = z
  .number({ error: '页码须为整数' })
  .int('页码须为整数')
  .min(1, '页码须大于0')
  .default(1);
/** A console list's page size: 20 by default, at most 100. */
export const consolePageSize = z
  .number({ error: '每页条数须为整数' })
  .int('每页条数须为整数')
  .min(1, '每页至少1条')
  .max(100, '每页最多100条')
  .default(20);
