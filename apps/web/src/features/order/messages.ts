/** Spec §8 'Custom failure messages' of the order actions, for failures the server does not explain. */
export const OrderFailure = {
  finish: '确认收货失败，请检查网络后重试',
  attachments: '获取包裹附件失败，请检查网络后重试',
  logistics: '获取物流信息失败，请检查网络后重试',
  remark: '修改订单备注失败，请检查网络后重试',
  cancel: '取消订单失败，请检查网络后重试',
  repurchase: '再次购买失败，请检查网络后重试',
} as const;
