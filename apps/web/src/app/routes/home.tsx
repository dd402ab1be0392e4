import { type HomeBlock, HomePreview, splitHomeBlocks } from '@shop/domain';
import { useEffect, useState } from 'react';
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
  return isHomePreview() ? <HomePreviewPage /> : <HomePage />;
}

/** '/?preview=draft' inside a frame of the shop's own console: the template comes from the console, not the server. */
function isHomePreview(): boolean {
  if (typeof window === 'undefined' || window.parent === window) return false;
  return new URLSearchParams(window.location.search).get('preview') === HomePreview.query.split('=')[1];
}

function HomePage() {
  const home = useHomeTemplate();
  return (
    <div className="container home">
      <QueryView query={home} loading={<HomeSkeleton />}>
        {(template) => <HomeContent template={template} />}
      </QueryView>
    </div>
  );
}

/**
 * The console's live preview (首页装修): draws the template its same-origin parent posts, as the home page would.
 * A message from any other origin or window is ignored.
 */
function HomePreviewPage() {
  const [template, setTemplate] = useState<HomeBlock[]>();
  useEffect(() => {
    const receive = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== window.parent) return;
      const data = event.data as { type?: unknown; template?: unknown } | null;
      if (data?.type !== HomePreview.template) return;
      void import('@/features/content/api/preview-blocks').then(({ checkPreviewBlocks }) =>
        setTemplate(checkPreviewBlocks(data.template)),
      );
    };
    window.addEventListener('message', receive);
    window.parent.postMessage({ type: HomePreview.ready }, window.location.origin);
    return () => window.removeEventListener('message', receive);
  }, []);
  return (
    <div className="container home">{template ? <HomeContent template={template} /> : <HomeSkeleton />}</div>
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
