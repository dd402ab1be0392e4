import { type LinkItem, LinkType, linkDestination } from '@shop/domain';
import { Input, InputNumber, Select, Space } from 'antd';
import { WAREHOUSE_OPTIONS } from '@/lib/warehouse-options';

/** A link of a template item (spec §2 'Link destinations', §3 'Link item'). */
export interface TemplateLink {
  type: LinkType;
  id?: number | string;
  url?: string;
}

const TYPES: { value: LinkType; label: string; idLabel?: string }[] = [
  { value: LinkType.Goods, label: '商品', idLabel: '商品编号' },
  { value: LinkType.Cate, label: '分类', idLabel: '分类编号' },
  { value: LinkType.Brand, label: '品牌', idLabel: '品牌编号' },
  { value: LinkType.Article, label: '文章', idLabel: '文章编号' },
  { value: LinkType.Warehouse, label: '仓库' },
  { value: LinkType.Url, label: '网址' },
];

/**
 * Where an ad or an entry leads: one of the spec's link types and its id (a warehouse from the list, a URL for
 * 网址), with the storefront address it will open shown under it. antd Form compatible.
 */
export function LinkPicker({
  value,
  onChange,
  id,
}: {
  value?: TemplateLink;
  onChange?: (link: TemplateLink) => void;
  id?: string;
}) {
  const type = value?.type ?? LinkType.Goods;
  const meta = TYPES.find((t) => t.value === type);
  const set = (next: TemplateLink) => onChange?.(next);
  return (
    <div>
      <Space.Compact className="full-width">
        <Select<LinkType>
          id={id}
          aria-label="链接类型"
          style={{ width: 96 }}
          value={type}
          options={TYPES.map(({ value: v, label }) => ({ value: v, label }))}
          onChange={(next) => set(next === LinkType.Url ? { type: next, url: '' } : { type: next })}
        />
        {type === LinkType.Url ? (
          <Input
            aria-label="链接网址"
            placeholder="/products 或 https://…"
            value={value?.url ?? ''}
            onChange={(event) => set({ type, url: event.target.value })}
          />
        ) : type === LinkType.Warehouse ? (
          <Select<number>
            aria-label="链接仓库"
            className="full-width"
            placeholder="选择仓库"
            value={typeof value?.id === 'number' ? value.id : undefined}
            options={WAREHOUSE_OPTIONS}
            onChange={(next) => set({ type, id: next })}
          />
        ) : (
          <InputNumber<number>
            aria-label={meta?.idLabel}
            placeholder={meta?.idLabel}
            className="full-width"
            min={1}
            precision={0}
            value={typeof value?.id === 'number' ? value.id : value?.id ? Number(value.id) : null}
            onChange={(next) => set(next === null ? { type } : { type, id: next })}
          />
        )}
      </Space.Compact>
      <div className="field-hint">打开：{linkDestination((value ?? { type }) as LinkItem)}</div>
    </div>
  );
}
