import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

/**
 * OpenAPI generated from the routes' zod schemas (docs/design.md 'The API contract'): UI at /api/docs,
 * the document at /api/docs/json. Must be registered before the routes it documents.
 */
export const openapiPlugin = fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: '商城 API',
          description:
            '会员制批发商城的接口（规格第7节）。所有响应都是 { success, resultCode, message, data }；' +
            '失败时 success 为 false，resultCode 取自规格第8节的错误码。',
          version: '0.1.0',
        },
        tags: [
          { name: 'member', description: '会员：注册、登录、资料与密码' },
          { name: 'captcha', description: '图形验证码' },
          { name: 'system', description: '运行状态' },
          { name: 'goods', description: '商品：列表、详情、分类与价格导出' },
          { name: 'brand', description: '品牌' },
          { name: 'content', description: '内容：页面模板与文章' },
          {
            name: 'admin',
            description:
              '员工后台（/api/adminService/）：员工登录、会话、员工账号与操作日志；使用员工令牌，会员令牌无效',
          },
        ],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', description: '登录或注册返回的令牌' },
            staffBearer: {
              type: 'http',
              scheme: 'bearer',
              description: '员工登录（adminService/staff/login/）返回的令牌，12小时有效',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
  },
  { name: 'openapi' },
);
