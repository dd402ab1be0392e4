import { ResultCode } from '@shop/domain';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/empty-state';
import { PageSkeleton } from '@/components/skeleton';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { useGoodsDetail } from '@/features/catalogue/api/get-goods-detail';
import type { GoodsRef } from '@/features/catalogue/api/keys';
import { BuyActionProvider } from '@/features/catalogue/buy-action';
import { ProductDetail } from '@/features/catalogue/components/product-detail';
import { isApiError, toApiError } from '@/lib/api-client';
import { positiveIntParam } from '@/lib/params';
import { paths } from '@/lib/paths';

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
  const { data, isPending, isError, error, refetch } = useGoodsDetail(ref);

  let body: ReactNode;
  if (!ref || (isError && isApiError(error) && error.code === ResultCode.NotFound)) body = <NotFound />;
  else if (isPending) body = <PageSkeleton />;
  else if (isError) body = <ErrorState message={toApiError(error).message} onRetry={() => void refetch()} />;
  // Keyed by product and asked-for SKU so each starts with its own selection and quantity.
  else body = <ProductDetail key={`${data.id}-${data.selectedSkuId ?? ''}`} detail={data} />;

  // Buying on this page puts the SKU into the cart (spec §4 'Guest cart', §7 addItem/).
  return (
    <BuyActionProvider value={AddToCartButton}>
      <div className="container">{body}</div>
    </BuyActionProvider>
  );
}
