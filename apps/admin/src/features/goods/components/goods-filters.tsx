import type { AdminGoodsListRequest, CategoryNode, GoodsStockFilter } from '@shop/domain';
import { Form, Input, Select, TreeSelect } from 'antd';
import { FilterActions } from '@/components/filter-actions';
import { useFieldsFrom } from '@/lib/form-sync';
import { WAREHOUSE_OPTIONS } from '@/lib/warehouse-options';
import { useCatalogueChoices } from '../api/goods';

export type GoodsFilterValues = Pick<
  AdminGoodsListRequest,
  'keyword' | 'categoryId' | 'brandId' | 'warehouse' | 'onShelf' | 'stock'
>;

const SHELF_OPTIONS = [
  { value: 'on', label: '已上架' },
  { value: 'off', label: '已下架' },
];
const STOCK_OPTIONS: { value: GoodsStockFilter; label: string }[] = [
  { value: 'low', label: '库存紧张' },
  { value: 'soldOut', label: '无货可买' },
];

interface FormValues {
  keyword?: string;
  categoryId?: number;
  brandId?: number;
  warehouse?: number;
  shelf?: 'on' | 'off';
  stock?: GoodsStockFilter;
}

interface CategoryOption {
  value: number;
  title: string;
  children: CategoryOption[];
}

function treeData(nodes: readonly CategoryNode[]): CategoryOption[] {
  return nodes.map((n) => ({ value: n.id, title: n.name, children: treeData(n.children) }));
}

/** The goods list's filters: words, category (with the ones below it), brand, warehouse, shelf, stock. */
export function GoodsFilters({
  value,
  onChange,
}: {
  value: GoodsFilterValues;
  onChange: (filters: GoodsFilterValues) => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const { categories, brands } = useCatalogueChoices();
  useFieldsFrom(form, {
    keyword: value.keyword,
    categoryId: value.categoryId,
    brandId: value.brandId,
    warehouse: value.warehouse,
    shelf: value.onShelf === undefined ? undefined : value.onShelf ? 'on' : 'off',
    stock: value.stock,
  });
  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      name="goods-filters"
      className="console-filters"
      onFinish={(v) =>
        onChange({
          keyword: v.keyword?.trim() || undefined,
          categoryId: v.categoryId ?? undefined,
          brandId: v.brandId ?? undefined,
          warehouse: v.warehouse ?? undefined,
          onShelf: v.shelf === undefined || v.shelf === null ? undefined : v.shelf === 'on',
          stock: v.stock ?? undefined,
        })
      }
    >
      <Form.Item label="关键词" name="keyword">
        <Input placeholder="名称、商品或 SKU 编码" allowClear />
      </Form.Item>
      <Form.Item label="分类" name="categoryId">
        <TreeSelect
          allowClear
          treeData={treeData(categories)}
          placeholder="全部分类"
          className="filter-select"
        />
      </Form.Item>
      <Form.Item label="品牌" name="brandId">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={brands.map((b) => ({ value: b.id, label: b.name }))}
          placeholder="全部品牌"
          className="filter-select"
        />
      </Form.Item>
      <Form.Item label="仓库" name="warehouse">
        <Select allowClear options={WAREHOUSE_OPTIONS} placeholder="全部仓库" className="filter-select" />
      </Form.Item>
      <Form.Item label="上架" name="shelf">
        <Select allowClear options={SHELF_OPTIONS} placeholder="全部" className="filter-select" />
      </Form.Item>
      <Form.Item label="库存" name="stock">
        <Select allowClear options={STOCK_OPTIONS} placeholder="全部" className="filter-select" />
      </Form.Item>
      <FilterActions
        onReset={() => {
          form.resetFields();
          onChange({});
        }}
      />
    </Form>
  );
}
