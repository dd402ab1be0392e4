import { qtyRuleHint, smallestQty } from '@shop/domain';
import { useState } from 'react';
import { Price } from '@/components/price';
import { ProductImage } from '@/components/product-image';
import { isCountable, lineLimit, PASTE_STATUS_LABEL, type PasteRow } from '../paste-order';

export interface PastePreviewTableProps {
  rows: readonly PasteRow[];
  /** Lines being previewed again (a new code). */
  busyKeys: ReadonlySet<number>;
  disabled: boolean;
  onRemove: (key: number) => void;
  onRecode: (row: PasteRow, code: string) => void;
  onRecount: (row: PasteRow, qty: number) => void;
}

/**
 * The lines of a pasted order (issue #37): number, code, picture (wide screens), name, status with its reason,
 * quantity under the SKU's rule and the unit price at it in the page currency. A table on a wide screen, one card
 * per line on a phone (paste-order.css).
 */
export function PastePreviewTable({
  rows,
  busyKeys,
  disabled,
  onRemove,
  onRecode,
  onRecount,
}: PastePreviewTableProps) {
  return (
    <table className="paste-table">
      <thead>
        <tr>
          <th scope="col">行</th>
          <th scope="col">商品编码</th>
          <th scope="col" className="paste-col-image">
            <span className="visually-hidden">图片</span>
          </th>
          <th scope="col">名称</th>
          <th scope="col">状态</th>
          <th scope="col">数量</th>
          <th scope="col">单价</th>
          <th scope="col">
            <span className="visually-hidden">操作</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <PasteLine
            key={row.key}
            row={row}
            busy={busyKeys.has(row.key)}
            disabled={disabled}
            onRemove={onRemove}
            onRecode={onRecode}
            onRecount={onRecount}
          />
        ))}
      </tbody>
    </table>
  );
}

interface PasteLineProps {
  row: PasteRow;
  busy: boolean;
  disabled: boolean;
  onRemove: (key: number) => void;
  onRecode: (row: PasteRow, code: string) => void;
  onRecount: (row: PasteRow, qty: number) => void;
}

function PasteLine({ row, busy, disabled, onRemove, onRecode, onRecount }: PasteLineProps) {
  const { item } = row;
  const matched = item.skuId !== null;
  return (
    <tr className={`paste-line paste-line-${item.status}`} aria-busy={busy || undefined}>
      <td className="paste-col-line" data-label="行">
        {item.line}
      </td>
      <td className="paste-col-code" data-label="编码">
        {matched ? item.skuCode : <CodeFix row={row} busy={busy || disabled} onRecode={onRecode} />}
      </td>
      <td className="paste-col-image">{matched && <ProductImage path={item.image} alt="" width={40} />}</td>
      <td className={`paste-col-name${item.name ? '' : ' paste-empty'}`} data-label="名称">
        {item.name || <span className="muted">—</span>}
      </td>
      <td className="paste-col-status" data-label="状态">
        <span className={`paste-status paste-status-${item.status}`}>{PASTE_STATUS_LABEL[item.status]}</span>
        {item.message && <span className="paste-message">{item.message}</span>}
        {item.suggestions.length > 0 && (
          <span className="paste-suggestions">
            {item.suggestions.map((code) => (
              <button
                key={code}
                type="button"
                className="paste-suggestion"
                disabled={busy || disabled}
                aria-label={`第${item.line}行改为 ${code}`}
                onClick={() => onRecode(row, code)}
              >
                {code}
              </button>
            ))}
          </span>
        )}
      </td>
      <td className={`paste-col-qty${isCountable(item) ? '' : ' paste-empty'}`} data-label="数量">
        {isCountable(item) ? (
          <PasteQty row={row} disabled={busy || disabled} onRecount={onRecount} />
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td className={`paste-col-price${matched && item.qty > 0 ? '' : ' paste-empty'}`} data-label="单价">
        {matched && item.qty > 0 ? (
          <span className={row.repricing ? 'paste-repricing' : undefined}>
            <Price sku={item} />
          </span>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td className="paste-col-remove">
        <button
          type="button"
          className="link-button paste-remove"
          disabled={disabled}
          aria-label={`移除第${item.line}行`}
          onClick={() => onRemove(row.key)}
        >
          移除
        </button>
      </td>
    </tr>
  );
}

/** An unknown code, typed again and looked up. */
function CodeFix({
  row,
  busy,
  onRecode,
}: {
  row: PasteRow;
  busy: boolean;
  onRecode: (row: PasteRow, code: string) => void;
}) {
  const [code, setCode] = useState(row.item.skuCode);
  return (
    <form
      className="paste-code-fix"
      onSubmit={(event) => {
        event.preventDefault();
        onRecode(row, code);
      }}
    >
      <input
        type="text"
        value={code}
        aria-label={`第${row.item.line}行商品编码`}
        onChange={(event) => setCode(event.target.value)}
        disabled={busy}
        autoCapitalize="characters"
        spellCheck={false}
      />
      <button type="submit" className="btn btn-small" disabled={busy || code.trim() === ''}>
        {busy ? '查询中…' : '查询'}
      </button>
    </form>
  );
}

/**
 * − [n] + by whole cases: − and + move by the case pack from the smallest allowed quantity up to the stock and the
 * maximum; a typed number is corrected to the rule when the field is left, and the line says how.
 */
function PasteQty({
  row,
  disabled,
  onRecount,
}: {
  row: PasteRow;
  disabled: boolean;
  onRecount: (row: PasteRow, qty: number) => void;
}) {
  const { item } = row;
  const [draft, setDraft] = useState<string | null>(null);
  const smallest = smallestQty(item);
  const limit = lineLimit(item);
  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    const text = draft.trim();
    const typed = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (typed !== item.qty) onRecount(row, typed);
  };
  const rule = qtyRuleHint(item);
  return (
    <span className="paste-qty">
      {/* biome-ignore lint/a11y/useSemanticElements: a compact control group, not a form fieldset */}
      <span className="paste-stepper" role="group" aria-label={`${item.skuCode} 数量`}>
        <button
          type="button"
          aria-label="减少数量"
          disabled={disabled || item.qty <= smallest}
          onClick={() => onRecount(row, item.qty - item.stepQty)}
        >
          −
        </button>
        <input
          type="text"
          inputMode="numeric"
          aria-label={`第${item.line}行数量`}
          value={draft ?? String(item.qty)}
          disabled={disabled}
          onFocus={() => setDraft(String(item.qty))}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.currentTarget.blur();
            if (event.key === 'Escape') {
              setDraft(null);
              event.currentTarget.blur();
            }
          }}
        />
        <button
          type="button"
          aria-label="增加数量"
          disabled={disabled || item.qty + item.stepQty > limit}
          onClick={() => onRecount(row, item.qty === 0 ? smallest : item.qty + item.stepQty)}
        >
          +
        </button>
      </span>
      {rule && <span className="paste-rule muted">{rule}</span>}
    </span>
  );
}
