import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/lib/paths';

/** Product search: submits to /products?keyword=… */
export function SearchBox() {
  const [params] = useSearchParams();
  const [keyword, setKeyword] = useState(params.get('keyword') ?? '');
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(paths.products(undefined, { keyword: keyword.trim() }));
  };

  return (
    <div className="search-box-wrap">
      {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is unknown to older phone browsers still in use */}
      <form className="search-box" role="search" onSubmit={submit}>
        <input
          type="search"
          name="keyword"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder="搜索商品、品牌"
          aria-label="搜索商品"
          enterKeyHint="search"
        />
        <button type="submit">搜索</button>
      </form>
    </div>
  );
}
