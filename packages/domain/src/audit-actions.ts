/**
 * Every action the audit log records (docs/decisions/019), with the words staff read for it. The writer
 * (`AuditEntry.action` in apps/api/src/lib/audit.ts) is typed against this table, so an action without a label
 * does not compile; the console shows the label and keeps the code in a tooltip.
 */
export const AUDIT_ACTION_LABELS = {
  'staff.login': '员工登录',
  'staff.logout': '员工退出登录',
  'staff.logoutAll': '退出所有设备',
  'staff.create': '新增员工',
  'staff.update': '修改员工',
  'staff.changePassword': '员工修改密码',
  'staff.resetPassword': '重置员工密码',
  'staff.totpSetup': '开始设置两步验证',
  'staff.totpEnable': '启用两步验证',
  'staff.resetTotp': '重置两步验证',
  'staff.unlock': '解除登录锁定',
  'member.level': '调整会员等级',
  'notice.resend': '重发站外通知',
  'notice.discard': '放弃站外通知',
  'member.resetPassword': '重置会员密码',
  'company.create': '创建公司',
  'company.invite': '邀请公司成员',
  'company.revokeInvite': '撤销公司邀请',
  'company.accept': '接受公司邀请',
  'company.member': '修改公司成员角色或额度',
  'company.remove': '移除公司成员',
  'company.leave': '退出公司',
  'company.level': '调整公司价格等级',
  'company.approve': '批准采购订单',
  'company.reject': '拒绝采购订单',
  'quote.answer': '询价报价',
  'quote.close': '关闭询价',
  'aftersale.approve': '同意售后申请',
  'aftersale.reject': '拒绝售后申请',
  'aftersale.receive': '售后退货收货',
  'aftersale.refund': '售后退款',
  'aftersale.refundEnded': '售后退款渠道结果',
  'aftersale.shipExchange': '售后换货发出',
  'aftersale.settings': '修改售后设置',
  'credit.grant': '设置公司账期额度',
  'credit.charge': '账期支付',
  'credit.payment': '登记账期收款',
  'credit.allocate': '账期收款分配到账单',
  'credit.depositPayment': '余额还款账期账单',
  'deposit.cash': '余额入账（现金）',
  'deposit.gift': '余额赠送',
  'recharge.approve': '确认充值到账',
  'recharge.reject': '驳回充值',
  'order.markPaid': '订单标记已付款',
  'order.push': '推送到仓库',
  'order.processing': '仓库处理中',
  'order.ready': '备货完成（待发货）',
  'order.ship': '发货',
  'order.preOrderServed': '预订商品到货配货',
  'order.pickupReady': '待自提',
  'order.inTransit': '运输中',
  'order.finish': '订单完成',
  'order.transition': '变更订单状态',
  'order.attach': '上传包裹照片',
  'order.printPacking': '打印装箱单',
  'order.printPicking': '打印拣货单',
  'order.cancelPaid': '取消已付款订单',
  'order.refund': '订单退款',
  'fapiao.issue': '上传已开发票',
  'order.refundConfirmed': '渠道退款成功',
  'order.refundFailed': '渠道退款失败',
  'logistics.add': '添加物流轨迹',
  'payment.update': '修改支付方式',
  'reconciliation.run': '发起对账',
  'reconciliation.settle': '处理对账差异',
  'rate.set': '设置汇率',
  'seller.update': '修改商家与GST设置',
  'bankAccounts.update': '修改转账收款账户',
  'promotion.create': '新建促销',
  'promotion.update': '修改促销',
  'promotion.stop': '停用促销',
  'promotion.resume': '恢复促销',
  'goods.create': '新建商品',
  'goods.update': '修改商品',
  'goods.import': '导入商品',
  'goods.shelf': '商品上下架',
  'stock.adjust': '调整库存',
  'stock.return': '售后退货入库或报损',
  'stock.exchange': '售后换货出库',
  'brand.create': '新建品牌',
  'brand.update': '修改品牌',
  'brand.delete': '删除品牌',
  'category.create': '新建分类',
  'category.update': '修改分类',
  'category.move': '移动分类',
  'category.delete': '删除分类',
  'courier.create': '新增快递公司',
  'courier.update': '修改快递公司',
  'courier.rule': '设置运费规则',
  'courier.ruleDelete': '删除运费规则',
  'warehouse.pickup': '设置仓库自提点',
  'warehouse.pickupOff': '关闭仓库自提',
  'article.create': '新建文章',
  'article.update': '修改文章',
  'articleCategory.create': '新建文章分类',
  'articleCategory.update': '修改文章分类',
  'articleCategory.delete': '删除文章分类',
  'template.draft': '保存页面草稿',
  'template.publish': '发布页面',
  'template.discard': '放弃页面草稿',
  'message.send': '发送站内信',
  'message.announce': '发布公告',
  'ticket.reply': '回复工单',
  'ticket.update': '修改工单',
  'ticket.close': '关闭工单',
  'ticket.reopen': '重新打开工单',
  'supplier.note': '供应商联系记录',
  'supplier.status': '变更供应商申请状态',
  'finance.export': '导出财务数据',
  'stock.threshold': '设置低库存提醒',
} as const satisfies Record<`${string}.${string}`, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** The kinds of object the log names (`objectType`, the part of an action before the dot and a few more). */
export const AUDIT_OBJECT_LABELS: Readonly<Record<string, string>> = {
  staff: '员工',
  member: '会员',
  deposit: '余额',
  recharge: '充值',
  order: '订单',
  parcel: '包裹（物流单号）',
  logistics: '物流',
  payment: '支付方式',
  reconciliation: '对账',
  rate: '汇率',
  seller: '商家信息',
  bankAccounts: '转账收款账户',
  promotion: '促销',
  goods: '商品',
  sku: 'SKU',
  stock: '库存',
  brand: '品牌',
  category: '商品分类',
  courier: '快递公司',
  warehouse: '仓库',
  article: '文章',
  articleCategory: '文章分类',
  template: '页面',
  message: '站内信',
  ticket: '工单',
  supplier: '供应商申请',
  fapiao: '发票',
  company: '公司',
  credit: '公司账期',
  quote: '询价',
  accountInvoice: '账期账单',
  accountPayment: '账期收款',
  finance: '财务导出',
};

export function isAuditAction(code: string): code is AuditAction {
  return Object.hasOwn(AUDIT_ACTION_LABELS, code);
}

/** The label of an action, or the code itself for one this release does not know (an older row). */
export function auditActionLabel(code: string): string {
  return isAuditAction(code) ? AUDIT_ACTION_LABELS[code] : code;
}

/** The label of an object type, or the code itself for one this release does not know. */
export function auditObjectLabel(code: string): string {
  return Object.hasOwn(AUDIT_OBJECT_LABELS, code) ? (AUDIT_OBJECT_LABELS[code] ?? code) : code;
}

/**
 * The console's action filter: one group per kind of object, its every action ('order' matches them all, as
 * audit/list/ takes an action without a dot), in the table's order.
 */
export function auditActionGroups(): { objectType: string; label: string; actions: AuditAction[] }[] {
  const groups = new Map<string, AuditAction[]>();
  for (const action of Object.keys(AUDIT_ACTION_LABELS) as AuditAction[]) {
    const objectType = action.slice(0, action.indexOf('.'));
    groups.set(objectType, [...(groups.get(objectType) ?? []), action]);
  }
  return [...groups].map(([objectType, actions]) => ({
    objectType,
    label: auditObjectLabel(objectType),
    actions,
  }));
}
