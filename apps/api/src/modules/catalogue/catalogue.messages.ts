/** What the storefront's catalogue tells a shopper when it refuses (spec §8). */
export const CatalogueMessages = {
  goodsNotFound: '商品不存在',
  skuMismatch: 'SKU编号与商品编号不匹配',
  brandNotFound: '品牌不存在',
  categoryNotFound: '分类不存在',
  tooManyExports: '导出过于频繁，请1分钟后再试',
  nothingToExport: '所选商品均已下架或不存在，没有可导出的行',
} as const;
