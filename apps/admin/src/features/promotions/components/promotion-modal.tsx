import {
  type AdminPromotion,
  adminPromotionSaveRequestSchema,
  PROMOTION_METHOD_LABELS,
  PromotionMethod,
} from '@shop/domain';
import { Alert, Checkbox, DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { FormModal } from '@/components/form-modal';
import { zodRule } from '@/lib/zod-rule';
import { useSavePromotion } from '../api/promotions';
import { SkuPicker } from './sku-picker';

const shape = adminPromotionSaveRequestSchema.shape;
const M = PromotionMethod;

/** What each method does, in the words of the form. */
const METHOD_HELP: Readonly<Record<number, string>> = {
  [M.AmountOfReduction]: '参与 SKU 的金额满门槛后减去固定金额，如满 200 减 20。',
  [M.Discount]: '参与的 SKU 按折扣价计算，如 90 即九折。',
  [M.OnTheHouse]: '参与 SKU 的金额满门槛后，顾客在结算时领取赠品（选择赠品的规格）。',
  [M.BuyDiscountAgain]: '同一 SKU 买第二件起按折扣价计算。',
  [M.AndBuyDiscount]: '买参与的 SKU 时，同时购买的搭配 SKU 按折扣价计算。',
};

interface Values {
  name: string;
  method: number;
  currency: 'AUD' | 'CNY';
  threshold?: string;
  reduce?: string;
  discountPercent?: number;
  skuIds?: number[];
  pairSkuIds?: number[];
  giftGoodsId?: number;
  stackable?: boolean;
  priority?: number | null;
  period?: [Dayjs | null, Dayjs | null] | null;
}

const usesThreshold = (m: number) => m === M.AmountOfReduction || m === M.OnTheHouse;
const usesPercent = (m: number) => m === M.Discount || m === M.BuyDiscountAgain || m === M.AndBuyDiscount;

/** Creates a promotion of any of the five methods, or changes one; each method asks only for what it uses. */
export function PromotionModal({
  promotion,
  onClose,
}: {
  promotion: AdminPromotion | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSavePromotion();
  const method = Form.useWatch('method', form) ?? promotion?.method ?? M.AmountOfReduction;
  const currency = Form.useWatch('currency', form) ?? promotion?.currency ?? 'CNY';
  const unit = currency === 'AUD' ? '澳元' : '元';
  // The gift picked before, named before any search.
  const gift = promotion?.gift;
  const giftKnown = useMemo(
    () =>
      gift
        ? [
            {
              skuId: 0,
              skuCode: '',
              goodsId: gift.goodsId,
              goodsName: gift.goodsName,
              spec: '',
              warehouseName: '',
            },
          ]
        : [],
    [gift],
  );
  const submit = (v: Values) => {
    const [from, to] = v.period ?? [null, null];
    save.mutate(
      {
        ...(promotion ? { id: promotion.id } : {}),
        name: v.name.trim(),
        method: v.method,
        currency: v.currency,
        ...(usesThreshold(v.method) && v.threshold ? { threshold: v.threshold.trim() } : {}),
        ...(v.method === M.AmountOfReduction && v.reduce ? { reduce: v.reduce.trim() } : {}),
        ...(usesPercent(v.method) && v.discountPercent !== undefined
          ? { discountPercent: v.discountPercent }
          : {}),
        skuIds: v.skuIds ?? [],
        pairSkuIds: v.method === M.AndBuyDiscount ? (v.pairSkuIds ?? []) : [],
        ...(v.method === M.OnTheHouse && v.giftGoodsId !== undefined ? { giftGoodsId: v.giftGoodsId } : {}),
        ...(v.method === M.AmountOfReduction
          ? { stackable: v.stackable === true, priority: v.priority ?? 0 }
          : {}),
        startsAt: from ? from.toISOString() : null,
        endsAt: to ? to.toISOString() : null,
      },
      { onSuccess: onClose },
    );
  };
  const initial: Partial<Values> = promotion
    ? {
        name: promotion.name,
        method: promotion.method,
        currency: promotion.currency,
        threshold: promotion.threshold === '0.00' ? undefined : promotion.threshold,
        reduce: promotion.reduce === '0.00' ? undefined : promotion.reduce,
        discountPercent: promotion.discountPercent ?? undefined,
        skuIds: promotion.skus.map((s) => s.skuId),
        pairSkuIds: promotion.pairSkus.map((s) => s.skuId),
        giftGoodsId: promotion.gift?.goodsId,
        stackable: promotion.stackable,
        priority: promotion.priority,
        period: [
          promotion.startsAt ? dayjs(promotion.startsAt) : null,
          promotion.endsAt ? dayjs(promotion.endsAt) : null,
        ],
      }
    : {
        method: M.AmountOfReduction,
        currency: 'CNY',
        skuIds: [],
        pairSkuIds: [],
        stackable: false,
        priority: 0,
      };
  return (
    <FormModal<Values>
      title={promotion ? `修改促销：${promotion.name}` : '新建促销'}
      okText="保存"
      pending={save.isPending}
      onClose={onClose}
      form={form}
      name="promotion"
      initialValues={initial}
      onFinish={submit}
    >
      <Form.Item name="name" label="促销名称" rules={[zodRule(shape.name, '促销名称')]}>
        <Input maxLength={100} placeholder="如 满200减20" />
      </Form.Item>
      <Form.Item name="method" label="促销方式" extra={METHOD_HELP[method]}>
        <Radio.Group
          optionType="button"
          options={Object.entries(PROMOTION_METHOD_LABELS).map(([value, label]) => ({
            value: Number(value),
            label,
          }))}
        />
      </Form.Item>
      <Form.Item name="currency" label="币种" extra="只对以该币种结算的商品生效">
        <Select
          options={[
            { value: 'CNY', label: '人民币 CNY' },
            { value: 'AUD', label: '澳元 AUD' },
          ]}
        />
      </Form.Item>
      {usesThreshold(method) && (
        <Form.Item
          name="threshold"
          label={`门槛（${unit}）`}
          rules={[zodRule(shape.threshold, '门槛')]}
          extra="不填为无门槛"
        >
          <Input inputMode="decimal" placeholder="如 200" />
        </Form.Item>
      )}
      {method === M.AmountOfReduction && (
        <Form.Item
          name="reduce"
          label={`减免金额（${unit}）`}
          rules={[{ required: true, message: '请输入减免金额' }, zodRule(shape.reduce, '减免金额')]}
        >
          <Input inputMode="decimal" placeholder="如 20" />
        </Form.Item>
      )}
      {method === M.AmountOfReduction && (
        <>
          <Form.Item
            name="stackable"
            valuePropName="checked"
            extra="不勾选时，同币种的满减每单只享一个：对顾客最优惠的那个"
          >
            <Checkbox>可与其他满减同享</Checkbox>
          </Form.Item>
          <Form.Item
            name="priority"
            label="优先级"
            extra="0-999，数字越大越优先：两个满减优惠金额相同时，优先级高的生效"
          >
            <InputNumber min={0} max={999} precision={0} />
          </Form.Item>
        </>
      )}
      {usesPercent(method) && (
        <Form.Item
          name="discountPercent"
          label="折扣（实付百分比）"
          extra="90 即九折，85 即八五折"
          rules={[{ required: true, message: '请输入折扣' }]}
        >
          <InputNumber min={1} max={99} precision={0} suffix="%" />
        </Form.Item>
      )}
      <Form.Item name="skuIds" label="参与的 SKU" extra="不选为全部 SKU；输入商品名称或 SKU 编码搜索">
        <SkuPicker known={promotion?.skus} placeholder="全部 SKU" />
      </Form.Item>
      {method === M.AndBuyDiscount && (
        <Form.Item
          name="pairSkuIds"
          label="搭配 SKU"
          rules={[{ required: true, type: 'array', min: 1, message: '请选择搭配 SKU' }]}
        >
          <SkuPicker known={promotion?.pairSkus} placeholder="同时购买时打折的 SKU" />
        </Form.Item>
      )}
      {method === M.OnTheHouse && (
        <Form.Item
          name="giftGoodsId"
          label="赠品商品"
          rules={[{ required: true, message: '请选择赠品商品' }]}
        >
          <SkuPicker mode="single" goods placeholder="搜索商品" known={giftKnown} />
        </Form.Item>
      )}
      <Form.Item name="period" label="有效期" extra="不填开始时间即刻生效，不填结束时间一直有效">
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowEmpty={[true, true]}
        />
      </Form.Item>
      {promotion?.state === 'running' && (
        <Alert type="info" showIcon title="修改对之后的结算生效，已下的订单不变。" />
      )}
    </FormModal>
  );
}
