import { createOrderRequestSchema } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import {
  createOrderBody,
  giftChoices,
  type OrderDraft,
  orderDraftProblem,
} from '@/features/checkout/create-order-body';

const draft = (fields: Partial<OrderDraft> = {}): OrderDraft => ({
  currency: 'CNY',
  isPickup: false,
  receiver: { id: 4 },
  sender: null,
  packs: [
    { index: 0, options: { courierId: 11 } },
    { index: 1, options: { courierId: 21 } },
  ],
  gifts: {},
  memberRemark: '',
  ...fields,
});

const REQUEST_ID = '6f1c2a9e-3b7d-4e5f-9a0b-1c2d3e4f5a6b';

describe('orderDraftProblem: what keeps 提交订单 from sending', () => {
  it.each([
    ['a delivery with a receiver and a courier per pack', draft(), null],
    ['a delivery without a receiver', draft({ receiver: null }), '请先添加收货地址'],
    [
      'a pack without a courier',
      draft({
        packs: [
          { index: 0, options: { courierId: 11 } },
          { index: 1, options: {} },
        ],
      }),
      '请为每个包裹选择快递',
    ],
    [
      'a pack whose courier is null',
      draft({ packs: [{ index: 0, options: { courierId: null } }] }),
      '请为每个包裹选择快递',
    ],
    [
      'pickup, with neither',
      draft({ isPickup: true, receiver: null, packs: [{ index: 0, options: {} }] }),
      null,
    ],
  ])('%s', (_case, given, problem) => {
    expect(orderDraftProblem(given)).toBe(problem);
  });
});

describe('createOrderBody: the createdOrder/ body of an attempt (spec §7)', () => {
  it.each([
    [
      'a delivery',
      draft({ memberRemark: ' 请用纸箱 ' }),
      {
        currency: 'CNY',
        isPickup: false,
        receiverId: 4,
        senderId: null,
        packs: [
          { index: 0, courierId: 11 },
          { index: 1, courierId: 21 },
        ],
        gifts: [],
        memberRemark: '请用纸箱',
      },
    ],
    [
      'a pickup in AUD with a sender and a gift',
      draft({
        currency: 'AUD',
        isPickup: true,
        receiver: null,
        sender: { id: 7 },
        packs: [{ index: 0, options: {} }],
        gifts: { 9: 501 },
      }),
      {
        currency: 'AUD',
        isPickup: true,
        receiverId: null,
        senderId: 7,
        packs: [{ index: 0, courierId: null }],
        gifts: [{ promotionId: 9, skuId: 501 }],
        memberRemark: '',
      },
    ],
  ])('%s', (_case, given, expected) => {
    const body = createOrderBody(given, REQUEST_ID);
    expect(body).toEqual({ requestId: REQUEST_ID, ...expected });
    // What the API accepts: the request contract of packages/domain, with the website id the fetcher adds.
    expect(createOrderRequestSchema.safeParse({ ...body, websiteId: 1 }).success).toBe(true);
  });

  it('sends the gift choices by promotion id', () => {
    expect(giftChoices({ 9: 501, 12: 600 })).toEqual([
      { promotionId: 9, skuId: 501 },
      { promotionId: 12, skuId: 600 },
    ]);
  });
});
