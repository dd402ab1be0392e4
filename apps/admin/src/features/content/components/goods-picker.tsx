import { AdminGoodsPaths } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useRef, useState } from 'react';
import { request } from '@/lib/api-client';

/**
 * The goods of a home floor, searched in the catalogue by name or code (the console's goods list). The value is
 * their ids in the floor's order. antd Form compatible.
 */
export function GoodsPicker({
  value,
  onChange,
  id,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
}) {
  const [keyword, setKeyword] = useState('');
  // Names of the goods seen in a search, so a picked one keeps its name after the next search.
  const names = useRef(new Map<number, string>());
  const search = useQuery({
    queryKey: ['content', 'goods-search', keyword],
    queryFn: ({ signal }) =>
      request(
        AdminGoodsPaths.list,
        { keyword: keyword || undefined, pageNo: 1, pageSize: 20, onShelf: true },
        signal,
      ),
  });
  for (const item of search.data?.items ?? []) names.current.set(item.id, `${item.name}（${item.code}）`);
  const picked = value ?? [];
  const options = [
    ...picked.map((goodsId) => ({ value: goodsId, label: names.current.get(goodsId) ?? `商品 #${goodsId}` })),
    ...(search.data?.items ?? [])
      .filter((item) => !picked.includes(item.id))
      .map((item) => ({ value: item.id, label: `${item.name}（${item.code}）` })),
  ];
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      aria-label="楼层商品"
      className="full-width"
      placeholder="输入商品名称或编码搜索，选择要展示的商品"
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={search.isFetching}
      notFoundContent={search.isFetching ? '搜索中…' : '没有找到上架的商品'}
      value={picked}
      options={options}
      onChange={(ids) => {
        onChange?.(ids);
        setKeyword('');
      }}
    />
  );
}
