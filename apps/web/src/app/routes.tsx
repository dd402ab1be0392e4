import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { PageSkeleton } from '@/components/skeleton';
import { RootLayout } from './layouts/root-layout';
import { MEMBER_ROUTE_ID, type RouteHandle } from './route-handle';
import { RouteErrorPage } from './routes/route-error';

type LazyModule = () => Promise<Pick<RouteObject, 'Component'> & Record<string, unknown>>;

const supplier: LazyModule = () => import('./routes/supplier');
const supplierBlock: LazyModule = () => import('./routes/supplier-block');
const supplierSource: LazyModule = () => import('./routes/supplier-data-source');

/** A page loaded on demand, with the skeleton shown while its code downloads (spec §2). */
function page(
  path: string | undefined,
  title: string | undefined,
  load: LazyModule,
  extra: Partial<RouteObject> = {},
) {
  const handle: RouteHandle = title ? { title } : {};
  return {
    ...(path === undefined ? { index: true } : { path }),
    handle,
    lazy: load,
    HydrateFallback: PageSkeleton,
    ...extra,
  } as RouteObject;
}

/** Old addresses that now live elsewhere. */
const REDIRECTS: Record<string, string> = { index: '/', home: '/', 'index.html': '/' };

/** The whole route table of spec §2 (every path exact; optional segments marked with '?'). */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      children: [
        {
          // Errors (a chunk that failed to download, a render error) show inside the shop layout.
          ErrorBoundary: RouteErrorPage,
          children: [
            page(undefined, undefined, () => import('./routes/home')),
            page('404', '页面不存在', () => import('./routes/not-found')),
            page('article/:id', '文章详情', () => import('./routes/article')),
            page('brand/:id', '品牌详情', () => import('./routes/brand')),
            page('brands', '品牌馆', () => import('./routes/brands')),
            page('brands/brandsImgScroll', '品牌图集', () => import('./routes/brands-img-scroll')),
            page('brands/category', '品牌分类', () => import('./routes/brands-category')),
            page('brands/letters', '品牌索引', () => import('./routes/brands-letters')),
            page('cart', '购物车', () => import('./routes/cart')),
            page('checkout', '结算', () => import('./routes/checkout')),
            page('payment', '支付', () => import('./routes/payment')),
            page('payment/result', '支付结果', () => import('./routes/payment-result')),
            page('product/:id?', '商品详情', () => import('./routes/product')),
            page('products/:cateId?', '商品列表', () => import('./routes/products')),
            page('order/:id', '订单详情', () => import('./routes/order-detail')),
            // The one-time link staff hand over (ADR 045); the shop's own page, outside spec §2's table.
            page('password-reset', '设置新密码', () => import('./routes/password-reset')),
            page('member', '会员中心', () => import('./layouts/member-layout'), {
              id: MEMBER_ROUTE_ID,
              children: [
                page(undefined, '会员中心', () => import('./routes/member-home')),
                page('aftersales', '我的售后', () => import('./routes/member-aftersales')),
                page('aftersales/new', '申请售后', () => import('./routes/member-aftersale-new')),
                page('aftersales/:id', '售后详情', () => import('./routes/member-aftersale')),
                page('company', '我的公司', () => import('./routes/member-company')),
                page('company/statement', '对账单', () => import('./routes/member-company-statement')),
                page('deposit', '余额明细', () => import('./routes/member-deposit')),
                page('message', '站内消息', () => import('./routes/member-message')),
                page('oldOrder', '历史订单', () => import('./routes/member-old-order')),
                page('order', '我的订单', () => import('./routes/member-order')),
                page('quotes', '我的询价', () => import('./routes/member-quotes')),
                page('quotes/:id', '询价详情', () => import('./routes/member-quote')),
                page('receiver', '收货地址', () => import('./routes/member-receiver')),
                page('recharge', '余额充值', () => import('./routes/member-recharge')),
                page('security', '账户安全', () => import('./routes/member-security')),
                page('sender', '发件地址', () => import('./routes/member-sender')),
                page('settings', '个人资料', () => import('./routes/member-settings')),
                page('supportticket', '服务工单', () => import('./routes/member-support-ticket')),
                page(
                  'supportticketreply/:id',
                  '工单回复',
                  () => import('./routes/member-support-ticket-reply'),
                ),
              ],
            }),
            // Spec §2: /supplier sits inside an extra wrapper; every supplier page is drawn in it, without the
            // shop's header (the area has its own navigation and language).
            page('supplier', '供应商专区', () => import('./layouts/supplier-layout'), {
              children: [
                page(undefined, '供应商专区', supplier),
                page('en', 'Supplier', supplier),
                // The landing page's blocks alone (previews); literal names keep the domain's contracts out of the entry.
                ...['Nav0', 'Banner1', 'Feature0', 'Feature5'].map((block) =>
                  page(block, '供应商专区', supplierBlock),
                ),
                page('data.source', '供应商专区', supplierSource),
                page('en/data.source', 'Supplier', supplierSource),
              ],
            }),
            page('user/order', '常购清单', () => import('./routes/user-order')),
            page('user/packing', '装箱单', () => import('./routes/user-packing')),
            page('user/products', '快速订货', () => import('./routes/user-products')),
            ...Object.entries(REDIRECTS).map(([from, to]) => ({
              path: from,
              element: <Navigate to={to} replace />,
            })),
            page('*', '页面不存在', () => import('./routes/not-found')),
          ],
        },
      ],
    },
  ];
}
