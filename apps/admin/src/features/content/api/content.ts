import {
  type AdminArticleCategorySaveRequest,
  type AdminArticleListRequest,
  type AdminArticleSaveRequest,
  AdminContentPaths,
  type AdminTemplateResponse,
  type TemplateName,
} from '@shop/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/** Query keys of the console's content. */
export const contentKeys = {
  all: ['content'] as const,
  template: (name: TemplateName) => [...contentKeys.all, 'template', name] as const,
  categories: () => [...contentKeys.all, 'categories'] as const,
  articleLists: () => [...contentKeys.all, 'articles'] as const,
  articleList: (filters: AdminArticleListRequest) => [...contentKeys.articleLists(), filters] as const,
  article: (id: number) => [...contentKeys.all, 'article', id] as const,
};

/** A template as published and its draft. */
export function useTemplate(name: TemplateName) {
  return useQuery({
    queryKey: contentKeys.template(name),
    queryFn: ({ signal }) => request(AdminContentPaths.template, { name }, signal),
  });
}

/** Saves the draft, publishes it or throws it away; the page shows the server's answer. */
export function useTemplateAction(name: TemplateName) {
  const queryClient = useQueryClient();
  const done = (view: AdminTemplateResponse) => queryClient.setQueryData(contentKeys.template(name), view);
  return {
    save: useMutation({
      mutationFn: (template: unknown) => request(AdminContentPaths.draftSave, { name, template }),
      onSuccess: (view) => {
        done(view);
        notify.success('草稿已保存，商城仍显示已发布的版本');
      },
    }),
    publish: useMutation({
      mutationFn: () => request(AdminContentPaths.publish, { name }),
      onSuccess: (view) => {
        done(view);
        notify.success('已发布，商城现在显示新的版本');
      },
    }),
    discard: useMutation({
      mutationFn: () => request(AdminContentPaths.draftDiscard, { name }),
      onSuccess: (view) => {
        done(view);
        notify.success('草稿已放弃');
      },
    }),
  };
}

/** Uploads one picture for a template or an article. */
export function useUploadContentImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('image', file);
      return request(AdminContentPaths.imageUpload, body);
    },
  });
}

export function useArticleCategories() {
  return useQuery({
    queryKey: contentKeys.categories(),
    queryFn: ({ signal }) => request(AdminContentPaths.categoryList, {}, signal),
  });
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminArticleCategorySaveRequest) => request(AdminContentPaths.categorySave, body),
    onSuccess: (category) => notify.success(`分类「${category.name}」已保存`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(AdminContentPaths.categoryDelete, { id }),
    onSuccess: () => notify.success('分类已删除'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentKeys.categories() }),
  });
}

export function useArticleList(filters: AdminArticleListRequest) {
  return useQuery({
    queryKey: contentKeys.articleList(filters),
    queryFn: ({ signal }) => request(AdminContentPaths.articleList, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useArticle(id: number | undefined) {
  return useQuery({
    queryKey: contentKeys.article(id ?? 0),
    queryFn: ({ signal }) => request(AdminContentPaths.articleDetail, { id: id ?? 0 }, signal),
    enabled: id !== undefined,
  });
}

export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminArticleSaveRequest) => request(AdminContentPaths.articleSave, body),
    onSuccess: (article) => notify.success(`文章「${article.title}」已保存`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
