import type { SupplierTemplate } from '@shop/domain';

/**
 * The supplier area's first content, in Chinese (`supplier`) and English (`supplierEn`): what the shop offers a
 * brand or a factory that sells through it. The operator rewrites it with template:put.
 */
export const SUPPLIER_CONTENT_ZH: SupplierTemplate = {
  Nav0: {
    title: '澳中批发商城 · 供应商合作',
    links: [
      { label: '合作优势', anchor: 'Feature0' },
      { label: '合作流程', anchor: 'Feature5' },
      { label: '提交申请', anchor: 'apply' },
    ],
    cta: '成为供应商',
  },
  Banner1: {
    title: '把您的商品卖给澳洲与中国的批发买家',
    subtitle:
      '澳中批发商城服务澳大利亚和中国两地的批发会员，支持澳币与人民币两种币种结算。入驻后，您的商品从离买家最近的仓库发出，我们负责上架、收款与售后沟通。',
    cta: '立即申请入驻',
    highlights: ['9 个国家和地区的仓库', '澳币 / 人民币双币结算', '澳洲与中国两地会员', '专人对接上架'],
  },
  Feature0: {
    title: '为什么通过我们销售',
    subtitle: '一个后台，同时面向两个市场的批发买家。',
    items: [
      {
        figure: '9',
        title: '九个仓库',
        text: '澳大利亚、中国、新西兰、美国、香港、韩国、欧洲、日本的仓库及混合仓，就近入仓、就近发货。',
      },
      {
        figure: '2',
        title: '两种币种',
        text: '商品可按会员等级分别设置澳币和人民币价格，买家按自己习惯的币种下单和付款。',
      },
      {
        figure: 'AU · CN',
        title: '两地会员',
        text: '会员以澳洲和中国的批发商、代购和门店为主，复购稳定，订单量大。',
      },
      {
        figure: '1',
        title: '一位客户经理',
        text: '从资料审核、商品上架到对账结算，由同一位客户经理跟进，问题当天回复。',
      },
    ],
  },
  Feature5: {
    title: '合作流程',
    subtitle: '从提交申请到商品上架，通常两周以内。',
    steps: [
      { title: '提交申请', text: '填写下方表格，告诉我们您的公司、主营品类、品牌和可发货的仓库。' },
      { title: '资质审核', text: '客户经理在 3 个工作日内与您联系，核对营业执照、品牌授权和报价。' },
      { title: '签约入仓', text: '确认合作条件后签订供货协议，商品发往约定仓库或由您的仓库直发。' },
      { title: '上架销售', text: '我们完成商品资料、图片和多币种价格的上架，订单与结算在后台一目了然。' },
    ],
  },
  apply: {
    title: '成为供应商',
    intro: '请如实填写以下信息，带 * 的为必填项。我们会在 3 个工作日内通过电话或邮件与您联系。',
  },
};

export const SUPPLIER_CONTENT_EN: SupplierTemplate = {
  Nav0: {
    title: 'AU-CN Wholesale · Suppliers',
    links: [
      { label: 'Why us', anchor: 'Feature0' },
      { label: 'How it works', anchor: 'Feature5' },
      { label: 'Apply', anchor: 'apply' },
    ],
    cta: 'Become a supplier',
  },
  Banner1: {
    title: 'Sell to wholesale buyers in Australia and China',
    subtitle:
      'AU-CN Wholesale serves wholesale members in Australia and China and settles in both Australian dollars and Chinese yuan. Your goods ship from the warehouse nearest the buyer; we handle listing, payment and customer service.',
    cta: 'Apply now',
    highlights: [
      'Warehouses in 9 countries and regions',
      'Priced in AUD and CNY',
      'Members in AU and CN',
      'A dedicated account manager',
    ],
  },
  Feature0: {
    title: 'Why sell through us',
    subtitle: 'One listing reaches wholesale buyers in two markets.',
    items: [
      {
        figure: '9',
        title: 'Nine warehouses',
        text: 'Australia, China, New Zealand, the US, Hong Kong, Korea, Europe, Japan and a mixed warehouse: stock close to your buyers.',
      },
      {
        figure: '2',
        title: 'Two currencies',
        text: 'Set AUD and CNY prices per member level; buyers order and pay in the currency they use.',
      },
      {
        figure: 'AU · CN',
        title: 'Members in two countries',
        text: 'Wholesalers, resellers and shops in Australia and China who buy again and in volume.',
      },
      {
        figure: '1',
        title: 'One account manager',
        text: 'The same person follows your review, listings and statements, and answers the same day.',
      },
    ],
  },
  Feature5: {
    title: 'How it works',
    subtitle: 'From application to goods on sale, usually within two weeks.',
    steps: [
      {
        title: 'Apply',
        text: 'Fill in the form below: your company, categories, brands and the countries you ship from.',
      },
      {
        title: 'Review',
        text: 'An account manager contacts you within 3 working days to check your licence, brand rights and prices.',
      },
      {
        title: 'Agreement',
        text: 'Once terms are agreed we sign a supply agreement; goods go to the agreed warehouse or ship from yours.',
      },
      {
        title: 'On sale',
        text: 'We list your goods with photos and prices in both currencies; orders and statements are clear online.',
      },
    ],
  },
  apply: {
    title: 'Become a supplier',
    intro:
      'Please fill in the form; fields marked * are required. We will contact you by phone or e-mail within 3 working days.',
  },
};
