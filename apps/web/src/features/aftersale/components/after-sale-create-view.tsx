import {
  AFTER_SALE_REASON_LABELS,
  AFTER_SALE_REASONS,
  AFTER_SALE_TYPE_LABELS,
  AFTER_SALE_TYPES,
  type AfterSaleClaimable,
  type AfterSaleClaimableLine,
  AfterSaleMessages,
  type AfterSaleReason,
  type AfterSaleType,
  formatPrice,
} from '@shop/domain';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ProductImage } from '@/components/product-image';
import { QtyStepper } from '@/components/qty-stepper';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { formatDateTime } from '@/lib/date';
import { formatMajorPrice, majorToMinor } from '@/lib/money';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { lineClaimProblem } from '../after-sale-state';
import { useCreateAfterSale } from '../api/create-after-sale';
import { useClaimable } from '../api/get-claimable';
import '../aftersale.css';

/** The most the member may write (create/'s text). */
export const AFTER_SALE_TEXT_MAX = 500;

/**
 * The photos of a request: the support tickets' picture uploads (uploadImage/), which the route composes in, since a
 * feature never imports another. The ids of the uploaded pictures go as create/'s `images`.
 */
export interface AfterSalePhotos {
  /** The picker with its previews, progress and refusals. */
  field: ReactNode;
  imageIds: readonly number[];
  uploading: boolean;
  failed: boolean;
}

interface Errors {
  type?: string;
  reason?: string;
  lines?: string;
}

function NoOrder() {
  return (
    <EmptyState
      title="请从订单详情申请售后"
      description="在已发货或已完成的订单详情中点击“申请售后”。"
      actions={
        <Link to={paths.member.order()} className="btn btn-primary">
          查看我的订单
        </Link>
      }
    />
  );
}

function OrderNotFound() {
  return (
    <EmptyState
      title={AfterSaleMessages.orderNotFound}
      description="该订单可能不属于当前账号。"
      actions={
        <Link to={paths.member.order()} className="btn btn-primary">
          返回我的订单
        </Link>
      }
    />
  );
}

/**
 * 申请售后 (/member/aftersales/new?orderId=, issue #39): what of the order may be claimed now (claimable/); when the
 * window is closed or nothing is left, why. Otherwise the form: the type, the reason, the lines with how many pieces,
 * a description and photos; sent to create/, then the new request's page.
 */
export function AfterSaleCreateView({
  orderId,
  photos,
}: {
  orderId: number | undefined;
  photos: AfterSalePhotos;
}) {
  const claimable = useClaimable(orderId);
  if (orderId === undefined) return <NoOrder />;
  return (
    <QueryView query={claimable} loading={<Skeleton lines={8} />} notFound={<OrderNotFound />}>
      {(claim) =>
        claim.open ? (
          <AfterSaleForm claim={claim} photos={photos} />
        ) : (
          <EmptyState
            title="暂不能申请售后"
            description={claim.reason ?? '该订单当前不能申请售后。'}
            actions={
              <>
                <Link to={paths.order(claim.orderId)} className="btn btn-primary">
                  返回订单
                </Link>
                <Link to={paths.member.afterSales()} className="btn">
                  我的售后
                </Link>
              </>
            }
          />
        )
      }
    </QueryView>
  );
}

function AfterSaleForm({ claim, photos }: { claim: AfterSaleClaimable; photos: AfterSalePhotos }) {
  const ids = useId();
  const navigate = useNavigate();
  const create = useCreateAfterSale();
  const [type, setType] = useState<AfterSaleType | null>(null);
  const [reason, setReason] = useState<AfterSaleReason | ''>('');
  /** The lines ticked, with the pieces asked for each. */
  const [picked, setPicked] = useState<ReadonlyMap<number, number>>(new Map());
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const pick = (line: AfterSaleClaimableLine, qty: number | null) => {
    setPicked((current) => {
      const next = new Map(current);
      if (qty === null) next.delete(line.itemId);
      else next.set(line.itemId, Math.min(line.claimable, Math.max(1, qty)));
      return next;
    });
    if (qty !== null) setErrors((e) => ({ ...e, lines: undefined }));
  };

  const chosen = claim.lines.flatMap((line) => {
    const qty = picked.get(line.itemId);
    return qty === undefined ? [] : [{ line, qty }];
  });
  const goods = chosen.reduce((sum, { line, qty }) => sum + majorToMinor(line.unitPrice) * qty, 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (type === null) found.type = '请选择售后类型';
    if (reason === '') found.reason = '请选择售后原因';
    if (chosen.length === 0) found.lines = '请选择要售后的商品';
    setErrors(found);
    if (type === null || reason === '' || chosen.length === 0) return;
    if (photos.uploading) {
      notify.warn('图片还在上传，请稍候');
      return;
    }
    if (photos.failed) {
      notify.warn('有图片上传失败，请删除后再提交');
      return;
    }
    create.mutate(
      {
        orderId: claim.orderId,
        type,
        reason,
        text: text.trim(),
        images: [...photos.imageIds],
        lines: chosen.map(({ line, qty }) => ({ itemId: line.itemId, qty })),
      },
      {
        onSuccess: ({ afterSale, message }) => {
          notify.success(message);
          navigate(paths.member.afterSale(afterSale.id));
        },
      },
    );
  };

  return (
    <form className="panel aftersale-form" onSubmit={submit} noValidate aria-labelledby={`${ids}-h`}>
      <div className="aftersale-form-head">
        {/* The page's title says it already; the form keeps its name for screen readers. */}
        <h2 className="visually-hidden" id={`${ids}-h`}>
          申请售后
        </h2>
        <p className="muted aftersale-form-order">
          订单 <Link to={paths.order(claim.orderId)}>{claim.orderNo}</Link>
        </p>
        <p className="aftersale-window" data-testid="aftersale-window">
          {claim.windowEndsAt
            ? `请在 ${formatDateTime(claim.windowEndsAt)} 前提交售后申请`
            : `订单完成后 ${claim.windowDays} 天内可申请售后`}
        </p>
      </div>

      <fieldset
        className="aftersale-fieldset"
        aria-invalid={errors.type !== undefined}
        aria-describedby={errors.type ? `${ids}-type` : undefined}
      >
        <legend className="aftersale-label">售后类型</legend>
        <div className="aftersale-types">
          {AFTER_SALE_TYPES.map((value) => (
            <label key={value} className="aftersale-type">
              <input
                type="radio"
                name={`${ids}-type`}
                value={value}
                checked={type === value}
                onChange={() => {
                  setType(value);
                  setErrors((e) => ({ ...e, type: undefined }));
                }}
              />
              <span>{AFTER_SALE_TYPE_LABELS[value]}</span>
            </label>
          ))}
        </div>
        {errors.type && (
          <span id={`${ids}-type`} className="aftersale-error">
            {errors.type}
          </span>
        )}
      </fieldset>

      <div className="aftersale-field">
        <label className="aftersale-label" htmlFor={`${ids}-reason`}>
          售后原因
        </label>
        <select
          id={`${ids}-reason`}
          className="aftersale-select"
          value={reason}
          onChange={(event) => {
            setReason(event.target.value as AfterSaleReason | '');
            setErrors((e) => ({ ...e, reason: undefined }));
          }}
          aria-invalid={errors.reason !== undefined}
          aria-describedby={errors.reason ? `${ids}-reason-error` : undefined}
        >
          <option value="">请选择</option>
          {AFTER_SALE_REASONS.map((value) => (
            <option key={value} value={value}>
              {AFTER_SALE_REASON_LABELS[value]}
            </option>
          ))}
        </select>
        {errors.reason && (
          <span id={`${ids}-reason-error`} className="aftersale-error">
            {errors.reason}
          </span>
        )}
      </div>

      <fieldset
        className="aftersale-fieldset"
        aria-invalid={errors.lines !== undefined}
        aria-describedby={errors.lines ? `${ids}-lines` : undefined}
      >
        <legend className="aftersale-label">售后商品</legend>
        <ul className="aftersale-picks">
          {claim.lines.map((line) => (
            <ClaimLine
              key={line.itemId}
              line={line}
              currency={claim.currency}
              qty={picked.get(line.itemId)}
              onPick={(qty) => pick(line, qty)}
            />
          ))}
        </ul>
        {errors.lines && (
          <span id={`${ids}-lines`} className="aftersale-error">
            {errors.lines}
          </span>
        )}
        {chosen.length > 0 && type !== 'exchange' && (
          <p className="muted aftersale-estimate" data-testid="aftersale-estimate">
            所选商品金额 {formatPrice(goods, claim.currency)}，实际退款金额以审核结果为准
          </p>
        )}
      </fieldset>

      <div className="aftersale-field">
        <label className="aftersale-label" htmlFor={`${ids}-text`}>
          问题描述（选填）
        </label>
        <textarea
          id={`${ids}-text`}
          className="aftersale-textarea"
          rows={4}
          value={text}
          maxLength={AFTER_SALE_TEXT_MAX}
          onChange={(event) => setText(event.target.value)}
          placeholder="请描述商品的问题，如破损情况、缺少的数量"
          aria-describedby={`${ids}-count`}
        />
        <span id={`${ids}-count`} className="muted aftersale-count">
          {text.length} / {AFTER_SALE_TEXT_MAX}
        </span>
      </div>

      <div className="aftersale-field">
        <span className="aftersale-label">照片（选填）</span>
        {photos.field}
      </div>

      <div className="aftersale-submit">
        <button type="submit" className="btn btn-primary" disabled={create.isPending || photos.uploading}>
          {create.isPending ? '提交中…' : photos.uploading ? '图片上传中…' : '提交申请'}
        </button>
      </div>
    </form>
  );
}

/** One order line: ticked to claim it, with how many pieces (at most those left); a gift or a line with none left cannot be. */
function ClaimLine({
  line,
  currency,
  qty,
  onPick,
}: {
  line: AfterSaleClaimableLine;
  currency: AfterSaleClaimable['currency'];
  qty: number | undefined;
  onPick: (qty: number | null) => void;
}) {
  const ids = useId();
  const problem = lineClaimProblem(line);
  const name = line.skuName || line.name;
  return (
    <li className={`aftersale-pick${problem ? ' is-disabled' : ''}`} data-testid="claim-line">
      <input
        id={`${ids}-check`}
        type="checkbox"
        className="aftersale-pick-check"
        checked={qty !== undefined}
        disabled={problem !== null}
        onChange={(event) => onPick(event.target.checked ? 1 : null)}
        aria-describedby={`${ids}-facts`}
      />
      <ProductImage path={line.image} alt="" width={56} />
      <div className="aftersale-pick-body">
        <label htmlFor={`${ids}-check`} className="aftersale-pick-name">
          {line.name}
          {line.skuName && line.skuName !== line.name && <span className="muted"> {line.skuName}</span>}
          {line.isGift && <span className="aftersale-tag">赠品</span>}
        </label>
        <span id={`${ids}-facts`} className="muted aftersale-pick-facts">
          {formatMajorPrice(line.unitPrice, currency)} · 已发货 {line.delivered} 件
          {line.claimed > 0 && ` · 已申请 ${line.claimed} 件`}
          {problem ? ` · ${problem}` : ` · 可申请 ${line.claimable} 件`}
        </span>
      </div>
      {qty !== undefined && (
        <div className="aftersale-pick-qty">
          <QtyStepper
            value={qty}
            max={line.claimable}
            commit="typing"
            label={`${name} 申请数量`}
            inputLabel={`${name} 申请数量`}
            onChange={(next) => onPick(Number.isNaN(next) ? qty : next)}
          />
        </div>
      )}
    </li>
  );
}
