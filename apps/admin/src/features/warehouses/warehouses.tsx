import {
  type AdminWarehouse,
  AdminWarehousePaths,
  type AdminWarehousePickupRequest,
  adminWarehousePickupRequestSchema,
} from '@shop/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { FormModal } from '@/components/form-modal';
import { request } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';

const warehouseKeys = { all: ['warehouses'] as const };

export function useWarehouses() {
  return useQuery({
    queryKey: warehouseKeys.all,
    queryFn: ({ signal }) => request(AdminWarehousePaths.list, {}, signal),
  });
}

/** Opens, changes (body with an address) or closes (only the warehouse) a pickup desk. */
export function usePickupChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminWarehousePickupRequest | { warehouse: number }) =>
      request('address' in body ? AdminWarehousePaths.pickup : AdminWarehousePaths.pickupOff, body),
    onSuccess: (w) => notify.success(`${w.name}：自提${w.pickup?.enabled ? '已开放' : '已关闭'}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
  });
}

const shape = adminWarehousePickupRequestSchema.shape;

interface Values {
  address: string;
  hours: string;
  phone?: string;
}

/** A warehouse's pickup desk: where and when members collect (spec §4 'Setting pickup stores'). */
export function PickupModal({ warehouse, onClose }: { warehouse: AdminWarehouse; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const change = usePickupChange();
  return (
    <FormModal<Values>
      title={`自提点：${warehouse.name}`}
      okText="保存并开放"
      pending={change.isPending}
      onClose={onClose}
      form={form}
      name="pickup"
      initialValues={warehouse.pickup ?? {}}
      onFinish={(v) =>
        change.mutate(
          {
            warehouse: warehouse.id,
            address: v.address.trim(),
            hours: v.hours.trim(),
            phone: v.phone?.trim() || undefined,
          },
          { onSuccess: onClose },
        )
      }
    >
      <Form.Item name="address" label="自提地址" rules={[zodRule(shape.address, '自提地址')]}>
        <Input.TextArea
          rows={2}
          maxLength={200}
          placeholder="如 Unit 5, 12 Holker Street, Silverwater NSW 2128"
        />
      </Form.Item>
      <Form.Item name="hours" label="营业时间" rules={[zodRule(shape.hours, '营业时间')]}>
        <Input maxLength={100} placeholder="如 周一至周五 9:00-17:00" />
      </Form.Item>
      <Form.Item name="phone" label="联系电话（可不填）" rules={[zodRule(shape.phone)]}>
        <Input maxLength={40} />
      </Form.Item>
    </FormModal>
  );
}
