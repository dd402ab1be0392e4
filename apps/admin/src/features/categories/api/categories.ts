import type { BodyArg } from '@shop/api-client';
import { type AdminCategoryTreeResponse, AdminTaxonomyPaths } from '@shop/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { notify } from '@/lib/notify';

const categoryKeys = { tree: ['categories', 'tree'] as const };

/** The whole category tree with the goods filed in each category. */
export function useCategoryTree() {
  return useQuery({
    queryKey: categoryKeys.tree,
    queryFn: ({ signal }) => request(AdminTaxonomyPaths.categoryTree, {}, signal),
  });
}

/**
 * A change of the tree. The server answers with the tree as it now is, shown at once; the goods screens'
 * category choices (the storefront's tree, cached as ['catalogue', 'categories']) are read again.
 */
/** The calls that change the tree; each answers the tree as it now is. */
type TreeChangePath =
  | typeof AdminTaxonomyPaths.categorySave
  | typeof AdminTaxonomyPaths.categoryMove
  | typeof AdminTaxonomyPaths.categoryDelete;

function useTreeChange<P extends TreeChangePath>(path: P, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyArg<P>) => request(path, body),
    onSuccess: (result) => {
      queryClient.setQueryData<AdminCategoryTreeResponse>(categoryKeys.tree, { items: result.tree });
      notify.success(done);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoryKeys.tree }),
        queryClient.invalidateQueries({ queryKey: ['catalogue', 'categories'] }),
      ]),
  });
}

export const useSaveCategory = (creating: boolean) =>
  useTreeChange(AdminTaxonomyPaths.categorySave, creating ? '分类已创建' : '分类已保存');
export const useMoveCategory = () => useTreeChange(AdminTaxonomyPaths.categoryMove, '分类已移动');
export const useDeleteCategory = () => useTreeChange(AdminTaxonomyPaths.categoryDelete, '分类已删除');
