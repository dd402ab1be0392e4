import type { AdminPromotionSku } from '@shop/domain';
import { Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSkuSearch } from '../api/promotions';

/** How a SKU reads in the picker: goods, attributes, code and warehouse. */
export function skuLabel(s: AdminPromotionSku): string {
  return [s.goodsName, s.spec, s.skuCode, s.warehouseName].filter(Boolean).join(' · ');
}

const NONE: readonly AdminPromotionSku[] = [];

/** The keyword a moment after typing stops. */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * SKUs picked by searching the catalogue as one types (goods name or SKU code). `known` names what was picked
 * before (the promotion being changed), so those show by name before any search. With `goods`, the choice is
 * a product (its first SKU stands for it): the gift of a 赠品 promotion.
 */
export function SkuPicker({
  value,
  onChange,
  known = NONE,
  mode = 'multiple',
  goods = false,
  placeholder,
  id,
}: {
  value?: number[] | number;
  onChange?: (value: number[] | number | undefined) => void;
  known?: readonly AdminPromotionSku[];
  mode?: 'multiple' | 'single';
  goods?: boolean;
  placeholder?: string;
  id?: string;
}) {
  const [typed, setTyped] = useState('');
  const keyword = useSettled(typed);
  const search = useSkuSearch(keyword);
  const [seen, setSeen] = useState<Map<number, AdminPromotionSku>>(new Map());
  // Remember every SKU met, so a picked one keeps its name when the next search no longer finds it.
  useEffect(() => {
    const found = search.data?.items ?? [];
    if (found.length === 0 && known.length === 0) return;
    setSeen((before) => {
      const fresh = [...known, ...found].filter((s) => !before.has(goods ? s.goodsId : s.skuId));
      if (fresh.length === 0) return before;
      const next = new Map(before);
      for (const s of fresh) next.set(goods ? s.goodsId : s.skuId, s);
      return next;
    });
  }, [search.data, known, goods]);
  const options = useMemo(() => {
    const found = search.data?.items ?? [];
    const keys = new Set(found.map((s) => (goods ? s.goodsId : s.skuId)));
    const picked = (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
      (k) => !keys.has(k),
    );
    const rows = [...picked.map((k) => seen.get(k)).filter((s) => s !== undefined), ...found];
    const unique = new Map(rows.map((s) => [goods ? s.goodsId : s.skuId, s]));
    return [...unique.entries()].map(([key, s]) => ({
      value: key,
      label: goods ? `${s.goodsName} · ${s.warehouseName}` : skuLabel(s),
    }));
  }, [search.data, value, seen, goods]);
  return (
    <Select<number[] | number>
      id={id}
      mode={mode === 'multiple' ? 'multiple' : undefined}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      onChange={(next) => onChange?.(next)}
      options={options}
      placeholder={placeholder}
      notFoundContent={search.isFetching ? <Spin size="small" /> : '没有找到，换个关键词试试'}
    />
  );
}
