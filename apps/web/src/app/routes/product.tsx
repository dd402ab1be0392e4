import { withLocationPrefix } from '@shop/domain';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { cartBuyActions } from '@/features/cart/components/cart-buy-actions';
import { useGoodsDetail } from '@/features/catalogue/api/get-goods-detail';
import type { GoodsRef } from '@/features/catalogue/api/keys';
import { BuyActionProvider } from '@/features/catalogue/buy-action';
import { ProductDetail } from '@/features/catalogue/components/product-detail';
import { positiveIntParam } from '@/lib/params';
import { paths } from '@/lib/paths';
import { usePageTitle } from '../route-handle';

function NotFound() {
  return (
    <EmptyState
      title="商品不存在"
      description="该商品可能已被删除，或链接有误。"
      actions={
        <Link to={paths.products()} className="btn btn-primary">
          浏览全部商品
        </Link>
      }
    />
  );
}

/** Product detail (spec §2 /product/{id?} and /product?skuId=). */
export function Component() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const goodsId = positiveIntParam(id);
  const skuId = positiveIntParam(params.get('skuId'));
  const ref: GoodsRef | undefined = goodsId ? { id: goodsId } : skuId ? { skuId } : undefined;
  const goods = useGoodsDetail(ref);
  usePageTitle(goods.data ? withLocationPrefix(goods.data.name, goods.data.location) : undefined);

  // Buying on this page puts the SKU into the cart (spec §4 'Guest cart', §7 addItem/).
  return (
    <BuyActionProvider value={cartBuyActions}>
      <div className="container">
        {ref ? (
          <QueryView query={goods} notFound={<NotFound />}>
            {/* Keyed by product and asked-for SKU so each starts with its own selection and quantity. */}
            {(data) => <ProductDetail key={`${data.id}-${data.selectedSkuId ?? ''}`} detail={data} />}
          </QueryView>
        ) : (
          <NotFound />
        )}
      </div>
    </BuyActionProvider>
  );
}
