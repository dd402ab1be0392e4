import { useId, useState } from 'react';
import { notify } from '@/lib/notify';
import { useUpdateMemberRemark } from '../api/order-actions';

/** updateMemberRemark/ accepts at most 500 characters. */
const REMARK_MAX = 500;

/**
 * The member's remark on an order, editable in place (spec §3 'Order' detail extras) until the order is finished
 * or cancelled (the server refuses then, so the page offers nothing). The count sits in the row of the buttons,
 * in the flow, so it never lies under 保存 however narrow the page.
 */
export function RemarkEditor({
  orderId,
  remark,
  editable,
}: {
  orderId: number;
  remark: string;
  editable: boolean;
}) {
  const update = useUpdateMemberRemark();
  const [draft, setDraft] = useState<string | null>(null);
  const countId = useId();

  if (draft === null || !editable) {
    return (
      <div className="order-remark">
        <p className={remark ? undefined : 'muted'}>{remark || '无备注'}</p>
        {editable && (
          <button type="button" className="link-button order-link" onClick={() => setDraft(remark)}>
            编辑备注
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="order-remark-edit">
      <textarea
        className="text-box"
        aria-label="订单备注"
        aria-describedby={countId}
        value={draft}
        maxLength={REMARK_MAX}
        rows={4}
        onChange={(event) => setDraft(event.target.value)}
      />
      <div className="order-remark-tools">
        <span id={countId} className="muted order-remark-count" data-testid="remark-count">
          {draft.length} / {REMARK_MAX}
        </span>
        <button type="button" className="btn" disabled={update.isPending} onClick={() => setDraft(null)}>
          取消
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { id: orderId, memberRemark: draft.trim() },
              {
                onSuccess: () => {
                  notify.success('备注已保存');
                  setDraft(null);
                },
              },
            )
          }
        >
          保存
        </button>
      </div>
    </div>
  );
}
