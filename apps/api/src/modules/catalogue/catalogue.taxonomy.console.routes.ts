import fastifyMultipart from '@fastify/multipart';
import {
  AdminTaxonomyPaths,
  adminBrandInitialRequestSchema,
  adminBrandInitialResponseSchema,
  adminBrandListRequestSchema,
  adminBrandListResponseSchema,
  adminBrandSaveRequestSchema,
  adminBrandSchema,
  adminCategoryMoveRequestSchema,
  adminCategoryResponseSchema,
  adminCategorySaveRequestSchema,
  adminCategoryTreeResponseSchema,
  adminIdRequestSchema,
  adminIdResponseSchema,
  adminUploadedImageSchema,
  emptyRequestSchema,
  Permission,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { IMAGE_UPLOAD_LIMITS, readImageForm } from '../../lib/image-upload';
import { staffActor, staffSecurity } from '../../plugins/staff-auth';
import type { CatalogueTaxonomyService } from './catalogue.taxonomy';

const tags = ['admin'];

/** A stored upload: the media module's storeUpload, given by services.ts (modules never import each other). */
export type StoreCatalogueImage = (
  bytes: Buffer,
  prefix: string,
) => Promise<{ path: string; width: number; height: number }>;

/** The console's 品牌 and 分类 (catalogue.edit; contracts/admin-taxonomy.ts). */
export const catalogueTaxonomyConsoleRoutes: FastifyPluginAsyncZod<{
  taxonomy: CatalogueTaxonomyService;
  storeImage: StoreCatalogueImage;
}> = async (app, { taxonomy, storeImage }) => {
  await app.register(fastifyMultipart, IMAGE_UPLOAD_LIMITS);
  const edit = { onRequest: app.staffGuard(Permission.catalogueEdit) };

  app.post(
    AdminTaxonomyPaths.brandList,
    {
      ...edit,
      schema: {
        tags,
        summary: '品牌列表',
        description:
          '按首字母分组（中文名取拼音首字母）再按名称排序，与商城品牌页的顺序相同；keyword 匹配中英文名称。',
        security: staffSecurity,
        body: adminBrandListRequestSchema,
        response: responses(adminBrandListResponseSchema),
      },
    },
    async (request) => ok(await taxonomy.brandList(request.body)),
  );

  app.post(
    AdminTaxonomyPaths.brandSave,
    {
      ...edit,
      schema: {
        tags,
        summary: '新建或修改品牌',
        description:
          '不带 id 为新建。首字母由名称得出（中文取拼音首字母，其他为 #）；改名时该品牌商品的搜索词随之更新。标志与横幅须为上传后得到的路径。',
        security: staffSecurity,
        body: adminBrandSaveRequestSchema,
        response: responses(adminBrandSchema),
      },
    },
    async (request) => {
      const saved = await taxonomy.saveBrand(request.body, staffActor(request));
      const [row] = (await taxonomy.brandList({ pageNo: 1, pageSize: 1, keyword: saved.name })).items.filter(
        (b) => b.id === saved.id,
      );
      return ok(row ?? { ...saved, goodsCount: 0 }, request.body.id ? '品牌已保存' : '品牌已创建');
    },
  );

  app.post(
    AdminTaxonomyPaths.brandDelete,
    {
      ...edit,
      schema: {
        tags,
        summary: '删除品牌',
        description: '只能删除没有商品的品牌。',
        security: staffSecurity,
        body: adminIdRequestSchema,
        response: responses(adminIdResponseSchema),
      },
    },
    async (request) => ok(await taxonomy.deleteBrand(request.body.id, staffActor(request)), '品牌已删除'),
  );

  app.post(
    AdminTaxonomyPaths.brandInitial,
    {
      ...edit,
      schema: {
        tags,
        summary: '品牌首字母',
        description: '名称在商城品牌页所属的分组：A–Z，中文取拼音首字母，其他为 #。',
        security: staffSecurity,
        body: adminBrandInitialRequestSchema,
        response: responses(adminBrandInitialResponseSchema),
      },
    },
    async (request) => ok({ initial: taxonomy.brandInitial(request.body.name) }),
  );

  app.post(
    AdminTaxonomyPaths.brandUpload,
    {
      ...edit,
      schema: {
        tags,
        summary: '上传品牌或分类图片',
        description:
          'multipart/form-data，图片放在 image 字段：JPEG、PNG、WebP 或 GIF（按文件内容判断），最多 5 MB、2000 万像素；' +
          '图片会重新编码并去掉拍摄信息。返回的 path 用于保存品牌的标志、横幅或分类图片。',
        security: staffSecurity,
        consumes: ['multipart/form-data'],
        response: responses(adminUploadedImageSchema),
      },
    },
    async (request) => {
      const { bytes } = await readImageForm(request);
      const stored = await storeImage(bytes, 'brand');
      return ok({ path: stored.path, width: stored.width, height: stored.height }, '已上传');
    },
  );

  app.post(
    AdminTaxonomyPaths.categoryTree,
    {
      ...edit,
      schema: {
        tags,
        summary: '分类树',
        description: '三级分类，同级按顺序；goodsCount 为直接归在该分类的商品数（含下架）。',
        security: staffSecurity,
        body: emptyRequestSchema,
        response: responses(adminCategoryTreeResponseSchema),
      },
    },
    async () => ok({ items: await taxonomy.tree() }),
  );

  app.post(
    AdminTaxonomyPaths.categorySave,
    {
      ...edit,
      schema: {
        tags,
        summary: '新建或修改分类',
        description:
          '不带 id 为新建，parentId 为上级（不填为一级分类），排在同级最后；最多三级，同一级下名称不能重复。改名时其下商品的搜索词随之更新。',
        security: staffSecurity,
        body: adminCategorySaveRequestSchema,
        response: responses(adminCategoryResponseSchema),
      },
    },
    async (request) =>
      ok(
        await taxonomy.saveCategory(request.body, staffActor(request)),
        request.body.id ? '分类已保存' : '分类已创建',
      ),
  );

  app.post(
    AdminTaxonomyPaths.categoryMove,
    {
      ...edit,
      schema: {
        tags,
        summary: '移动分类',
        description:
          '把分类连同其下级移到 parentId 下（null 为一级），排在同级的第 index 位（从 0 起）。移动后不能超过三级，也不能移到自己的下级。',
        security: staffSecurity,
        body: adminCategoryMoveRequestSchema,
        response: responses(adminCategoryResponseSchema),
      },
    },
    async (request) => ok(await taxonomy.moveCategory(request.body, staffActor(request)), '分类已移动'),
  );

  app.post(
    AdminTaxonomyPaths.categoryDelete,
    {
      ...edit,
      schema: {
        tags,
        summary: '删除分类',
        description: '只能删除没有下级分类、也没有商品的分类。',
        security: staffSecurity,
        body: adminIdRequestSchema,
        response: responses(adminCategoryResponseSchema),
      },
    },
    async (request) => ok(await taxonomy.deleteCategory(request.body.id, staffActor(request)), '分类已删除'),
  );
};
