import type { Article } from '@shop/domain';
import { RichContent } from '@/components/rich-content';
import '../content.css';

/** 'yyyy-MM-dd' of an ISO timestamp, in the shopper's time zone. */
function formatDate(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}`;
}

/** An article (spec §7 article/get/): title, date, category and its sanitized content. */
export function ArticleView({ article }: { article: Article }) {
  const date = formatDate(article.updatedAt || article.createdAt);
  return (
    <article className="article panel">
      <h1 className="article-title">{article.title}</h1>
      <p className="article-meta muted">
        {date && <time dateTime={article.updatedAt || article.createdAt}>{date}</time>}
        {article.categoryName && <span>{article.categoryName}</span>}
      </p>
      <RichContent html={article.content} className="article-body" />
    </article>
  );
}
