import type { SupplierLang } from '@shop/domain';

/**
 * The supplier area's own words in each language: the form, the language switch, the previews. What the page
 * says about the shop comes from the operator's templates (supplier, supplierEn).
 */
export interface SupplierTexts {
  htmlLang: string;
  switchLabel: string;
  languages: Record<SupplierLang, string>;
  backToShop: string;
  loadFailed: string;
  retry: string;
  fields: {
    company: string;
    contact: string;
    phone: string;
    email: string;
    country: string;
    categories: string;
    categoriesHint: string;
    brands: string;
    brandsHint: string;
    warehouseCountries: string;
    message: string;
    captcha: string;
  };
  countries: Record<string, string>;
  choose: string;
  submit: string;
  submitting: string;
  required: (label: string) => string;
  tooLong: (label: string, max: number) => string;
  badPhone: string;
  badEmail: string;
  chooseWarehouse: string;
  sentTitle: string;
  sendAnother: string;
  captcha: { refresh: string; alt: string; loading: string; retry: string };
  preview: {
    block: string;
    source: string;
    openPage: string;
    sourceNote: (name: string) => string;
    updated: string;
  };
}

const ZH: SupplierTexts = {
  htmlLang: 'zh-CN',
  switchLabel: '语言',
  languages: { zh: '中文', en: 'English' },
  backToShop: '返回商城',
  loadFailed: '页面内容加载失败',
  retry: '重试',
  fields: {
    company: '公司名称',
    contact: '联系人',
    phone: '电话',
    email: '邮箱',
    country: '所在国家/地区',
    categories: '主营品类',
    categoriesHint: '如：保健品、母婴用品、美妆个护',
    brands: '品牌',
    brandsHint: '自有或代理的品牌，多个用逗号分隔',
    warehouseCountries: '可发货仓库所在国家',
    message: '留言',
    captcha: '验证码',
  },
  countries: {
    AU: '澳大利亚',
    CN: '中国',
    NZ: '新西兰',
    US: '美国',
    HK: '香港',
    KR: '韩国',
    EU: '欧洲',
    JP: '日本',
    OTHER: '其他',
  },
  choose: '请选择',
  submit: '提交申请',
  submitting: '提交中…',
  required: (label) => `请填写${label}`,
  tooLong: (label, max) => `${label}最多${max}个字符`,
  badPhone: '电话格式不正确，如 +61 412 345 678',
  badEmail: '邮箱格式不正确',
  chooseWarehouse: '请至少选择一个发货仓国家',
  sentTitle: '申请已提交',
  sendAnother: '再提交一份',
  captcha: { refresh: '看不清？点击换一张验证码', alt: '验证码', loading: '加载中…', retry: '点击重新获取' },
  preview: {
    block: '区块预览',
    source: '内容源',
    openPage: '查看整页',
    sourceNote: (name) => `本页内容来自模板 ${name}，由商城运营人员编辑；此处只读。`,
    updated: '最后更新',
  },
};

const EN: SupplierTexts = {
  htmlLang: 'en',
  switchLabel: 'Language',
  languages: { zh: '中文', en: 'English' },
  backToShop: 'Back to the shop',
  loadFailed: 'The page could not be loaded',
  retry: 'Try again',
  fields: {
    company: 'Company',
    contact: 'Contact person',
    phone: 'Phone',
    email: 'E-mail',
    country: 'Country or region',
    categories: 'Product categories',
    categoriesHint: 'e.g. health supplements, baby care, cosmetics',
    brands: 'Brands',
    brandsHint: 'Brands you own or distribute, separated by commas',
    warehouseCountries: 'Countries you ship from',
    message: 'Message',
    captcha: 'Picture code',
  },
  countries: {
    AU: 'Australia',
    CN: 'China',
    NZ: 'New Zealand',
    US: 'United States',
    HK: 'Hong Kong',
    KR: 'Korea',
    EU: 'Europe',
    JP: 'Japan',
    OTHER: 'Other',
  },
  choose: 'Please choose',
  submit: 'Send application',
  submitting: 'Sending…',
  required: (label) => `Please enter: ${label.toLowerCase()}`,
  tooLong: (label, max) => `${label} may have at most ${max} characters`,
  badPhone: 'Please enter a valid phone number, e.g. +61 412 345 678',
  badEmail: 'Please enter a valid e-mail address',
  chooseWarehouse: 'Please choose at least one country',
  sentTitle: 'Application sent',
  sendAnother: 'Send another',
  captcha: {
    refresh: 'Hard to read? Click for a new picture code',
    alt: 'Picture code',
    loading: 'Loading…',
    retry: 'Click to load again',
  },
  preview: {
    block: 'Block preview',
    source: 'Content source',
    openPage: 'Open the page',
    sourceNote: (name) =>
      `This page is filled from the template ${name}, edited by the shop's staff; read-only here.`,
    updated: 'Last updated',
  },
};

export const SUPPLIER_TEXTS: Record<SupplierLang, SupplierTexts> = { zh: ZH, en: EN };
