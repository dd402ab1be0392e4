import { type HomeBlock, splitHomeBlocks } from '@shop/domain';
import { QueryView } from '@/components/query-view';
import { CardGridSkeleton } from '@/components/skeleton';
import { GoodsFloor } from '@/features/catalogue/components/goods-floor';
import { useHomeTemplate } from '@/features/content/api/get-template';
import { Carousel } from '@/features/content/components/carousel';
import { HomeBlockList, SideAds } from '@/features/content/components/home-blocks';

function HomeSkeleton() {
  return (
    <div className="home-skeleton" role="status" aria-busy="true" aria-label="首页加载中">
      <div className="home-top">
        <div className="skeleton-card home-skeleton-hero" />
        <div className="skeleton-card home-skeleton-side" />
      </div>
      <CardGridSkeleton count={4} />
    </div>
  );
}

/**
 * Home (spec §2 '/', §3 'Home page info'): the home template's carousel with its side ads, then the other
 * blocks in order. Plain React and CSS, no component library (the size budget of '/'). The template is
 * cached (spec §4 'Home and general data'); shoppers get no refresh button: a reload or a later visit fetches it.
 */
export function Component() {
  const home = useHomeTemplate();
  return (
    <div className="container home">
      <QueryView query={home} loading={<HomeSkeleton />}>
        {(template) => <HomeContent template={template} />}
      </QueryView>
    </div>
  );
}

function HomeContent({ template }: { template: HomeBlock[] }) {
  const { swiperAd, swiperRightAd, blocks } = splitHomeBlocks(template);
  return (
    <>
      <h1 className="visually-hidden">澳中批发商城首页</h1>
      {(swiperAd || swiperRightAd) && (
        <div className={`home-top${swiperRightAd ? '' : ' home-top-single'}`}>
          {swiperAd && <Carousel items={swiperAd.items} />}
          {swiperRightAd && <SideAds items={swiperRightAd.items} />}
        </div>
      )}
      <HomeBlockList
        blocks={blocks}
        renderGoodsFloor={(floor) => (
          <GoodsFloor
            title={floor.title}
            subtitle={floor.subtitle}
            link={floor.link}
            query={floor.query}
            size={floor.size}
          />
        )}
      />
    </>
  );
}
