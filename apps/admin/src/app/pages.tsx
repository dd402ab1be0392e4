import {
  AccountBookOutlined,
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  CalculatorOutlined,
  CarOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExportOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  GiftOutlined,
  GlobalOutlined,
  HomeOutlined,
  LayoutOutlined,
  MailOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  PercentageOutlined,
  ReconciliationOutlined,
  RollbackOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Permission, type StaffSession } from '@shop/domain';
import type { ComponentType, ReactNode } from 'react';

/**
 * The console's pages (ADR 020). One entry per page: its path below /admin, its menu label and icon, the
 * permission that opens it, and its screen, loaded only when opened. The menu, the routes and the index
 * redirect are all built from this list, so a new page is one entry here plus its folder.
 */
export interface ConsolePage {
  /** Path segment below /admin, e.g. 'staff' → /admin/staff. */
  path: string;
  label: string;
  icon: ReactNode;
  permission: Permission;
  load: () => Promise<{ default: ComponentType }>;
  /** The screen of one object below the page (/admin/<path>/:id), behind the same permission. */
  detail?: () => Promise<{ default: ComponentType }>;
}

export const CONSOLE_PAGES: readonly ConsolePage[] = [
  // 工作台 first: the index opens it for every role.
  {
    path: 'dashboard',
    label: '工作台',
    icon: <DashboardOutlined />,
    permission: Permission.dashboardRead,
    load: () => import('./routes/dashboard'),
  },
  {
    path: 'orders',
    label: '订单',
    icon: <ShoppingOutlined />,
    permission: Permission.orderRead,
    load: () => import('./routes/orders'),
  },
  {
    path: 'quotes',
    label: '询价',
    icon: <CalculatorOutlined />,
    permission: Permission.quoteAnswer,
    load: () => import('./routes/quotes'),
    detail: () => import('./routes/quote-detail'),
  },
  {
    path: 'aftersales',
    label: '售后',
    icon: <RollbackOutlined />,
    permission: Permission.afterSaleHandle,
    load: () => import('./routes/aftersales'),
    detail: () => import('./routes/aftersale-detail'),
  },
  {
    path: 'goods',
    label: '商品',
    icon: <GiftOutlined />,
    permission: Permission.catalogueEdit,
    load: () => import('./routes/goods'),
    // /admin/goods/new and /admin/goods/:id: the editor.
    detail: () => import('./routes/goods-edit'),
  },
  {
    path: 'brands',
    label: '品牌',
    icon: <TagsOutlined />,
    permission: Permission.catalogueEdit,
    load: () => import('./routes/brands'),
  },
  {
    path: 'categories',
    label: '分类',
    icon: <ApartmentOutlined />,
    permission: Permission.catalogueEdit,
    load: () => import('./routes/categories'),
  },
  {
    path: 'home',
    label: '首页装修',
    icon: <LayoutOutlined />,
    permission: Permission.contentEdit,
    load: () => import('./routes/home-editor'),
  },
  {
    path: 'articles',
    label: '文章',
    icon: <FileTextOutlined />,
    permission: Permission.contentEdit,
    load: () => import('./routes/articles'),
  },
  {
    path: 'site',
    label: '基础设置',
    icon: <SettingOutlined />,
    permission: Permission.contentEdit,
    load: () => import('./routes/site-settings'),
  },
  {
    path: 'supplier-page',
    label: '供应商页面',
    icon: <GlobalOutlined />,
    permission: Permission.contentEdit,
    load: () => import('./routes/supplier-page'),
  },
  {
    path: 'warehouses',
    label: '仓库',
    icon: <HomeOutlined />,
    permission: Permission.catalogueEdit,
    load: () => import('./routes/warehouses'),
  },
  {
    path: 'stock',
    label: '库存',
    icon: <DatabaseOutlined />,
    permission: Permission.stockAdjust,
    load: () => import('./routes/stock'),
  },
  {
    path: 'tickets',
    label: '客服工单',
    icon: <CustomerServiceOutlined />,
    permission: Permission.ticketHandle,
    load: () => import('./routes/tickets'),
    detail: () => import('./routes/ticket-detail'),
  },
  {
    path: 'messages',
    label: '站内消息',
    icon: <NotificationOutlined />,
    permission: Permission.messageSend,
    load: () => import('./routes/messages'),
  },
  {
    path: 'notices',
    label: '站外通知',
    icon: <MailOutlined />,
    permission: Permission.noticeManage,
    load: () => import('./routes/notices'),
  },
  {
    path: 'recharges',
    label: '充值审核',
    icon: <AccountBookOutlined />,
    permission: Permission.rechargeReview,
    load: () => import('./routes/recharges'),
  },
  {
    path: 'fapiao',
    label: '发票申请',
    icon: <FileTextOutlined />,
    permission: Permission.invoiceIssue,
    load: () => import('./routes/fapiao'),
  },
  {
    path: 'members',
    label: '会员',
    icon: <UserOutlined />,
    permission: Permission.memberRead,
    load: () => import('./routes/members'),
    detail: () => import('./routes/member-detail'),
  },
  {
    path: 'companies',
    label: '公司',
    icon: <ShopOutlined />,
    permission: Permission.memberRead,
    load: () => import('./routes/companies'),
    // /admin/companies/:id: the company's 账期 (credit, invoices, payments).
    detail: () => import('./routes/company-credit'),
  },
  {
    path: 'account-invoices',
    label: '账单',
    icon: <FileDoneOutlined />,
    permission: Permission.memberRead,
    load: () => import('./routes/account-invoices'),
  },
  {
    path: 'supplier-applications',
    label: '供应商申请',
    icon: <SolutionOutlined />,
    permission: Permission.supplierManage,
    load: () => import('./routes/supplier-applications'),
    detail: () => import('./routes/supplier-application-detail'),
  },
  {
    path: 'settings',
    label: '汇率与支付',
    icon: <MoneyCollectOutlined />,
    permission: Permission.settingsMoney,
    load: () => import('./routes/settings'),
  },
  {
    path: 'seller',
    label: '商家与GST',
    icon: <BankOutlined />,
    permission: Permission.settingsSeller,
    load: () => import('./routes/seller'),
  },
  {
    path: 'reconciliation',
    label: '对账',
    icon: <ReconciliationOutlined />,
    permission: Permission.paymentReconcile,
    load: () => import('./routes/reconciliation'),
  },
  {
    path: 'exports',
    label: '财务导出',
    icon: <ExportOutlined />,
    permission: Permission.financeExport,
    load: () => import('./routes/exports'),
  },
  {
    path: 'promotions',
    label: '促销',
    icon: <PercentageOutlined />,
    permission: Permission.settingsMoney,
    load: () => import('./routes/promotions'),
  },
  {
    path: 'couriers',
    label: '快递与运费',
    icon: <CarOutlined />,
    permission: Permission.settingsMoney,
    load: () => import('./routes/couriers'),
  },
  {
    path: 'staff',
    label: '员工管理',
    icon: <TeamOutlined />,
    permission: Permission.staffManage,
    load: () => import('./routes/staff'),
  },
  {
    path: 'audit',
    label: '操作日志',
    icon: <AuditOutlined />,
    permission: Permission.auditRead,
    load: () => import('./routes/audit'),
  },
];

/** The pages this staff member may open, in menu order. */
export function pagesFor(session: Pick<StaffSession, 'permissions'>): ConsolePage[] {
  return CONSOLE_PAGES.filter((page) => session.permissions.includes(page.permission));
}
