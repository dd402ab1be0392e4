import { NavLink } from 'react-router';
import { paths } from '@/lib/paths';
import '../content.css';
import { useArticleCategories } from '../api/get-article-categories';

/** The other articles by category, beside the article (spec §7 articlecategory/categoryList/). */
export function ArticleNav() {
  const { data: categories = [] } = useArticleCategories();
  if (categories.length === 0) return null;
  return (
    <aside className="article-nav panel" aria-label="帮助中心">
      {categories.map((category) => (
        <section key={category.id}>
          <h2>{category.name}</h2>
          <ul>
            {category.articles.map((a) => (
              <li key={a.id}>
                <NavLink to={paths.article(a.id)}>{a.title}</NavLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </aside>
  );
}
