/**
 * Chinese labels of request fields, so a validation error can name the bad field
 * in words a shopper reads ('用户名' rather than 'username').
 */
export const FIELD_LABELS: Record<string, string> = {
  username: '用户名',
  password: '密码',
  oldPassword: '原密码',
  newPassword: '新密码',
  captchaId: '验证码编号',
  captchaCode: '验证码',
  name: '姓名',
  email: '邮箱',
  mobile: '手机号',
  company: '公司名称',
  wechat: '微信号',
  websiteId: '站点编号',
  pageNo: '页码',
  pageSize: '每页条数',
  id: '编号',
  skuId: 'SKU编号',
  location: '仓库',
  cateId: '分类',
  brandId: '品牌',
  keyword: '搜索词',
  orderByType: '排序方式',
  orderByTendency: '排序方向',
  currency: '币种',
  clientId: '客户端编号',
  templateName: '模板名称',
  text: '地址文本',
  qty: '购买数量',
  selected: '选中状态',
  phone: '手机号',
  country: '国家',
  province: '省份',
  city: '城市',
  district: '区县',
  detail: '详细地址',
  postCode: '邮编',
  idCardNo: '身份证号',
  defaultFlag: '默认地址',
  locationCode: '配送地区',
  packs: '包裹',
  gifts: '赠品',
  courierId: '快递',
  promotionId: '促销活动',
  goodsId: '商品编号',
  requestId: '请求编号',
  isPickup: '自提',
  receiverId: '收货地址',
  senderId: '寄件地址',
  memberRemark: '订单备注',
  logisticCode: '物流单号',
  orderId: '订单编号',
  status: '订单状态',
  deposit: '支付金额',
  money: '充值金额',
  reference: '付款人或流水号',
  note: '备注',
  type: '类型',
  paymentType: '支付场景',
  methodId: '支付方式',
  tradeNo: '交易号',
  supportWebsite: '站点支付',
};

/** The label of a field path such as ['items', 0, 'qty'], falling back to the raw path. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  for (let i = path.length - 1; i >= 0; i -= 1) {
    const key = path[i];
    if (typeof key === 'string') return FIELD_LABELS[key] ?? key;
  }
  return '请求参数';
}
