import {
  SupplierPaths,
  supplierApplicationRequestSchema,
  supplierApplicationResponseSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { SUPPLIER_APPLICATION_LIMIT, type SupplierService } from './supplier.service';

/** The supplier area's call: the application form of 成为供应商 / Become a supplier. */
export const supplierRoutes: FastifyPluginAsyncZod<{ supplier: SupplierService }> = async (
  app,
  { supplier },
) => {
  app.post(
    SupplierPaths.submitApplication,
    {
      schema: {
        tags: ['supplier'],
        summary: '提交供应商申请',
        description:
          '无需登录；需图片验证码（captchaId、captchaCode，来自 captcha/），缺少返回 SmsNeedImageVerify 403，错误返回 ImageVerifyFailed 404。' +
          `同一客户端地址每小时最多 ${SUPPLIER_APPLICATION_LIMIT.perAddress} 次（先计数再校验），超过返回 429。` +
          'lang 为 zh 或 en，确认语与错误信息按此语言返回；字段错误的信息为中英双语。',
        body: supplierApplicationRequestSchema,
        response: responses(supplierApplicationResponseSchema),
      },
    },
    async (request) => {
      const data = await supplier.submit(request.body, request.ip);
      return ok(data, data.confirmation);
    },
  );
};
