import {
  AdminSellerPaths,
  emptyRequestSchema,
  Permission,
  sellerDetailsSchema,
  sellerSaveRequestSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { staffActor, staffSecurity } from '../../plugins/staff-auth';
import type { SellerService } from './seller.service';

const tags = ['admin'];

/** The console's 商家与GST (permission settings.seller: the owner; ADR 038). */
export const sellerConsoleRoutes: FastifyPluginAsyncZod<{ seller: SellerService }> = async (
  app,
  { seller },
) => {
  const guard = { onRequest: app.staffGuard(Permission.settingsSeller) };

  app.post(
    AdminSellerPaths.get,
    {
      ...guard,
      schema: {
        tags,
        summary: '商家信息与GST设置',
        description: '商家法定名称、ABN、地址，是否已登记GST，以及澳币价格是否已含GST。',
        security: staffSecurity,
        body: emptyRequestSchema,
        response: responses(sellerDetailsSchema),
      },
    },
    async () => ok(await seller.details()),
  );

  app.post(
    AdminSellerPaths.save,
    {
      ...guard,
      schema: {
        tags,
        summary: '保存商家信息与GST设置',
        description:
          'abn 为11位数字（可含空格），按ABN校验规则检查；gstRegistered 为 true 时须填写法定名称与ABN。未登记GST时全站不收GST；pricesIncludeGst 为 true 时GST已含在澳币价格中，否则另加10%。',
        security: staffSecurity,
        body: sellerSaveRequestSchema,
        response: responses(sellerDetailsSchema),
      },
    },
    async (request) => {
      const { changed, ...details } = await seller.save(request.body, staffActor(request));
      return ok(details, changed ? '已保存' : '没有变化');
    },
  );
};
