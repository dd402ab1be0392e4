import {
  type AdminGoodsListRequest,
  type AdminGoodsListResponse,
  LOW_STOCK,
  warehouseName,
} from '@shop/domain';
import type { Database } from '../../db/client';
import * as repo from './catalogue.console-goods.repository';

/** The console's goods list (商品), a part of the catalogue's operator service (catalogue.admin.ts). */
export function createConsoleGoods({ db }: { db: Database }) {
  return {
    /** The console's 商品: every product on or off the shelf, filtered as the content team looks for them. */
    async goodsList(
      input: AdminGoodsListRequest & { pageNo: number; pageSize: number },
    ): Promise<AdminGoodsListResponse> {
      const filter = {
        keyword: input.keyword || undefined,
        categoryId: input.categoryId,
        brandId: input.brandId,
        location: input.warehouse,
        onShelf: input.onShelf,
        stock: input.stock,
        lowAtMost: LOW_STOCK,
      };
      const page = { limit: input.pageSize, offset: (input.pageNo - 1) * input.pageSize };
      const { rows, total } = await repo.pageGoods(db, filter, page);
      const totalCount =
        rows.length === 0 && input.pageNo > 1
          ? (await repo.pageGoods(db, filter, { limit: 1, offset: 0 })).total
          : total;
      return {
        items: rows.map(({ total: _total, updatedAt, ...r }) => ({
          ...r,
          image: r.image ?? '',
          brandName: r.brandName ?? '',
          categoryName: r.categoryName ?? '',
          warehouseName: warehouseName(r.location),
          updateTime: updatedAt.toISOString(),
        })),
        totalCount,
      };
    },
  };
}
