import { PASTE_LIMITS, PasteLineStatus, type PastePreviewItem } from '@shop/domain';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { toApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useAddPastedLines } from '../add-pasted-lines';
import { parsePastedLines, useParsePastedLines } from '../api/parse-pasted-lines';
import {
  isAddable,
  mergedLines,
  PASTE_BATCH_MAX,
  PASTE_STATUS_LABEL,
  type PasteAddLine,
  type PasteRow,
  pasteTextOf,
  rowsOf,
  withQty,
} from '../paste-order';
import { PastePreviewTable } from './paste-preview-table';
import '../paste-order.css';

/** The order file types the server reads (apps/api lib/pasted-file.ts), and what it says of another. */
const FILE_TYPES = ['.xlsx', '.csv', '.txt'];
const MB = PASTE_LIMITS.bytes / 1_000_000;
const TEMPLATE_URL = '/order-paste-template.csv';

/** Why a picked file is not sent, in the server's own words; null when it may go. */
function fileProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.xls')) return '不支持旧版 Excel（.xls）文件，请在 Excel 中“另存为” .xlsx 或 CSV 后上传';
  if (!FILE_TYPES.some((ext) => name.endsWith(ext))) return '仅支持 .xlsx、.csv 或 .txt 文件';
  if (file.size === 0) return '文件是空的，请填好商品编码和数量后再上传';
  if (file.size > PASTE_LIMITS.bytes) return `文件不能超过${MB}MB，请分批上传`;
  return null;
}

const unitsOf = (lines: readonly PasteAddLine[]) => lines.reduce((sum, l) => sum + l.qty, 0);

/** One line previewed again on its own (a new code, or a new quantity's price), keeping its number. */
async function previewOne(row: PasteRow, code: string, qty: number): Promise<PastePreviewItem | null> {
  const answer = await parsePastedLines({ text: pasteTextOf([{ code, qty }]) });
  const item = answer.items[0];
  return item ? { ...item, line: row.item.line } : null;
}

export interface PasteOrderPanelProps {
  /** Offer a link to the cart after adding (not on the cart page itself). */
  cartLink?: boolean;
  /** Open at first (the quick-order page); folded by default. */
  defaultOpen?: boolean;
}

/**
 * 粘贴订货 (issue #37 'Order by paste or spreadsheet'): a buyer pastes lines copied from Excel or WeChat, or uploads
 * a sheet, sees each line matched, corrected to the SKU's rule and priced, fixes or drops lines, then adds them all
 * in one batch. Nothing reaches the cart before the add button; a refused batch adds nothing and keeps the preview.
 */
export function PasteOrderPanel({ cartLink = true, defaultOpen = false }: PasteOrderPanelProps) {
  const textId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [rows, setRows] = useState<PasteRow[] | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [addProblem, setAddProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<{ kinds: number; units: number } | null>(null);
  const [busyKeys, setBusyKeys] = useState<ReadonlySet<number>>(new Set());
  const [reviewing, setReviewing] = useState(false);
  const parse = useParsePastedLines();
  const addLines = useAddPastedLines();

  const setBusy = (key: number, busy: boolean) =>
    setBusyKeys((keys) => {
      const next = new Set(keys);
      if (busy) next.add(key);
      else next.delete(key);
      return next;
    });
  const updateRow = (key: number, change: (row: PasteRow) => PasteRow) =>
    setRows((current) => current?.map((row) => (row.key === key ? change(row) : row)) ?? null);

  const startPreview = (order: { text: string } | { file: File }, label: string) => {
    setProblem(null);
    setAddProblem(null);
    setAdded(null);
    parse.mutate(order, {
      onSuccess: ({ items }) => {
        setRows(rowsOf(items, 'text' in order ? order.text : null));
        setSource(label);
      },
      onError: (error) => setProblem(toApiError(error).message),
    });
  };

  const onPreview = () => {
    if (text.trim() === '') {
      setProblem('请粘贴商品编码和数量，每行一个');
      return;
    }
    startPreview({ text }, '粘贴内容');
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const why = fileProblem(file);
    if (why) {
      setProblem(`“${file.name}”：${why}`);
      return;
    }
    startPreview({ file }, `文件“${file.name}”`);
  };

  /** A new code for a line (a suggestion, or typed): the line is previewed again with the quantity asked. */
  const recode = async (row: PasteRow, code: string) => {
    const clean = code.trim();
    if (clean === '') return;
    setBusy(row.key, true);
    try {
      const qty = row.item.qty > 0 ? row.item.qty : (row.asked ?? 1);
      const item = await previewOne(row, clean, qty);
      if (item) updateRow(row.key, (r) => ({ ...r, item, asked: r.asked ?? qty }));
    } catch (error) {
      notify.error(toApiError(error).message);
    } finally {
      setBusy(row.key, false);
    }
  };

  /** A quantity typed or stepped: corrected to the rule at once, then priced again at it (volume breaks). */
  const recount = async (row: PasteRow, typed: number) => {
    const item = withQty(row.item, typed);
    updateRow(row.key, (r) => ({ ...r, item, repricing: item.qty > 0 }));
    if (item.qty === 0) return;
    try {
      const fresh = await previewOne(row, item.skuCode, item.qty);
      updateRow(row.key, (r) => {
        if (r.item.qty !== item.qty || !fresh) return { ...r, repricing: false };
        // The stock changed meanwhile: the server's word wins; otherwise only the price at the new quantity.
        const next =
          fresh.qty !== item.qty ? fresh : { ...r.item, audPrice: fresh.audPrice, cnyPrice: fresh.cnyPrice };
        return { ...r, item: next, repricing: false };
      });
    } catch {
      updateRow(row.key, (r) => ({ ...r, repricing: false }));
    }
  };

  /** Every line previewed again as it stands now (codes fixed, quantities changed), numbers kept. */
  const reviewAll = async () => {
    if (!rows) return;
    const sent = rows.filter((r) => r.item.skuCode !== '');
    if (sent.length === 0) return;
    setReviewing(true);
    setAddProblem(null);
    try {
      const answer = await parsePastedLines({
        text: pasteTextOf(
          sent.map((r) => ({ code: r.item.skuCode, qty: r.item.qty > 0 ? r.item.qty : (r.asked ?? 1) })),
        ),
      });
      if (answer.items.length === sent.length) {
        const fresh = new Map(sent.map((r, i) => [r.key, answer.items[i]]));
        setRows(
          (current) =>
            current?.map((r) => {
              const item = fresh.get(r.key);
              return item ? { ...r, item: { ...item, line: r.item.line } } : r;
            }) ?? null,
        );
      } else {
        setRows(rowsOf(answer.items, null));
      }
    } catch (error) {
      notify.error(toApiError(error).message);
    } finally {
      setReviewing(false);
    }
  };

  const remove = (key: number) => setRows((current) => current?.filter((r) => r.key !== key) ?? null);

  const lines = rows ? mergedLines(rows) : [];
  const overLimit = lines.length > PASTE_BATCH_MAX;
  const busy = parse.isPending || reviewing || addLines.isPending || busyKeys.size > 0;
  const repricing = rows?.some((r) => r.repricing) ?? false;

  const add = (chosen: readonly PasteAddLine[]) => {
    setAddProblem(null);
    addLines.mutate(chosen, {
      onSuccess: (result) => {
        if (!result.added) {
          setAddProblem(result.reason);
          return;
        }
        const units = unitsOf(chosen);
        notify.success(`已加入购物车：${chosen.length} 个规格，共 ${units} 件`);
        const taken = new Set(chosen.map((l) => l.skuId));
        const left = (rows ?? []).filter((r) => !(isAddable(r.item) && taken.has(r.item.skuId ?? -1)));
        setAdded({ kinds: chosen.length, units });
        setRows(left.length > 0 ? left : null);
        if (left.length === 0) setText('');
      },
      onError: (error) => setAddProblem(toApiError(error).message),
    });
  };

  const counts = countByStatus(rows ?? []);

  return (
    <details className="paste-order" open={defaultOpen || undefined}>
      <summary className="paste-order-summary">
        <span className="paste-order-title">粘贴订货</span>
        <span className="paste-order-lead">
          从 Excel、微信复制“商品编码 数量”，或上传订货单，一次加入购物车
        </span>
      </summary>
      <div className="paste-order-body">
        <div className="paste-order-input">
          <label htmlFor={textId} className="paste-order-label">
            每行一个商品编码（或商品条码）和数量（如 AU-BLACKM-0034-01 24），可直接粘贴 Excel 的两列
          </label>
          <textarea
            id={textId}
            className="paste-order-text"
            rows={6}
            value={text}
            placeholder={'AU-BLACKM-0034-01\t24\nAU-BLACKM-0034-02 6箱'}
            onChange={(event) => setText(event.target.value)}
            disabled={parse.isPending}
          />
          <div className="paste-order-actions">
            <button type="button" className="btn btn-primary" onClick={onPreview} disabled={busy}>
              {parse.isPending ? '正在识别…' : '预览'}
            </button>
            <button type="button" className="btn" onClick={() => fileInput.current?.click()} disabled={busy}>
              上传文件
            </button>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept=".xlsx,.csv,.txt"
              aria-label="上传订货单文件"
              onChange={onFile}
            />
            <a className="paste-order-template" href={TEMPLATE_URL} download="订货单模板.csv">
              下载模板
            </a>
          </div>
          <p className="paste-order-limits muted">
            支持 .xlsx、.csv、.txt 文件，最大 {MB}MB、最多 {PASTE_LIMITS.lines} 行；预览时不会加入购物车。
          </p>
          {parse.isPending && (
            <p className="paste-order-loading" role="status">
              正在识别订货单，行数较多时需要几秒钟…
            </p>
          )}
          {problem && (
            <p className="paste-order-problem" role="alert">
              {problem}
            </p>
          )}
          {added && (
            <p className="paste-order-added" role="status">
              已加入购物车：{added.kinds} 个规格，共 {added.units} 件
              {cartLink && (
                <>
                  ，<Link to={paths.cart()}>去购物车结算</Link>
                </>
              )}
              {rows && '。以下各行未加入，可修改后再加入。'}
            </p>
          )}
        </div>

        {rows && rows.length === 0 && (
          <EmptyState
            title="预览已清空"
            description="所有行都已移除。可以重新粘贴或上传订货单。"
            actions={
              <button type="button" className="btn" onClick={() => setRows(null)}>
                重新粘贴
              </button>
            }
          />
        )}

        {rows && rows.length > 0 && (
          <section className="paste-preview" aria-label="订货预览" aria-busy={parse.isPending || reviewing}>
            <div className="paste-preview-head">
              <p className="paste-preview-counts">
                {source}：共 {rows.length} 行
                {counts.map(([label, n]) => (
                  <span key={label} className="paste-preview-count">
                    {label} {n}
                  </span>
                ))}
              </p>
              <div className="paste-preview-tools">
                <button type="button" className="btn btn-small" onClick={reviewAll} disabled={busy}>
                  {reviewing ? '正在重新预览…' : '重新预览全部'}
                </button>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => {
                    setRows(null);
                    setAddProblem(null);
                  }}
                  disabled={addLines.isPending}
                >
                  清空预览
                </button>
              </div>
            </div>
            <PastePreviewTable
              rows={rows}
              busyKeys={busyKeys}
              disabled={addLines.isPending}
              onRemove={remove}
              onRecode={recode}
              onRecount={recount}
            />
            <div className="paste-preview-foot">
              {overLimit && (
                <div className="paste-preview-limit" role="alert">
                  购物车最多可放 {PASTE_BATCH_MAX} 种商品，这次有 {lines.length} 种。可以先加入前{' '}
                  {PASTE_BATCH_MAX} 种，其余留在预览中分批下单。
                  <button
                    type="button"
                    className="btn"
                    disabled={busy || repricing}
                    onClick={() => add(lines.slice(0, PASTE_BATCH_MAX))}
                  >
                    先加入前 {PASTE_BATCH_MAX} 种（共 {unitsOf(lines.slice(0, PASTE_BATCH_MAX))} 件）
                  </button>
                </div>
              )}
              {addProblem && (
                <p className="paste-order-problem" role="alert">
                  未加入购物车：{addProblem}
                </p>
              )}
              {lines.length === 0 ? (
                <p className="muted">没有可加入的行：请修改编码或数量，或移除无法购买的行。</p>
              ) : (
                <button
                  type="button"
                  className="btn btn-primary paste-preview-add"
                  disabled={busy || repricing || overLimit}
                  onClick={() => add(lines)}
                >
                  {addLines.isPending
                    ? '正在加入…'
                    : `全部加入购物车（${lines.length} 个规格，共 ${unitsOf(lines)} 件）`}
                </button>
              )}
            </div>
          </section>
        )}
      </div>
    </details>
  );
}

/** The preview's lines counted by status, in the order the buyer deals with them; statuses with none left out. */
function countByStatus(rows: readonly PasteRow[]): [string, number][] {
  const order: PastePreviewItem['status'][] = [
    PasteLineStatus.Ok,
    PasteLineStatus.Adjusted,
    PasteLineStatus.Short,
    PasteLineStatus.Unknown,
    PasteLineStatus.NotForSale,
  ];
  return order
    .map((status): [string, number] => [
      PASTE_STATUS_LABEL[status],
      rows.filter((r) => r.item.status === status).length,
    ])
    .filter(([, n]) => n > 0);
}
