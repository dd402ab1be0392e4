import type { BodyArg } from '@shop/api-client';
import type { DataPath } from '@shop/domain';
import { AdminSettingsPaths } from '@shop/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { notify } from '@/lib/notify';

const courierKeys = { all: ['couriers-settings'] as const };

/** Every courier with its fee rules. */
export function useCourierTable() {
  return useQuery({
    queryKey: courierKeys.all,
    queryFn: ({ signal }) => request(AdminSettingsPaths.courierList, {}, signal),
  });
}

/** A change to couriers: the table (and the ship form's list) is read again once the server has it. */
function useCourierChange<P extends DataPath>(path: P, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyArg<P>) => request(path, body),
    onSuccess: () => notify.success(done),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: courierKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['couriers'] }),
      ]),
  });
}

export const useCreateCourier = () => useCourierChange(AdminSettingsPaths.courierCreate, '快递已添加');
export const useUpdateCourier = () => useCourierChange(AdminSettingsPaths.courierUpdate, '已保存');
export const useSaveRule = () => useCourierChange(AdminSettingsPaths.courierRuleSave, '运费规则已保存');
export const useDeleteRule = () => useCourierChange(AdminSettingsPaths.courierRuleDelete, '运费规则已删除');
