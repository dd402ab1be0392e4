import { ResultCode } from '@shop/domain';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/empty-state';
import { PageSkeleton } from '@/components/skeleton';
import { useArticle } from '@/features/content/api/get-article';
import { ArticleNav } from '@/features/content/components/article-nav';
import { ArticleView } from '@/features/content/components/article-view';
import { isApiError, toApiError } from '@/lib/api-client';
import { positiveIntParam } from '@/lib/params';
import { paths } from '@/lib/paths';

/** An article (spec §2 /article/{id}) beside the list of help articles. */
export function Component() {
  const { id } = useParams();
  const articleId = positiveIntParam(id);
  const { data, isPending, isError, error, refetch } = useArticle(articleId);

  let body: ReactNode;
  if (!articleId || (isError && isApiError(error) && error.code === ResultCode.NotFound)) {
    body = (
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
  } else if (isPending) body = <PageSkeleton />;
  else if (isError) body = <ErrorState message={toApiError(error).message} onRetry={() => void refetch()} />;
  else body = <ArticleView article={data} />;

  return (
    <div className="container article-page">
      <div className="article-main">{body}</div>
      <ArticleNav />
    </div>
  );
}
