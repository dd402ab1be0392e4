/** Spec §8 'Custom failure messages' of the saved-list actions, for failures the server does not explain. */
export const SavedListFailure = {
  save: '保存清单失败，请检查网络后重试',
  update: '修改清单失败，请检查网络后重试',
  remove: '删除清单失败，请检查网络后重试',
  addToCart: '加入购物车失败，请检查网络后重试',
  export: '导出清单失败，请检查网络后重试',
} as const;
