import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  addressSchema,
  afterSaleDetailSchema,
  brandSchema,
  cartLineSchema,
  categoryNodeSchema,
  goodsDetailSchema,
  goodsListItemSchema,
  memberSchema,
  orderBeanSchema,
  orderDetailSchema,
  orderItemSchema,
  orderSummarySchema,
  pickupPointSchema,
  priceBreakSchema,
  quoteDetailSchema,
  skuDetailSchema,
  skuSchema,
} from '@shop/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { ADMIN_API_PREFIX, type StaffSessionState } from './staff-auth';

export const DOCS_PREFIX = '/api/docs';

/** The tag and the security scheme of the console's calls, shown to signed-in staff only. */
const CONSOLE_TAG = 'admin';
const CONSOLE_SECURITY = 'staffBearer';

const BEARER = /^Bearer[ ]+([^\s]+)[ ]*$/i;

/**
 * The shapes many storefront calls share, written once under components.schemas and referred to by $ref (their
 * own registry, so the answers' serializers, built from the same schemas, are not touched).
 */
const SHARED_SHAPES: Record<string, ZodType> = {
  Sku: skuSchema,
  SkuDetail: skuDetailSchema,
  PriceBreak: priceBreakSchema,
  GoodsListItem: goodsListItemSchema,
  GoodsDetail: goodsDetailSchema,
  CategoryNode: categoryNodeSchema,
  Brand: brandSchema,
  CartLine: cartLineSchema,
  Address: addressSchema,
  PickupPoint: pickupPointSchema,
  OrderItem: orderItemSchema,
  OrderBean: orderBeanSchema,
  OrderSummary: orderSummarySchema,
  OrderDetail: orderDetailSchema,
  Member: memberSchema,
  QuoteDetail: quoteDetailSchema,
  AfterSaleDetail: afterSaleDetailSchema,
};
const sharedShapes = z.registry<{ id: string }>();
for (const [id, schema] of Object.entries(SHARED_SHAPES)) sharedShapes.add(schema, { id });

/**
 * An operation's id from its path and method: '/api/goodsService/goods/list/' → 'goodsServiceGoodsList'; a
 * method other than POST ends it ('…Get'). Unique across the document (openapi-contract.test.ts).
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/:{}\-_.]+/)
    .filter(Boolean);
  const [first = 'root', ...rest] = words;
  const id = [first, ...rest.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join('');
  return method.toUpperCase() === 'POST'
    ? id
    : `${id}${method.charAt(0).toUpperCase()}${method.slice(1).toLowerCase()}`;
}

const toJsonSchemas = createJsonSchemaTransform({ schemaRegistry: sharedShapes });
const withComponents = createJsonSchemaTransformObject({ schemaRegistry: sharedShapes });

/**
 * The document's components with only the shapes something refers to: the registry writes each shape twice (as a
 * request's input and an answer's output), and most are only ever answers.
 */
export function withoutUnusedShapes<T extends { components?: { schemas?: Record<string, unknown> } }>(
  doc: T,
): T {
  const schemas = doc.components?.schemas ?? {};
  const { components: _components, ...rest } = doc;
  const used = new Set<string>();
  let text = JSON.stringify(rest);
  for (let grew = true; grew; ) {
    grew = false;
    for (const name of Object.keys(schemas))
      if (!used.has(name) && text.includes(`"#/components/schemas/${name}"`)) {
        used.add(name);
        text += JSON.stringify(schemas[name]);
        grew = true;
      }
  }
  return {
    ...doc,
    components: {
      ...doc.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([n]) => used.has(n))),
    },
  };
}

export interface OpenapiPluginOptions {
  /** A bearer token's live staff session, or null (the staff module's, as the console's guard uses it). */
  staffSession: (token: string) => Promise<StaffSessionState | null>;
}

type OpenapiDocument = {
  paths?: Record<string, unknown>;
  tags?: { name: string }[];
  components?: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, unknown> };
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
          { name: 'address', description: '收货与发货地址、地址库与智能识别' },
          { name: 'cart', description: '购物车：加购、批量、粘贴订货与汇总' },
          { name: 'savedList', description: '常购清单' },
          { name: 'checkout', description: '结算：包裹、运费、促销与赠品' },
          { name: 'order', description: '订单：下单、列表、详情、取消、收货、物流与装箱单' },
          { name: 'aftersale', description: '售后：退款、退货退款与换货申请' },
          { name: 'payment', description: '支付：余额、在线支付与充值' },
          { name: 'payment-channel', description: '支付渠道的异步通知（由渠道调用）' },
          { name: 'sandbox-pay', description: '沙箱支付渠道（仅测试与演示环境开启）' },
          { name: 'wechat', description: '微信扫码登录与绑定' },
          { name: 'sandbox-wechat', description: '沙箱微信开放平台（仅测试与演示环境开启）' },
          { name: 'tracking-channel', description: '物流跟踪服务的推送（由快递100等调用）' },
          { name: 'sandbox-tracking', description: '沙箱物流跟踪服务（仅测试与演示环境开启）' },
          { name: 'message', description: '站内消息' },
          { name: 'ticket', description: '客服工单' },
          { name: 'company', description: '公司账户：成员、审批、额度与账期' },
          { name: 'quote', description: '询价与报价' },
          { name: 'supplier', description: '供应商入驻申请' },
          { name: 'media', description: '图片' },
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
      transform: (document) => {
        const out = toJsonSchemas(document);
        const schema = out.schema as { hide?: boolean; operationId?: string } | undefined;
        const method = [document.route.method].flat()[0] ?? 'GET';
        if (schema && !schema.hide && !schema.operationId)
          schema.operationId = operationIdOf(method, document.url);
        return out;
      },
      transformObject: (document) => {
        const full = withComponents(document);
        return {
          ...full,
          components: withoutUnusedShapes(full as OpenapiDocument).components,
        } as typeof full;
      },
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
