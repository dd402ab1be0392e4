import { qtyRuleProblem } from '@shop/domain';
import { Button, Form, InputNumber, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { notify } from '@/lib/notify';
import { productRule, type SkuRow } from './goods-form-model';

type Rule = { minQty: number; stepQty: number; maxQty: number | null };

/**
 * The good's wholesale settings (ADR 050): one quantity rule written to every SKU at once (the rule lives on each
 * SKU; 'mixed' says they differ), and whether the volume prices count all the good's SKUs together.
 */
export function WholesaleDefaults({
  rows,
  onApply,
}: {
  rows: readonly SkuRow[];
  onApply: (rule: Rule) => void;
}) {
  const current = productRule(rows);
  const [draft, setDraft] = useState<{
    minQty: number | null;
    stepQty: number | null;
    maxQty: number | null;
  }>({
    minQty: null,
    stepQty: null,
    maxQty: null,
  });
  const apply = () => {
    const rule = { minQty: draft.minQty ?? 1, stepQty: draft.stepQty ?? 1, maxQty: draft.maxQty ?? null };
    const problem = qtyRuleProblem(rule);
    if (problem) {
      notify.error(problem);
      return;
    }
    onApply(rule);
    notify.success(`已应用到全部 ${rows.length} 个 SKU`);
  };
  const describe = (r: Rule) =>
    [
      `${r.minQty}件起订`,
      r.stepQty > 1 ? `每箱${r.stepQty}件` : '按件卖',
      r.maxQty === null ? '不限购' : `限购${r.maxQty}件`,
    ].join('，');
  return (
    <div className="goods-wholesale" style={{ marginTop: 12 }}>
      <Typography.Text strong>批发设置</Typography.Text>{' '}
      <Typography.Text type="secondary">
        {current === null
          ? ''
          : current === 'mixed'
            ? '各 SKU 的起订和箱规不同'
            : `全部 SKU：${describe(current)}`}
      </Typography.Text>
      <Space wrap style={{ display: 'flex', marginTop: 8 }}>
        <InputNumber
          aria-label="全部 SKU 起订量"
          placeholder="起订量"
          min={1}
          max={9999}
          precision={0}
          value={draft.minQty}
          onChange={(v) => setDraft({ ...draft, minQty: v })}
        />
        <InputNumber
          aria-label="全部 SKU 每箱件数"
          placeholder="每箱件数"
          min={1}
          max={9999}
          precision={0}
          value={draft.stepQty}
          onChange={(v) => setDraft({ ...draft, stepQty: v })}
        />
        <InputNumber
          aria-label="全部 SKU 限购"
          placeholder="限购（空为不限）"
          min={1}
          max={9999}
          precision={0}
          value={draft.maxQty}
          onChange={(v) => setDraft({ ...draft, maxQty: v })}
          style={{ width: 150 }}
        />
        <Button onClick={apply} disabled={rows.length === 0}>
          应用到全部 SKU
        </Button>
        <Form.Item name="breaksMixed" valuePropName="checked" noStyle>
          <Switch
            checkedChildren="阶梯价混批"
            unCheckedChildren="阶梯价按单个 SKU"
            aria-label="阶梯价混批计算"
          />
        </Form.Item>
      </Space>
    </div>
  );
}
