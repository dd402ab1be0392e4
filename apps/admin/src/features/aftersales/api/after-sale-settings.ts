import {
  AdminAfterSalePaths,
  type AdminAfterSaleSettings,
  type AdminAfterSaleSettingsSaveRequest,
} from '@shop/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { afterSaleKeys } from './keys';

export function getAfterSaleSettings(signal?: AbortSignal): Promise<AdminAfterSaleSettings> {
  return request(AdminAfterSalePaths.settings, {}, signal);
}

/** The window, the default return address and the couriers an exchange may go with. */
export function useAfterSaleSettings() {
  return useQuery({
    queryKey: afterSaleKeys.settings(),
    queryFn: ({ signal }) => getAfterSaleSettings(signal),
  });
}

export function saveAfterSaleSettings(body: AdminAfterSaleSettingsSaveRequest): Promise<unknown> {
  return request(AdminAfterSalePaths.settingsSave, body);
}

/** Saves the window and the return address; the settings and every after-sale (its default address) are read again. */
export function useSaveAfterSaleSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAfterSaleSettings,
    onSettled: () => queryClient.invalidateQueries({ queryKey: afterSaleKeys.all }),
  });
}
