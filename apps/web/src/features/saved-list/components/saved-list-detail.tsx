import {
  SAVED_LIST_NAME_MAX,
  type SavedListDetail,
  type SavedListItem,
  type SavedListLine,
  warehouseName,
} from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { formatDateTime } from '@/lib/date';
import { formatMajorPrice } from '@/lib/money';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useAddSavedListToCart } from '../api/add-saved-list-to-cart';
import { useExportSavedList } from '../api/export-saved-list';
import { useSavedList } from '../api/get-saved-list';
import { useRemoveSavedList } from '../api/remove-saved-list';
import { useUpdateSavedList } from '../api/update-saved-list';
import { ListQtyField } from './list-qty-field';
import '../saved-list.css';

interface SavedListDetailProps {
  id: number;
  /** The cart changed on the server (加入购物车): the route refreshes it. */
  onCartChanged: () => void;
}

/**
 * One saved list (常购清单 '我的清单'): its lines with each SKU today, quantities edited within each SKU's rule and
 * saved together, a SKU added by its code, 加入购物车, 导出 Excel, rename and delete.
 */
export function SavedListDetailView({ id, onCartChanged }: SavedListDetailProps) {
  const list = useSavedList(id);
  return (
    <div className="saved-list-detail">
      <Link to={paths.user.order()} className="link-button saved-list-back">
        ← 返回我的清单
      </Link>
      <QueryView
        query={list}
        loading={<Skeleton lines={6} />}
        notFound={<p className="muted">清单不存在或已删除</p>}
      >
        {(data) => <ListEditor key={data.updatedAt} list={data} onCartChanged={onCartChanged} />}
      </QueryView>
    </div>
  );
}

const lineLabel = (line: SavedListLine) =>
  `${line.name} ${Object.values(line.property).join(' ') || line.skuName}`.trim();

function ListEditor({ list, onCartChanged }: { list: SavedListDetail; onCartChanged: () => void }) {
  const navigate = useNavigate();
  const update = useUpdateSavedList();
  const remove = useRemoveSavedList();
  const toCart = useAddSavedListToCart();
  const exportList = useExportSavedList();
  // The lines as edited and not yet saved (null: as saved).
  const [draft, setDraft] = useState<SavedListItem[] | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const items = draft ?? list.lines.map((l) => ({ skuId: l.skuId, qty: l.qty }));
  const byId = new Map(list.lines.map((l) => [l.skuId, l]));
  const dirty = draft !== null;
  const busy = update.isPending || remove.isPending || toCart.isPending;

  const setQty = (skuId: number, qty: number) =>
    setDraft(items.map((i) => (i.skuId === skuId ? { skuId, qty } : i)));
  const dropLine = (skuId: number) => setDraft(items.filter((i) => i.skuId !== skuId));

  const saveEdits = async () => {
    const { message } = await update.mutateAsync({ id: list.id, items });
    notify.success(message);
  };

  const addToCart = async () => {
    const result = await toCart.mutateAsync(list.id);
    if (result.added > 0) notify.success(result.message);
    else notify.warn(result.message);
    if (result.added > 0) onCartChanged();
  };

  const removeList = async () => {
    const message = await remove.mutateAsync(list.id);
    notify.success(message);
    navigate(paths.user.order(), { replace: true });
  };

  return (
    <section className="saved-list-editor" aria-labelledby="saved-list-title">
      <ListName list={list} busy={busy} />
      <p className="muted saved-list-meta">
        {list.lineCount} 种商品 · 更新于 {formatDateTime(list.updatedAt)}
      </p>
      <div className="user-page-bar saved-list-actions">
        <div className="user-page-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || dirty || list.lines.length === 0}
            title={dirty ? '请先保存修改' : undefined}
            onClick={() => void addToCart().catch(() => undefined)}
          >
            {toCart.isPending ? '加入中…' : '加入购物车'}
          </button>
          <button
            type="button"
            className="btn"
            disabled={exportList.isPending || list.lines.length === 0}
            onClick={() => void exportList.mutateAsync(list.id).catch(() => undefined)}
          >
            {exportList.isPending ? '导出中…' : '导出 Excel'}
          </button>
        </div>
        {confirmDelete ? (
          <div className="saved-list-confirm" role="alert">
            <span>删除后无法恢复，确定删除“{list.name}”？</span>
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => void removeList().catch(() => undefined)}
            >
              确定删除
            </button>
            <button type="button" className="btn" onClick={() => setConfirmDelete(false)}>
              再想想
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="link-button saved-list-delete"
            onClick={() => setConfirmDelete(true)}
          >
            删除清单
          </button>
        )}
      </div>
      {dirty && (
        <div className="saved-list-dirty" role="status">
          <span>数量或商品已修改，尚未保存</span>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void saveEdits().catch(() => undefined)}
          >
            保存修改
          </button>
          <button type="button" className="btn" disabled={busy} onClick={() => setDraft(null)}>
            撤销
          </button>
        </div>
      )}
      <AddByCode
        busy={busy}
        onAdd={async (code, qty) => {
          const { message } = await update.mutateAsync({
            id: list.id,
            add: [{ code, qty }],
            ...(dirty ? { items } : {}),
          });
          notify.success(message);
        }}
      />
      {items.length === 0 ? (
        <p className="muted saved-list-empty">清单中没有商品，可按商品编码添加。</p>
      ) : (
        <ul className="saved-list-lines panel">
          {items.map((item) => {
            const line = byId.get(item.skuId);
            if (!line) return null;
            const label = lineLabel(line);
            const spec = Object.values(line.property).join(' ') || line.skuName;
            return (
              <li key={item.skuId} className={`saved-list-line${line.problem ? ' is-off' : ''}`}>
                <div className="saved-list-line-main">
                  <span className="user-cell-main">{line.name || '商品已不存在'}</span>
                  <span className="muted">
                    {spec}
                    {line.code && ` · ${line.code}`}
                    {line.location > 0 && ` · ${warehouseName(line.location)}`}
                  </span>
                  {line.stepQty > 1 && <span className="muted">每箱{line.stepQty}件</span>}
                  {line.problem && <span className="stock stock-short">{line.problem}</span>}
                </div>
                <div className="saved-list-line-price price">
                  {line.cnyPrice !== null && <span>{formatMajorPrice(line.cnyPrice, 'CNY')}</span>}
                  {line.audPrice !== null && (
                    <span className="muted">{formatMajorPrice(line.audPrice, 'AUD')}</span>
                  )}
                  {line.cnyPrice === null && line.audPrice === null && <span className="muted">—</span>}
                </div>
                <ListQtyField
                  rule={line}
                  value={item.qty}
                  label={label}
                  onChange={(qty) => setQty(item.skuId, qty)}
                />
                <button
                  type="button"
                  className="link-button saved-list-line-remove"
                  aria-label={`从清单删除 ${label}`}
                  onClick={() => dropLine(item.skuId)}
                >
                  删除
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The list's name with 重命名: the new name saved on its own. */
function ListName({ list, busy }: { list: SavedListDetail; busy: boolean }) {
  const update = useUpdateSavedList();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(list.name);
  const trimmed = name.trim();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === '' || trimmed.length > SAVED_LIST_NAME_MAX) return;
    try {
      const { message } = await update.mutateAsync({ id: list.id, listName: trimmed });
      notify.success(message);
      setEditing(false);
    } catch {
      // Shown by the shared handler (a name already used); the field stays open.
    }
  };
  if (!editing)
    return (
      <div className="saved-list-title-row">
        <h2 id="saved-list-title" className="saved-list-title">
          {list.name}
        </h2>
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() => {
            setName(list.name);
            setEditing(true);
          }}
        >
          重命名
        </button>
      </div>
    );
  return (
    <form className="saved-list-title-row" onSubmit={submit} aria-label="重命名清单">
      <h2 id="saved-list-title" className="visually-hidden">
        {list.name}
      </h2>
      <input
        className="input saved-list-rename"
        aria-label="清单名称"
        value={name}
        onChange={(event) => setName(event.target.value)}
        // biome-ignore lint/a11y/noAutofocus: opened by the shopper's own press, to type the new name
        autoFocus
      />
      <button
        type="submit"
        className="btn btn-primary"
        disabled={update.isPending || trimmed === '' || trimmed.length > SAVED_LIST_NAME_MAX}
      >
        保存
      </button>
      <button type="button" className="btn" onClick={() => setEditing(false)}>
        取消
      </button>
      {trimmed.length > SAVED_LIST_NAME_MAX && (
        <span className="save-list-problem" role="alert">
          清单名称最多{SAVED_LIST_NAME_MAX}个字
        </span>
      )}
    </form>
  );
}

/** 按编码添加: a SKU by its code and a quantity; the server brings nothing silently, it refuses a wrong quantity. */
function AddByCode({ busy, onAdd }: { busy: boolean; onAdd: (code: string, qty: number) => Promise<void> }) {
  const [code, setCode] = useState('');
  const [qty, setQty] = useState('1');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    const n = Number(qty);
    if (trimmed === '' || !Number.isInteger(n) || n < 1) return;
    try {
      await onAdd(trimmed, n);
      setCode('');
      setQty('1');
    } catch {
      // An unknown code or a quantity against the rule: shown by the shared handler; the fields keep what was typed.
    }
  };
  return (
    <form className="saved-list-add" onSubmit={submit} aria-label="按编码添加商品">
      <input
        className="input saved-list-add-code"
        aria-label="商品编码"
        placeholder="商品编码"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <input
        className="input list-qty"
        inputMode="numeric"
        aria-label="添加数量"
        value={qty}
        onChange={(event) => setQty(event.target.value.replace(/\D/g, ''))}
      />
      <button type="submit" className="btn" disabled={busy || code.trim() === ''}>
        添加
      </button>
    </form>
  );
}
