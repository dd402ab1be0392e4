import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ADMIN_API_PREFIX, type StaffSessionState } from './staff-auth';

export const DOCS_PREFIX = '/api/docs';

/** The tag and the security scheme of the console's calls, shown to signed-in staff only. */
const CONSOLE_TAG = 'admin';
const CONSOLE_SECURITY = 'staffBearer';

const BEARER = /^Bearer[ ]+([^\s]+)[ ]*$/i;

export interface OpenapiPluginOptions {
  /** A bearer token's live staff session, or null (the staff module's, as the console's guard uses it). */
  staffSession: (token: string) => Promise<StaffSessionState | null>;
}

type OpenapiDocument = {
  paths?: Record<string, unknown>;
  tags?: { name: string }[];
  components?: { securitySchemes?: Record<string, unknown> };
};

/** The storefront's part of the document: the console's paths, tag and security scheme taken out. */
export function storefrontDocument<T extends OpenapiDocument>(document: T): T {
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).filter(([path]) => !path.startsWith(ADMIN_API_PREFIX)),
  );
  const { [CONSOLE_SECURITY]: _console, ...schemes } = document.components?.securitySchemes ?? {};
  return {
    ...document,
    paths,
    tags: document.tags?.filter((tag) => tag.name !== CONSOLE_TAG),
    components: { ...document.components, securitySchemes: schemes },
  };
}

/**
 * OpenAPI generated from the routes' zod schemas (docs/design.md 'The API contract'): UI at /api/docs,
 * the document at /api/docs/json (and /yaml). The console's calls (/api/adminService/) are described only to a
 * request that carries a live staff token with no gate shut (`Authorization: Bearer <staff token>`, as the
 * console sends it); anyone else reads the storefront's part. Must be registered before the routes it documents.
 */
export const openapiPlugin = fp<OpenapiPluginOptions>(
  async (app, options) => {
    /** The document requests made by signed-in staff (set by the docs' onRequest hook). */
    const staffReaders = new WeakSet<FastifyRequest>();
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
    await app.register(fastifySwaggerUi, {
      routePrefix: DOCS_PREFIX,
      uiHooks: {
        onRequest: async (request) => {
          const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
          const session = token ? await options.staffSession(token) : null;
          if (session && !session.mustChangePassword && !session.totpSetupRequired) staffReaders.add(request);
        },
      },
      transformSpecification: (document, request, reply) => {
        // One answer for staff and another for strangers: no shared cache may keep either.
        reply.header('cache-control', 'private, no-store').header('vary', 'Authorization');
        return staffReaders.has(request) ? document : storefrontDocument(document as OpenapiDocument);
      },
    });
  },
  { name: 'openapi' },
);
