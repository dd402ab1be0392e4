import { NavLink } from 'react-router';
import { paths } from '@/lib/paths';
import '../catalogue.css';

/** The four ways to browse brands (spec §2 /brands, /brands/letters, /brands/category, /brands/brandsImgScroll). */
export function BrandViewsNav() {
  return (
    <nav className="brand-views" aria-label="品牌浏览方式">
      <NavLink to={paths.brands()} end>
        A–Z 全部品牌
      </NavLink>
      <NavLink to={paths.brandsLetters()}>字母索引</NavLink>
      <NavLink to={paths.brandsCategory()}>按分类</NavLink>
      <NavLink to={paths.brandsImgScroll()}>品牌墙</NavLink>
    </nav>
  );
}
