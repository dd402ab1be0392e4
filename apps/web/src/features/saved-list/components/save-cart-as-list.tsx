import type { SavedListItem } from '@shop/domain';
import { useState } from 'react';
import { useSaveList } from '../api/save-list';
import { defaultListName, SaveAsListForm } from './save-as-list-form';

/** A cart line as the save needs it: its SKU, quantity and whether it is selected. */
export interface CartLineToSave {
  skuId: number;
  qty: number;
  selected: boolean;
}

/** The cart's '存为清单': all its lines or only the selected ones, as a named list on the server. */
export function SaveCartAsList({ lines }: { lines: readonly CartLineToSave[] }) {
  const save = useSaveList();
  const selected = lines.filter((l) => l.selected);
  const [which, setWhich] = useState<'all' | 'selected'>('all');
  const chosen = which === 'selected' && selected.length > 0 ? selected : lines;
  const items: SavedListItem[] = chosen.map((l) => ({ skuId: l.skuId, qty: l.qty }));
  return (
    <SaveAsListForm
      label="存为清单"
      defaultName={defaultListName('购物车')}
      disabled={lines.length === 0}
      busy={save.isPending}
      onSave={(listName) => save.mutateAsync({ listName, items })}
      extra={
        <fieldset className="save-list-which">
          <legend className="visually-hidden">存入哪些商品</legend>
          <label>
            <input
              type="radio"
              name="save-list-which"
              checked={which === 'all'}
              onChange={() => setWhich('all')}
            />
            全部商品（{lines.length}）
          </label>
          <label>
            <input
              type="radio"
              name="save-list-which"
              checked={which === 'selected'}
              disabled={selected.length === 0}
              onChange={() => setWhich('selected')}
            />
            选中的商品（{selected.length}）
          </label>
        </fieldset>
      }
    />
  );
}
