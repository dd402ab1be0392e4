import type { PickupPoint } from '@shop/domain';
import { SYDNEY_PICKUP } from './pickup';

/**
 * Demo help articles (spec §7 'Content': article categories and articles). Real, useful text for a
 * member of an Australia–China wholesale shop; stored as sanitized HTML.
 */
export interface SeedArticle {
  /** Stable key the templates link to. */
  key: string;
  title: string;
  summary: string;
  html: string;
}

export interface SeedArticleCategory {
  name: string;
  articles: readonly SeedArticle[];
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * The pickup article from the warehouses' pickup points (warehouse:list), so that it says what checkout
 * offers: where and when each desk opens, and that goods of every other warehouse are shipped only.
 */
export function pickupArticleHtml(points: readonly PickupPoint[]): string {
  const desks = points
    .map((p) => {
      const phone = p.phone ? `；电话 ${escapeHtml(p.phone)}` : '';
      return `<li><strong>${escapeHtml(p.warehouseName)}</strong>：${escapeHtml(p.address)}；营业时间 ${escapeHtml(p.hours)}${phone}</li>`;
    })
    .join('');
  const where =
    points.length === 0
      ? '<p>目前没有仓库提供到仓自提，所有订单均以快递发货。</p>'
      : `<p>目前只有以下仓库提供到仓自提：</p><ul>${desks}</ul><p>其他仓库（包括中国仓）的商品只能快递发货。一个订单中只要有一个包裹来自不提供自提的仓库，结算页就不会出现“到仓自提”，请把可自提的商品单独下单。</p>`;
  return `<h2>自提地点</h2>${where}<h2>自提流程</h2><ol><li>结算时选择“到仓自提”，无需支付运费；结算页会显示自提地址和营业时间。</li><li>收到“待自提”通知后，凭订单号和身份证件在营业时间内取货。</li><li>订单保留 7 天，超时未取将联系您改为快递发货。</li></ol>`;
}

export const SEED_ARTICLE_CATEGORIES: readonly SeedArticleCategory[] = [
  {
    name: '购物指南',
    articles: [
      {
        key: 'how-to-order',
        title: '如何注册与下单',
        summary: '从注册会员到提交订单的完整步骤。',
        html: `<h2>一、注册会员</h2><p>点击页面右上角的“注册”，填写用户名（3-32 位字母、数字或下划线）、密码（至少 8 位，须同时包含字母和数字）以及图形验证码即可完成注册。注册后即为普通会员（等级 37），可以浏览批发价并下单。</p>
<h2>二、挑选商品</h2><ul><li>在首页或“全部商品”中按分类、品牌、仓库筛选，也可以直接搜索中文名、英文名或品牌。</li><li>商品名称前的【澳大利亚仓】【中国仓】等标记表示发货仓库，不同仓库的价格与时效不同。</li><li>多规格商品请先选择颜色、尺码或规格，再填写数量。</li></ul>
<h2>三、加入购物车并结算</h2><p>未登录时加入的商品会保存在本机购物车，登录后自动合并到您的账户。结算时请选择收货地址、发货人和快递方式，确认金额后提交订单。</p>
<h2>四、支付</h2><p>订单提交后可使用账户余额（人民币或澳元）或在线支付完成付款。未支付的订单会保留库存一段时间，超时后自动取消。</p>`,
      },
      {
        key: 'member-levels',
        title: '会员等级与批发价说明',
        summary: '普通会员、批发会员与大客户的价格区别。',
        html: `<h2>会员等级</h2><table><thead><tr><th>等级</th><th>名称</th><th>说明</th></tr></thead><tbody><tr><td>37</td><td>普通会员</td><td>注册即享，按标准批发价购买</td></tr><tr><td>38</td><td>批发会员</td><td>月采购额稳定的门店与代购，多数商品约 92 折</td></tr><tr><td>39</td><td>大客户</td><td>整箱或整柜采购客户，多数商品约 85 折</td></tr></tbody></table>
<p>商品页显示的价格即为您当前等级的价格。个别商品未设置更高等级的价格时，按普通会员价格结算。</p>
<p>如需升级为批发会员或大客户，请联系客服并提供营业执照或近三个月的采购记录，审核通过后即时生效。</p>`,
      },
      {
        key: 'currency',
        title: '澳元与人民币结算说明',
        summary: '为什么有的商品只能用人民币支付，以及汇率如何计算。',
        html: `<h2>两种币种</h2><p>本商城同时以澳元（$）和人民币（¥）标价。页面右上角可以切换显示币种，默认显示人民币。</p>
<h2>只能用人民币支付的商品</h2><p>部分商品（多为中国仓、香港仓发货的商品）只设置了人民币价格。购物车中勾选了这类商品时，页面会提示“以下商品无法使用澳元支付，请重新选择”，请将它们单独下单并用人民币支付。</p>
<h2>合计金额</h2><ul><li>同时勾选了澳元和人民币商品时，合计显示为“$澳元金额 + ¥人民币金额”。</li><li>“折合人民币”按商城当天设置的汇率将澳元部分换算成人民币后相加，仅供参考。</li><li>所有金额保留两位小数，按四舍五入计算。</li></ul>
<h2>账户余额</h2><p>澳元余额和人民币余额分开记账，互不换算。使用余额支付时，只能用对应币种的余额支付对应币种的金额。</p>`,
      },
    ],
  },
  {
    name: '配送说明',
    articles: [
      {
        key: 'warehouses',
        title: '仓库与发货时效',
        summary: '九个仓库的发货地点与大致到货时间。',
        html: `<h2>各仓库发货时效</h2><table><thead><tr><th>仓库</th><th>发货时间</th><th>到达中国大陆</th></tr></thead><tbody><tr><td>澳大利亚仓</td><td>付款后 1-2 个工作日</td><td>7-12 个工作日</td></tr><tr><td>新西兰仓</td><td>付款后 2-3 个工作日</td><td>8-14 个工作日</td></tr><tr><td>中国仓（保税）</td><td>付款后当天或次日</td><td>2-4 天</td></tr><tr><td>香港仓</td><td>付款后 1 个工作日</td><td>3-5 天</td></tr><tr><td>美国仓、欧洲仓</td><td>付款后 2-4 个工作日</td><td>10-18 个工作日</td></tr><tr><td>日本仓、韩国仓</td><td>付款后 1-3 个工作日</td><td>5-10 个工作日</td></tr><tr><td>混合仓</td><td>按订单中最慢的仓库</td><td>按包裹分别计算</td></tr></tbody></table>
<p>一个订单包含多个仓库的商品时，系统会按仓库自动拆分为多个包裹，分别发货、分别提供物流单号。</p>
<p>遇到海关查验、节假日或极端天气时，时效可能延长，我们会通过站内消息通知您。</p>`,
      },
      {
        key: 'shipping-fee',
        title: '运费与包裹重量计算',
        summary: '运费按包裹实际重量计算，奶粉等商品有单包限额。',
        html: `<h2>运费计算</h2><p>运费按每个包裹的商品重量合计（含包装）计算，首重 1kg，续重每 0.5kg 计费，具体价格以结算页显示为准。</p>
<h2>单包限制</h2><ul><li>奶粉：每个包裹最多 6 罐。</li><li>保健品：每个包裹最多 8 瓶。</li><li>单个包裹申报价值不超过 2000 元人民币。</li></ul>
<p>超出限制的订单会被自动拆分为多个包裹，每个包裹单独计算运费。</p>`,
      },
      {
        key: 'pickup',
        title: '门店自提服务',
        summary: '哪些仓库可以到仓自提，地址、营业时间与流程，免运费。',
        // The seed writes it from the shop's pickup points (pickupArticleHtml); this is the text for the Sydney desk.
        html: pickupArticleHtml([{ warehouseId: 1, warehouseName: '澳大利亚仓', ...SYDNEY_PICKUP }]),
      },
    ],
  },
  {
    name: '售后服务',
    articles: [
      {
        key: 'returns',
        title: '退换货政策',
        summary: '哪些情况可以退换，以及如何申请。',
        html: `<h2>可以退换的情况</h2><ul><li>收到的商品与订单不符（品牌、规格、数量错误）。</li><li>商品在运输中破损、漏液或变形。</li><li>商品在保质期内出现质量问题。</li></ul>
<h2>不支持退换的情况</h2><ul><li>已拆封的食品、奶粉、保健品和个人护理用品（质量问题除外）。</li><li>因个人原因（如买错、不想要）且商品已发出的订单。</li></ul>
<h2>申请方式</h2><p>请在签收后 48 小时内，在“我的订单”中提交售后工单，附上外包装、面单和商品问题的照片。客服会在 1 个工作日内回复。审核通过的退款将原路退回或退回账户余额。</p>`,
      },
      {
        key: 'quality',
        title: '商品质量问题处理流程',
        summary: '发现质量问题时的处理步骤与时限。',
        html: `<h2>处理步骤</h2><ol><li>保留商品和全部包装，不要丢弃。</li><li>拍摄清晰的问题照片或视频，包括批次号和保质期。</li><li>在订单详情中提交工单，选择“订单咨询”并描述问题。</li><li>客服核实后安排补发、换货或退款。</li></ol><p>涉及批次问题的商品，我们会同时向品牌方反馈，并通知购买了同批次商品的会员。</p>`,
      },
    ],
  },
  {
    name: '关于我们',
    articles: [
      {
        key: 'about',
        title: '关于澳中批发商城',
        summary: '面向代购、门店与企业客户的澳中跨境批发平台。',
        html: `<p>澳中批发商城是一家面向代购、零售门店与企业客户的跨境批发平台，在悉尼、奥克兰、深圳前海保税区及香港设有仓库，另与美国、欧洲、日本和韩国的合作仓库直连。</p><p>我们直接向品牌方和授权经销商采购，提供奶粉、保健品、美妆个护、食品饮料、服饰鞋包和家居日用六大品类的正品货源，支持澳元与人民币双币结算。</p>`,
      },
      {
        key: 'contact',
        title: '联系我们',
        summary: '客服热线、邮箱与工作时间。',
        html: `<ul><li>客服热线：+61 2 8000 1234（澳洲）／400-800-1234（中国）</li><li>客服邮箱：service@auzh-wholesale.example</li><li>工作时间：周一至周六 9:00-18:00（悉尼时间）</li><li>悉尼仓地址：${SYDNEY_PICKUP.address}</li></ul><p>批发合作与大客户咨询请发邮件至 trade@auzh-wholesale.example，注明公司名称与联系方式。</p>`,
      },
      {
        key: 'terms',
        title: '用户协议',
        summary: '注册会员前请阅读的服务条款。',
        html: `<p>欢迎注册澳中批发商城会员。注册即表示您同意以下条款：</p><ol><li>您提供的注册信息真实、准确，并妥善保管账户与密码；通过您的账户进行的操作视为您本人的行为。</li><li>商城所售商品以页面展示的价格、库存与规格为准；订单提交并付款后，商城按订单约定的仓库与配送方式发货。</li><li>会员等级与批发价格由商城根据采购情况设定，商城可在提前公告后调整。</li><li>请勿利用本商城从事违法活动或转售假冒商品；违反者商城有权暂停或注销其账户。</li><li>退换货、运费与自提等规则见帮助中心相关说明。</li></ol><p>本协议的解释与争议处理适用商城运营所在地的法律。</p>`,
      },
      {
        key: 'privacy',
        title: '隐私政策',
        summary: '我们收集哪些个人信息，以及如何使用和保护。',
        html: `<p>我们重视您的隐私。本政策说明澳中批发商城如何收集、使用和保护您的个人信息。</p><ol><li>收集的信息：注册时的用户名、姓名、手机号与邮箱，下单时的收发货地址，以及支付结果（不含银行卡或支付账户密码）。</li><li>使用目的：处理订单与发货、清关申报、客服联系和账户安全；未经您同意，不用于其他目的。</li><li>共享：仅在完成订单所必需时提供给物流、清关与支付服务商，或依法律要求提供。</li><li>保存与安全：密码加密保存，个人信息仅授权人员可访问；账户注销后按法律要求的期限删除。</li><li>您的权利：可在会员中心查看和修改个人资料，或联系客服查询、更正、删除个人信息。</li></ol>`,
      },
    ],
  },
];
