import type { TemplateName } from '@shop/domain';

/** Query keys of the content feature (docs/conventions.md key factory). */
export const contentKeys = {
  all: ['content'] as const,
  templates: () => [...contentKeys.all, 'template'] as const,
  template: (name: TemplateName) => [...contentKeys.templates(), name] as const,
  articleDetails: () => [...contentKeys.all, 'article', 'detail'] as const,
  articleDetail: (id: number) => [...contentKeys.articleDetails(), id] as const,
  articleCategories: () => [...contentKeys.all, 'article', 'categories'] as const,
};
