import { type AdItem, linkDestination, TOP_AD_IMAGE_WIDTH } from '@shop/domain';
import { ProductImage } from '@/components/product-image';
import { SmartLink } from '@/components/smart-link';

/** The top ads of every page (spec §3 'General state' allWrap), each leading where linkDestination says. */
export function TopAds({ ads }: { ads: AdItem[] }) {
  if (ads.length === 0) return null;
  return (
    <div className="top-ads">
      {ads.map((ad, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: template order
        <SmartLink key={i} to={linkDestination(ad.link)} className="top-ad" label={ad.title}>
          <ProductImage
            path={ad.image}
            alt={ad.title ?? '活动'}
            width={TOP_AD_IMAGE_WIDTH}
            height={80}
            lazy={false}
          />
        </SmartLink>
      ))}
    </div>
  );
}
