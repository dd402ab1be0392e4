import { useSaveOrderAsList } from '../api/save-order-as-list';
import { defaultListName, SaveAsListForm } from './save-as-list-form';

/** An order's '存为清单': its goods (gifts aside) as a named list, quantities fitted to today's rules by the server. */
export function SaveOrderAsList({ orderId, orderNo }: { orderId: number; orderNo: string }) {
  const save = useSaveOrderAsList();
  return (
    <SaveAsListForm
      label="存为清单"
      className="order-action"
      defaultName={orderNo ? `订单 ${orderNo}`.slice(0, 40) : defaultListName()}
      busy={save.isPending}
      onSave={(listName) => save.mutateAsync({ orderId, listName })}
    />
  );
}
