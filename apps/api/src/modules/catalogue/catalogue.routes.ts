import {
  brandByCatalogRequestSchema,
  brandByCatalogResponseSchema,
  brandDetailRequestSchema,
  brandDetailSchema,
  brandListRequestSchema,
  brandListResponseSchema,
  CataloguePaths,
  catalogListRequestSchema,
  catalogListResponseSchema,
  exportGoodsPriceRequestSchema,
  exportGoodsSkuDataRequestSchema,
  exportQuickOrderRequestSchema,
  goodsDetailRequestSchema,
  goodsDetailSchema,
  goodsListRequestSchema,
  goodsListResponseSchema,
  goodsLocationCountsRequestSchema,
  goodsLocationCountsResponseSchema,
  QUICK_ORDER_EXPORT_MAX,
  quickOrderListRequestSchema,
  quickOrderListResponseSchema,
} from '@shop/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { cachedJson, type ReadCache } from '../../lib/read-cache';
import { xlsxResponses as fileResponses, sendXlsx as sendFile } from '../../lib/xlsx-reply';
import { requireMember } from '../../plugins/auth';
import { EXPORT_LIMIT } from './catalogue.exports';
import type { CatalogueService } from './catalogue.service';

const bearer = [{ bearerAuth: [] }];

// Either anonymous or with a token: the token only changes the prices shown.
const optionalBearer: Record<string, string[]>[] = [{}, { bearerAuth: [] }];

/**
 * The goods and brand calls of spec §7 'Goods and brands'. Public calls read an optional bearer token:
 * a member sees the prices of their level, anyone else those of the default level 37 (spec §6).
 */
export const catalogueRoutes: FastifyPluginAsyncZod<{
  catalogue: CatalogueService;
  /** The process's catalogue read cache; null when turned off (CATALOGUE_CACHE_MB=0). */
  cache: ReadCache | null;
}> = async (app, { catalogue, cache }) => {
  /**
   * The answer of a catalogue read, from the cache when this process has it: keyed by the call, the caller's
   * price level and the validated body (defaults filled in), kept as the bytes the route's own serializer made.
   */
  const cached = async <T>(
    reply: FastifyReply,
    key: { path: string; level: number; body: unknown },
    read: () => Promise<T>,
  ) => {
    const body = await cachedJson(
      cache,
      reply,
      `${key.path} ${key.level} ${JSON.stringify(key.body)}`,
      async () => ok(await read()),
    );
    return reply.type('application/json; charset=utf-8').send(body);
  };

  app.post(
    CataloguePaths.goodsList,
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags: ['goods'],
        summary: '商品列表',
        description:
          '只列出上架且有可售规格的商品（全部规格不可售的商品不列出）。cateId 包含全部子分类；location 为 0 表示全部仓库；' +
          'keyword 匹配中文名片段、英文名（容错拼写）和品牌名。综合排序先列可购买的商品，带搜索词时再按匹配度。' +
          'orderByTendency 作用于价格、销量、新品排序；价格排序比较列表所显示规格（第一个可购买的规格）在 currency 币种下的价格，' +
          '只有另一币种价格的按存储的汇率折算，没有价格的排在最后。' +
          '价格为调用者会员等级的价格（未登录为37级），单位元。pageSize 最大100。',
        security: optionalBearer,
        body: goodsListRequestSchema,
        response: responses(goodsListResponseSchema),
      },
    },
    async (request, reply) => {
      const level = await catalogue.priceLevel(request.member);
      return cached(reply, { path: CataloguePaths.goodsList, level, body: request.body }, () =>
        catalogue.listGoods(request.body, level),
      );
    },
  );

  app.post(
    CataloguePaths.goodsLocationCounts,
    {
      schema: {
        tags: ['goods'],
        summary: '各仓库商品数',
        description:
          '按商品列表的筛选条件（cateId 含全部子分类、brandId、keyword；不含仓库）统计每个仓库列出的商品数，' +
          '与 goods/list/ 的 totalCount 同一口径；没有商品的仓库不列出。totalCount 为全部仓库合计。',
        body: goodsLocationCountsRequestSchema,
        response: responses(goodsLocationCountsResponseSchema),
      },
    },
    // Counts are the same for every caller: one cache entry per filter, dropped with the catalogue's (ADR 022).
    async (request, reply) => {
      const { websiteId: _websiteId, ...filters } = request.body;
      return cached(reply, { path: CataloguePaths.goodsLocationCounts, level: 0, body: filters }, () =>
        catalogue.locationCounts(filters),
      );
    },
  );

  app.post(
    CataloguePaths.goodsDetail,
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags: ['goods'],
        summary: '商品详情',
        description:
          '按商品编号或 SKU 编号查询；下架商品也返回（onFlag 为 false）。audPrices/cnyPrices 按会员等级给出全部价格。',
        security: optionalBearer,
        body: goodsDetailRequestSchema,
        response: responses(goodsDetailSchema),
      },
    },
    async (request, reply) => {
      const level = await catalogue.priceLevel(request.member);
      return cached(reply, { path: CataloguePaths.goodsDetail, level, body: request.body }, () =>
        catalogue.goodsDetail(request.body, level),
      );
    },
  );

  app.post(
    CataloguePaths.catalogList,
    {
      schema: {
        tags: ['goods'],
        summary: '商品分类树',
        description: '返回根分类，子分类嵌套在 children 中，同级按排序值再按编号排列。',
        body: catalogListRequestSchema,
        response: responses(catalogListResponseSchema),
      },
    },
    async (_request, reply) =>
      cached(reply, { path: CataloguePaths.catalogList, level: 0, body: null }, () =>
        catalogue.categoryTree(),
      ),
  );

  app.post(
    CataloguePaths.brandList,
    {
      schema: {
        tags: ['brand'],
        summary: '品牌列表',
        description: '按首字母（中文取拼音首字母，# 在最后）再按名称排序，附上架商品数。',
        body: brandListRequestSchema,
        response: responses(brandListResponseSchema),
      },
    },
    async (request, reply) =>
      cached(reply, { path: CataloguePaths.brandList, level: 0, body: request.body.keyword ?? null }, () =>
        catalogue.listBrands(request.body.keyword),
      ),
  );

  app.post(
    CataloguePaths.brandByCatalog,
    {
      schema: {
        tags: ['brand'],
        summary: '按分类列出品牌',
        description:
          '不带 cateId 时返回每个根分类下有上架商品的品牌（没有品牌的根分类不列出）；带 cateId 时只返回该分类及其子分类下的品牌。goodsCount 为该分类范围内的上架商品数。',
        body: brandByCatalogRequestSchema,
        response: responses(brandByCatalogResponseSchema),
      },
    },
    async (request, reply) =>
      cached(
        reply,
        { path: CataloguePaths.brandByCatalog, level: 0, body: request.body.cateId ?? null },
        () => catalogue.brandsByCatalog(request.body.cateId),
      ),
  );

  app.post(
    CataloguePaths.brandDetail,
    {
      schema: {
        tags: ['brand'],
        summary: '品牌详情',
        body: brandDetailRequestSchema,
        response: responses(brandDetailSchema),
      },
    },
    async (request, reply) =>
      cached(reply, { path: CataloguePaths.brandDetail, level: 0, body: request.body.id }, () =>
        catalogue.brandDetail(request.body.id),
      ),
  );

  app.post(
    CataloguePaths.exportGoodsPrice,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['goods'],
        summary: '导出商品价格表（xlsx）',
        description:
          '需登录。导出符合筛选条件的上架商品的每个 SKU 在所选币种下的会员价；没有该币种价格的单元格为空。最多 20000 行。' +
          `每位会员每分钟最多导出 ${EXPORT_LIMIT.perMember} 次（两种导出合计），超过返回 429。`,
        security: bearer,
        body: exportGoodsPriceRequestSchema,
        response: fileResponses,
      },
    },
    async (request, reply) =>
      sendFile(reply, await catalogue.exportGoodsPrice(requireMember(request), request.body)),
  );

  app.post(
    CataloguePaths.exportGoodsSkuData,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['goods'],
        summary: '导出 SKU 数据（xlsx）',
        description:
          '需登录。导出符合筛选条件的上架商品的 SKU 编号、规格、状态、库存和重量。最多 20000 行。' +
          `每位会员每分钟最多导出 ${EXPORT_LIMIT.perMember} 次（两种导出合计），超过返回 429。`,
        security: bearer,
        body: exportGoodsSkuDataRequestSchema,
        response: fileResponses,
      },
    },
    async (request, reply) =>
      sendFile(reply, await catalogue.exportGoodsSkuData(requireMember(request), request.body)),
  );

  app.post(
    CataloguePaths.quickOrderList,
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags: ['goods'],
        summary: '快速订货：全部上架 SKU',
        description:
          '一次返回全部上架商品的可售 SKU（不可售的不列出），按商店的商品顺序；价格为调用者会员等级的价格（未登录为37级），单位元。' +
          'categoryIds 为商品分类及其上级分类（根在前）。version 为读取时的商品目录版本：目录不变时同一等级的结果直接取自内存。',
        security: optionalBearer,
        body: quickOrderListRequestSchema,
        response: responses(quickOrderListResponseSchema),
      },
    },
    async (request) => ok(await catalogue.quickOrderList(await catalogue.priceLevel(request.member))),
  );

  app.post(
    CataloguePaths.exportQuickOrder,
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags: ['goods'],
        summary: '导出快速订货表（xlsx）',
        description:
          `按给出的顺序导出 SKU（最多 ${QUICK_ORDER_EXPORT_MAX} 行）及订购数量，价格为调用者会员等级的两种币种价格；已下架或不存在的 SKU 不导出。` +
          `每位会员（未登录按来源地址）每分钟最多导出 ${EXPORT_LIMIT.perMember} 次，超过返回 429。`,
        security: optionalBearer,
        body: exportQuickOrderRequestSchema,
        response: fileResponses,
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await catalogue.exportQuickOrder(
          request.member ? { auth: request.member, ip: request.ip } : { auth: null, ip: request.ip },
          request.body.items,
        ),
      ),
  );
};
