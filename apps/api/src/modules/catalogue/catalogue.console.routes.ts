import fastifyMultipart from '@fastify/multipart';
import {
  AdminGoodsPaths,
  adminGoodsDetailRequestSchema,
  adminGoodsDetailSchema,
  adminGoodsListRequestSchema,
  adminGoodsListResponseSchema,
  adminGoodsSaveRequestSchema,
  adminGoodsSaveResponseSchema,
  adminGoodsShelfRequestSchema,
  adminGoodsShelfResponseSchema,
  adminGoodsUploadFieldsSchema,
  adminGoodsUploadResponseSchema,
  Permission,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { IMAGE_UPLOAD_LIMITS, parseUploadFields, readImageForm } from '../../lib/image-upload';
import { staffActor, staffSecurity } from '../../plugins/staff-auth';
import type { CatalogueAdminService } from './catalogue.admin';
import type { GoodsEditorService } from './catalogue.goods-editor';

const tags = ['admin'];

/** The console's goods (商品, catalogue.edit; contracts/admin-goods.ts): the same functions as goods:shelf. */
export const catalogueConsoleRoutes: FastifyPluginAsyncZod<{
  catalogueAdmin: CatalogueAdminService;
  goodsEditor: GoodsEditorService;
}> = async (app, { catalogueAdmin, goodsEditor }) => {
  await app.register(fastifyMultipart, IMAGE_UPLOAD_LIMITS);
  const edit = { onRequest: app.staffGuard(Permission.catalogueEdit) };

  app.post(
    AdminGoodsPaths.list,
    {
      ...edit,
      schema: {
        tags,
        summary: '商品列表（含下架）',
        description:
          '最近修改的在前。keyword 匹配中英文名称、商品编码或 SKU 编码；categoryId 含其下级分类；onShelf 为上架状态；' +
          'stock 为 low（有按库存销售的 SKU 不多于 5 件）或 soldOut（没有可购买的 SKU）。',
        security: staffSecurity,
        body: adminGoodsListRequestSchema,
        response: responses(adminGoodsListResponseSchema),
      },
    },
    async (request) => ok(await catalogueAdmin.goodsList(request.body)),
  );

  app.post(
    AdminGoodsPaths.shelf,
    {
      ...edit,
      schema: {
        tags,
        summary: '批量上架或下架',
        description:
          '一次最多200个商品；有一个不存在时都不改变。已是该状态的商品不变，changed 为实际改变的数量。',
        security: staffSecurity,
        body: adminGoodsShelfRequestSchema,
        response: responses(adminGoodsShelfResponseSchema),
      },
    },
    async (request) => {
      const { ids, onShelf } = request.body;
      const result = await catalogueAdmin.setShelf({ ids }, onShelf, staffActor(request));
      return ok(
        {
          changed: result.changed,
          goods: result.goods.map((g) => ({ id: g.id, code: g.code, name: g.name, onShelf: g.onFlag })),
        },
        `${onShelf ? '上架' : '下架'} ${result.changed} 个商品`,
      );
    },
  );

  app.post(
    AdminGoodsPaths.detail,
    {
      ...edit,
      schema: {
        tags,
        summary: '商品详情（编辑用）',
        description:
          '名称、编码、品牌、分类（含上级）、仓库、上架状态、描述 HTML、图片（按顺序，第一张商品图为主图）、规格与 SKU；' +
          '价格为分（最小货币单位），按币种 AUD/CNY 与会员等级列出。updateTime 保存时原样带回。',
        security: staffSecurity,
        body: adminGoodsDetailRequestSchema,
        response: responses(adminGoodsDetailSchema),
      },
    },
    async (request) => ok(await goodsEditor.detail(request.body.id)),
  );

  app.post(
    AdminGoodsPaths.save,
    {
      ...edit,
      schema: {
        tags,
        summary: '新建或保存商品',
        description:
          '不带 id 为新建；带 id 时须带打开时的 updateTime，期间他人改过则不保存并提示重新加载。一个事务内保存商品、图片、' +
          'SKU 与价格（分，会员等级 37/38/39）；商品编码与 SKU 编码不能重复，规格组合不能重复；描述 HTML 去掉脚本与事件属性。' +
          '库存有改动时记入库存流水（原因“编辑商品”）。从规格表中去掉的 SKU 会删除；已有订单的改为不可售并保留（retiredSkuCodes）。',
        security: staffSecurity,
        body: adminGoodsSaveRequestSchema,
        response: responses(adminGoodsSaveResponseSchema),
      },
    },
    async (request) => {
      const saved = await goodsEditor.save(request.body, staffActor(request));
      const retired = saved.retiredSkuCodes.length
        ? `；SKU ${saved.retiredSkuCodes.join('、')} 已有订单，改为不可售并保留`
        : '';
      return ok(saved, `${request.body.id === undefined ? '商品已创建' : '商品已保存'}${retired}`);
    },
  );

  app.post(
    AdminGoodsPaths.upload,
    {
      ...edit,
      schema: {
        tags,
        summary: '上传商品图片',
        description:
          'multipart/form-data，图片放在 image 字段：JPEG、PNG、WebP 或 GIF（按文件内容判断），最多 5 MB、2000 万像素；' +
          '图片会重新编码并去掉拍摄信息。返回保存后的路径，随商品保存时放入 images。',
        security: staffSecurity,
        consumes: ['multipart/form-data'],
        response: responses(adminGoodsUploadResponseSchema),
      },
    },
    async (request) => {
      const { bytes, fields } = await readImageForm(request);
      parseUploadFields(adminGoodsUploadFieldsSchema, fields);
      return ok(await goodsEditor.upload(bytes), '已上传');
    },
  );
};
