import {
  type AdminPromotion,
  AdminPromotionPaths,
  type AdminPromotionSku,
  adminPromotionActiveRequestSchema,
  adminPromotionListRequestSchema,
  adminPromotionListResponseSchema,
  adminPromotionSaveRequestSchema,
  adminPromotionSchema,
  adminPromotionSkusRequestSchema,
  adminPromotionSkusResponseSchema,
  formatAmount,
  Permission,
  PromotionMethod,
  promotionMethodLabel,
  promotionState,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paramsError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { ok, responses } from '../lib/envelope';
import type { CataloguePicker } from '../modules/catalogue';
import type { CheckoutAdminService, PromotionRow } from '../modules/checkout';
import { staffActor, staffSecurity } from '../plugins/staff-auth';

const tags = ['admin'];

/**
 * The console's 促销 (settings.money; contracts/admin-promotions.ts): the checkout module's promotions, with the
 * catalogue's SKUs and goods to pick and to name them by. The same checks as `promotion:create`.
 */
export const promotionConsoleRoutes: FastifyPluginAsyncZod<{
  checkoutAdmin: CheckoutAdminService;
  picker: CataloguePicker;
  clock: Clock;
}> = async (app, { checkoutAdmin, picker, clock }) => {
  const guard = { onRequest: app.staffGuard(Permission.settingsMoney) };

  /** Promotions as the console shows them, their SKUs and gift named in two queries for the whole page. */
  async function views(rows: readonly PromotionRow[]): Promise<AdminPromotion[]> {
    const skuIds = [...new Set(rows.flatMap((p) => [...p.skuIds, ...p.pairSkuIds]))];
    const giftIds = [...new Set(rows.flatMap((p) => (p.giftGoodsId === null ? [] : [p.giftGoodsId])))];
    const [skus, gifts] = await Promise.all([picker.skusByIds(skuIds), picker.goodsNames(giftIds)]);
    const byId = new Map(skus.map((s) => [s.skuId, s]));
    const named = (ids: readonly number[]) =>
      ids.map(
        (id): AdminPromotionSku =>
          byId.get(id) ?? {
            skuId: id,
            skuCode: `#${id}`,
            goodsId: 0,
            goodsName: '（已删除的 SKU）',
            spec: '',
            warehouseName: '',
          },
      );
    const now = clock();
    return rows.map((p) => {
      const window = {
        active: p.active,
        startsAt: p.startsAt?.toISOString() ?? null,
        endsAt: p.endsAt?.toISOString() ?? null,
      };
      return {
        id: p.id,
        name: p.name,
        method: p.method,
        methodLabel: promotionMethodLabel(p.method),
        currency: p.currency as 'AUD' | 'CNY',
        threshold: formatAmount(p.threshold),
        reduce: formatAmount(p.reduce),
        discountPercent: p.discountPercent,
        skus: named(p.skuIds),
        pairSkus: named(p.pairSkuIds),
        gift:
          p.giftGoodsId === null
            ? null
            : { goodsId: p.giftGoodsId, goodsName: gifts.get(p.giftGoodsId) ?? '（已删除的商品）' },
        stackable: p.stackable,
        priority: p.priority,
        ...window,
        state: promotionState(window, now),
        createTime: p.createdAt.toISOString(),
      };
    });
  }

  app.post(
    AdminPromotionPaths.list,
    {
      ...guard,
      schema: {
        tags,
        summary: '促销列表',
        description:
          '最新的在前。state：running 进行中、scheduled 未开始、ended 已过结束时间、stopped 已停用；method 为促销方式 0-4。金额为元（两位小数）。',
        security: staffSecurity,
        body: adminPromotionListRequestSchema,
        response: responses(adminPromotionListResponseSchema),
      },
    },
    async (request) => {
      const { pageNo, pageSize, state, method } = request.body;
      const page = await checkoutAdmin.pagePromotions({ state, method }, clock(), {
        limit: pageSize,
        offset: (pageNo - 1) * pageSize,
      });
      return ok({ items: await views(page.rows), totalCount: page.total });
    },
  );

  app.post(
    AdminPromotionPaths.save,
    {
      ...guard,
      schema: {
        tags,
        summary: '新建或修改促销',
        description:
          '不带 id 为新建；名称不能与未停用的促销相同（忽略空格、全角半角与大小写）。满减须有减免金额；同币种的满减每单只享一个（对买家最优的，相同时 priority 大者优先），stackable 为 true 的满减可与之同享；折扣、再买优惠、搭配优惠须有折扣（实付百分比 1-99）；搭配优惠须有搭配 SKU；满赠须有赠品商品。' +
          'skuIds 为空表示全部 SKU。结算每次都重新读取促销，修改对之后的结算生效，已下的订单不变。',
        security: staffSecurity,
        body: adminPromotionSaveRequestSchema,
        response: responses(adminPromotionSchema),
      },
    },
    async (request) => {
      const body = request.body;
      // Every SKU and the gift must exist: a promotion naming nothing would never apply and nobody would know why.
      const wanted = [...new Set([...body.skuIds, ...body.pairSkuIds])];
      const found = new Set((await picker.skusByIds(wanted)).map((s) => s.skuId));
      const missing = wanted.filter((id) => !found.has(id));
      if (missing.length > 0) throw paramsError(`SKU 不存在：${missing.join('、')}`);
      if (
        body.giftGoodsId !== undefined &&
        !(await picker.goodsNames([body.giftGoodsId])).has(body.giftGoodsId)
      )
        throw paramsError('赠品商品不存在');
      const saved = await checkoutAdmin.savePromotion(
        {
          id: body.id,
          name: body.name,
          method: body.method,
          currency: body.currency,
          threshold: body.threshold || undefined,
          reduce: body.method === PromotionMethod.AmountOfReduction ? body.reduce || undefined : undefined,
          discountPercent: body.discountPercent,
          skuIds: body.skuIds,
          pairSkuIds: body.pairSkuIds,
          giftGoodsId: body.giftGoodsId,
          stackable: body.stackable,
          priority: body.priority,
          startsAt: body.startsAt ? new Date(body.startsAt) : undefined,
          endsAt: body.endsAt ? new Date(body.endsAt) : undefined,
        },
        staffActor(request),
      );
      const [view] = await views([saved]);
      return ok(view as AdminPromotion, body.id ? '促销已保存' : '促销已创建');
    },
  );

  app.post(
    AdminPromotionPaths.active,
    {
      ...guard,
      schema: {
        tags,
        summary: '停用或启用促销',
        description: '停用后结算立即不再应用；启用后在有效期内重新应用。',
        security: staffSecurity,
        body: adminPromotionActiveRequestSchema,
        response: responses(adminPromotionSchema),
      },
    },
    async (request) => {
      const { id, active } = request.body;
      const { promotion, changed } = await checkoutAdmin.setPromotionActive(id, active, staffActor(request));
      const [view] = await views([promotion]);
      return ok(
        view as AdminPromotion,
        changed ? (active ? '促销已启用' : '促销已停用') : active ? '促销原已启用' : '促销原已停用',
      );
    },
  );

  app.post(
    AdminPromotionPaths.skus,
    {
      ...guard,
      schema: {
        tags,
        summary: '选择 SKU',
        description:
          'keyword 匹配商品中英文名称或 SKU 编码，最多返回 30 个；给 ids 时返回这些 SKU（用于显示已选的）。',
        security: staffSecurity,
        body: adminPromotionSkusRequestSchema,
        response: responses(adminPromotionSkusResponseSchema),
      },
    },
    async (request) => {
      const { keyword, ids } = request.body;
      return ok({ items: ids ? await picker.skusByIds(ids) : await picker.searchSkus(keyword || undefined) });
    },
  );
};
