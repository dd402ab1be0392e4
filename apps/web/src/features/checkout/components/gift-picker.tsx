import { isSkuPurchasable, parseProperties } from '@shop/domain';
import { Modal, Radio } from 'antd';
import { useState } from 'react';
import { AntdProvider } from '@/components/antd-provider';
import { ProductImage } from '@/components/product-image';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { notify } from '@/lib/notify';
import { useCheckGift } from '../api/check-gift';
import { useGiftDetail } from '../api/get-gift-detail';

interface GiftPickerProps {
  promotionId: number;
  goodsId: number;
  chosenSkuId: number | null;
  onClose: () => void;
  /** The gift check accepted the SKU: the checkout reloads its summary with it. */
  onChosen: (skuId: number) => void;
}

/**
 * The gift choice of an OnTheHouse promotion (spec §4 'Promotion methods', 'Selecting a gift product loads its
 * detail'): the gift product's SKUs, one picked, checked with the server before it joins the order. It is loaded
 * the first time a shopper asks for it, so the checkout's first view carries none of the component library.
 */
export default function GiftPicker({
  promotionId,
  goodsId,
  chosenSkuId,
  onClose,
  onChosen,
}: GiftPickerProps) {
  const detail = useGiftDetail(goodsId);
  const check = useCheckGift();
  const [skuId, setSkuId] = useState<number | null>(chosenSkuId);

  const confirm = () => {
    if (skuId === null) {
      notify.warn('请选择赠品规格');
      return;
    }
    check.mutate(
      { promotionId, skuId },
      {
        onSuccess: (result) => {
          if (result.success) onChosen(skuId);
          else notify.warn(result.message || '该赠品暂不可选，请选择其他规格');
        },
      },
    );
  };

  return (
    <AntdProvider>
      <Modal
        title="选择赠品"
        open
        okText="确定"
        cancelText="取消"
        onCancel={onClose}
        onOk={confirm}
        okButtonProps={{ loading: check.isPending, disabled: !detail.isSuccess }}
        destroyOnHidden
      >
        <QueryView query={detail} loading={<Skeleton lines={3} />}>
          {(product) => (
            <div className="gift-picker">
              <div className="gift-picker-product">
                <ProductImage path={product.image} alt={product.name} width={64} />
                <strong>{product.name}</strong>
              </div>
              <Radio.Group
                className="gift-picker-skus"
                value={skuId ?? undefined}
                onChange={(event) => setSkuId(Number(event.target.value))}
              >
                {product.skus.map((sku) => {
                  const text = parseProperties(sku.property).text || sku.name;
                  const open = isSkuPurchasable(sku);
                  return (
                    <Radio key={sku.id} value={sku.id} disabled={!open}>
                      {text}
                      {!open && <span className="muted">（暂不可选）</span>}
                    </Radio>
                  );
                })}
              </Radio.Group>
            </div>
          )}
        </QueryView>
      </Modal>
    </AntdProvider>
  );
}
