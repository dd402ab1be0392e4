import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { useArticle } from '@/features/content/api/get-article';
import { ArticleNav } from '@/features/content/components/article-nav';
import { ArticleView } from '@/features/content/components/article-view';
import { positiveIntParam } from '@/lib/params';
import { paths } from '@/lib/paths';
import { usePageTitle } from '../route-handle';

/** An article (spec §2 /article/{id}) beside the list of help articles. */
export function Component() {
  const { id } = useParams();
  const articleId = positiveIntParam(id);
  const article = useArticle(articleId);
  usePageTitle(article.data?.title);
  const notFound = (
    <EmptyState
      title="文章不存在"
      description="该文章可能已被删除，或链接有误。"
      actions={
        <Link to={paths.home()} className="btn btn-primary">
          返回首页
        </Link>
      }
    />
  );

  return (
    <div className="container article-page">
      <div className="article-main">
        {articleId ? (
          <QueryView query={article} notFound={notFound}>
            {(data) => <ArticleView article={data} />}
          </QueryView>
        ) : (
          notFound
        )}
      </div>
      <ArticleNav />
    </div>
  );
}
