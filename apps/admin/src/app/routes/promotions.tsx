import { PlusOutlined } from '@ant-design/icons';
import {
  type AdminPromotion,
  PROMOTION_METHOD_LABELS,
  PROMOTION_STATE_LABELS,
  PROMOTION_STATES,
  PromotionMethod,
  type PromotionState,
} from '@shop/domain';
import { Button, Card, Popconfirm, Radio, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { PagedTable, pageOf } from '@/components/paged-table';
import { usePromotionList, useSetPromotionActive } from '@/features/promotions/api/promotions';
import { PromotionModal } from '@/features/promotions/components/promotion-modal';
import { skuLabel } from '@/features/promotions/components/sku-picker';
import { formatTime } from '@/lib/date';
import { pageFromSearch, pageToSearch } from '@/lib/list-controls';

const STATE_COLORS: Readonly<Record<PromotionState, string>> = {
  running: 'green',
  scheduled: 'blue',
  ended: 'default',
  stopped: 'red',
};

/** What a promotion asks and gives, in one line: '满 200.00 减 20.00', '九折', '满 50.00 赠 有机婴儿米粉'. */
function terms(p: AdminPromotion): string {
  const money = (v: string) => `${p.currency === 'AUD' ? 'A$' : '¥'}${v}`;
  const over = p.threshold === '0.00' ? '' : `满 ${money(p.threshold)} `;
  switch (p.method) {
    case PromotionMethod.AmountOfReduction: {
      // How it combines with the other 满减 (ADR 031).
      const combine = p.stackable ? '可与其他满减同享' : '每单只享最优的一个满减';
      return `${over}减 ${money(p.reduce)}（${combine}${p.priority > 0 ? `，优先级 ${p.priority}` : ''}）`;
    }
    case PromotionMethod.OnTheHouse:
      return `${over}赠 ${p.gift?.goodsName ?? ''}`;
    case PromotionMethod.BuyDiscountAgain:
      return `第二件起 ${p.discountPercent}%`;
    case PromotionMethod.AndBuyDiscount:
      return `搭配 ${p.pairSkus.length} 个 SKU ${p.discountPercent}%`;
    default:
      return `${p.discountPercent}%`;
  }
}

/** 促销 (owner and finance): the five methods of promotion, where each stands, and stopping one at once. */
export default function PromotionsPage() {
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state') as PromotionState | null;
  const state = stateParam && PROMOTION_STATES.includes(stateParam) ? stateParam : undefined;
  const methodParam = params.get('method');
  const method =
    methodParam !== null && methodParam in PROMOTION_METHOD_LABELS ? Number(methodParam) : undefined;
  const { pageNo, pageSize } = pageFromSearch(params);
  const go = (
    next: { state?: PromotionState | undefined; method?: number | undefined },
    page: number,
    size: number,
  ) => {
    const search = new URLSearchParams();
    if (next.state) search.set('state', next.state);
    if (next.method !== undefined) search.set('method', String(next.method));
    pageToSearch(search, { pageNo: page, pageSize: size });
    setParams(search);
  };
  const list = usePromotionList({ state, method, pageNo, pageSize });
  const setActive = useSetPromotionActive();
  const [editing, setEditing] = useState<AdminPromotion | null>();
  return (
    <Card
      title="促销"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          新建促销
        </Button>
      }
    >
      <Space wrap className="console-filters">
        <Radio.Group
          aria-label="状态"
          optionType="button"
          buttonStyle="solid"
          value={state ?? 'all'}
          onChange={(e) =>
            go({ state: e.target.value === 'all' ? undefined : e.target.value, method }, 1, pageSize)
          }
          options={[
            { value: 'all', label: '全部' },
            ...PROMOTION_STATES.map((s) => ({ value: s, label: PROMOTION_STATE_LABELS[s] })),
          ]}
        />
        <Select
          aria-label="促销方式"
          allowClear
          placeholder="全部方式"
          className="filter-select"
          value={method}
          onChange={(m?: number) => go({ state, method: m }, 1, pageSize)}
          options={Object.entries(PROMOTION_METHOD_LABELS).map(([value, label]) => ({
            value: Number(value),
            label,
          }))}
        />
      </Space>
      {list.isError ? (
        <LoadFailed title="促销加载失败" error={list.error} retry={list.refetch} />
      ) : (
        <PagedTable<AdminPromotion>
          {...pageOf(list, { pageNo, pageSize }, (page, size) => go({ state, method }, page, size))}
          rowKey="id"
          scrollX={1180}
          unit="个促销"
          emptyText={state || method !== undefined ? '没有符合条件的促销' : '还没有促销，先新建一个'}
          columns={[
            { title: '名称', dataIndex: 'name', width: 200 },
            { title: '方式', dataIndex: 'methodLabel', width: 96, render: (v: string) => <Tag>{v}</Tag> },
            { title: '币种', dataIndex: 'currency', width: 64 },
            { title: '条件与优惠', width: 200, render: (_, p) => terms(p) },
            {
              title: '参与的 SKU',
              width: 220,
              ellipsis: { showTitle: false },
              render: (_, p) => {
                if (p.skus.length === 0) return '全部 SKU';
                const text = `${p.skus.length} 个：${p.skus.map((s) => s.goodsName).join('、')}`;
                return <span title={p.skus.map(skuLabel).join('\n')}>{text}</span>;
              },
            },
            {
              title: '有效期',
              width: 170,
              render: (_, p) =>
                !p.startsAt && !p.endsAt
                  ? '长期'
                  : `${formatTime(p.startsAt)} 至 ${p.endsAt ? formatTime(p.endsAt) : '长期'}`,
            },
            {
              title: '状态',
              dataIndex: 'state',
              width: 90,
              render: (s: PromotionState) => <Tag color={STATE_COLORS[s]}>{PROMOTION_STATE_LABELS[s]}</Tag>,
            },
            {
              title: '操作',
              width: 130,
              render: (_, p) => (
                <>
                  <Button type="link" onClick={() => setEditing(p)}>
                    修改
                  </Button>
                  <Popconfirm
                    title={p.active ? `停用「${p.name}」？结算立即不再应用。` : `启用「${p.name}」？`}
                    okText={p.active ? '停用' : '启用'}
                    okButtonProps={{ danger: p.active }}
                    cancelText="取消"
                    onConfirm={() => setActive.mutate({ id: p.id, active: !p.active })}
                  >
                    <Button type="link" danger={p.active}>
                      {p.active ? '停用' : '启用'}
                    </Button>
                  </Popconfirm>
                </>
              ),
            },
          ]}
        />
      )}
      {editing !== undefined && <PromotionModal promotion={editing} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}
