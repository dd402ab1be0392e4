import { type AdItem, type HomeBlock, linkDestination } from '@shop/domain';
import type { ReactNode } from 'react';
import { ProductImage } from '@/components/product-image';
import { SmartLink } from '@/components/smart-link';
import '../home.css';

type Block<K extends HomeBlock['tmpKey']> = Extract<HomeBlock, { tmpKey: K }>;

/** The ads beside the carousel (swiperRightAd), stacked under it on phones. */
export function SideAds({ items }: { items: AdItem[] }) {
  return (
    <div className="side-ads">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: template order
        <SmartLink key={i} to={linkDestination(item.link)} className="side-ad" label={item.title}>
          <ProductImage path={item.image} alt={item.title ?? ''} width={300} height={160} lazy={false} />
        </SmartLink>
      ))}
    </div>
  );
}

function SectionHead({ title }: { title: string }) {
  return (
    <header className="home-section-head">
      <h2>{title}</h2>
    </header>
  );
}

/** Featured brands (BrandAd). */
export function BrandAdBlock({ block }: { block: Block<'BrandAd'> }) {
  return (
    <section className="home-section" aria-label={block.title}>
      <SectionHead title={block.title} />
      <div className="home-brands">
        {block.items.map((item) => (
          <SmartLink key={item.brandId} to={linkDestination(item.link)} className="home-brand">
            <ProductImage path={item.logo} alt="" width={120} height={60} />
            <span>{item.name}</span>
          </SmartLink>
        ))}
      </div>
    </section>
  );
}

/** Category entrances (cateEntry). */
function CateEntryBlock({ block }: { block: Block<'cateEntry'> }) {
  return (
    <section className="home-section" aria-label={block.title}>
      <SectionHead title={block.title} />
      <div className="home-entries">
        {block.items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: template order
          <SmartLink key={i} to={linkDestination(item.link)} className="home-entry">
            <ProductImage path={item.image} alt="" width={72} />
            <span>{item.name}</span>
          </SmartLink>
        ))}
      </div>
    </section>
  );
}

/** Warehouse entrances (warehouseEntry). */
function WarehouseEntryBlock({ block }: { block: Block<'warehouseEntry'> }) {
  return (
    <section className="home-section" aria-label={block.title}>
      <SectionHead title={block.title} />
      <div className="home-entries home-warehouses">
        {block.items.map((item) => (
          <SmartLink key={item.warehouseId} to={linkDestination(item.link)} className="home-entry">
            <ProductImage path={item.image} alt="" width={72} />
            <span>{item.name}</span>
          </SmartLink>
        ))}
      </div>
    </section>
  );
}

/** Wide picture ads (imageAd). */
function ImageAdBlock({ block }: { block: Block<'imageAd'> }) {
  return (
    <section className={`home-image-ads home-image-ads-${Math.min(block.items.length, 3)}`}>
      {block.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: template order
        <SmartLink key={i} to={linkDestination(item.link)} className="home-image-ad" label={item.title}>
          <ProductImage
            path={item.image}
            alt={item.title ?? ''}
            width={block.items.length > 1 ? 590 : 1200}
            height={block.items.length > 1 ? 180 : 150}
          />
        </SmartLink>
      ))}
    </section>
  );
}

/**
 * The home blocks below the carousel, in template order (spec §3 'Home page info'). Product floors need the
 * catalogue, which this feature does not import: the route passes them in.
 */
export function HomeBlockList({
  blocks,
  renderGoodsFloor,
}: {
  blocks: HomeBlock[];
  renderGoodsFloor: (block: Block<'goodsFloor'>) => ReactNode;
}) {
  return (
    <>
      {blocks.map((block, i) => {
        const key = `${block.tmpKey}-${i}`;
        switch (block.tmpKey) {
          case 'goodsFloor':
            return <div key={key}>{renderGoodsFloor(block)}</div>;
          case 'BrandAd':
            return <BrandAdBlock key={key} block={block} />;
          case 'cateEntry':
            return <CateEntryBlock key={key} block={block} />;
          case 'warehouseEntry':
            return <WarehouseEntryBlock key={key} block={block} />;
          case 'imageAd':
            return <ImageAdBlock key={key} block={block} />;
          default:
            // swiperAd / swiperRightAd never reach the list (splitHomeBlocks); anything else is skipped.
            return null;
        }
      })}
    </>
  );
}
