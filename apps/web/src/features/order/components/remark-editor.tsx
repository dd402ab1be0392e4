import { Input } from 'antd';
import { useState } from 'react';
import { notify } from '@/lib/notify';
import { useUpdateMemberRemark } from '../api/order-actions';

/** updateMemberRemark/ accepts at most 500 characters. */
const REMARK_MAX = 500;

/** The member's remark on an order, editable in place (spec §3 'Order' detail extras). */
export function RemarkEditor({ orderId, remark }: { orderId: number; remark: string }) {
  const update = useUpdateMemberRemark();
  const [draft, setDraft] = useState<string | null>(null);

  if (draft === null) {
    return (
      <div className="order-remark">
        <p className={remark ? undefined : 'muted'}>{remark || '无备注'}</p>
        <button type="button" className="link-button order-link" onClick={() => setDraft(remark)}>
          编辑备注
        </button>
      </div>
    );
  }
  return (
    <div className="order-remark-edit">
      <Input.TextArea
        aria-label="订单备注"
        value={draft}
        maxLength={REMARK_MAX}
        showCount
        rows={4}
        onChange={(event) => setDraft(event.target.value)}
      />
      <div className="order-remark-tools">
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
