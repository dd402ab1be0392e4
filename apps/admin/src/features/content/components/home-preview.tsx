import { type HomeBlock, HomePreview } from '@shop/domain';
import { Segmented } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

type Device = 'desktop' | 'phone';
const FRAME: Record<Device, { width: number; height: number }> = {
  desktop: { width: 1280, height: 1600 },
  phone: { width: 390, height: 1400 },
};

/** Hands the framed home page the template to draw (its own origin only). */
function postTemplate(frame: HTMLIFrameElement | null, template: HomeBlock[]): void {
  frame?.contentWindow?.postMessage({ type: HomePreview.template, template }, window.location.origin);
}

/**
 * The home page as shoppers will see it: the storefront's own home page in a frame ('/?preview=draft'), drawing
 * the template being edited, which this page posts it (same origin only, see the storefront's home route). The
 * server serves that page no draft: what it shows is exactly the blocks on this screen, saved or not.
 */
export function HomePreviewFrame({ template }: { template: HomeBlock[] }) {
  const [device, setDevice] = useState<Device>('desktop');
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  const latest = useRef(template);
  latest.current = template;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setBoxWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setBoxWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // The page asks once it listens (after each load); every change afterwards is posted as it happens.
  useEffect(() => {
    const ready = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if ((event.data as { type?: unknown } | null)?.type === HomePreview.ready)
        postTemplate(frame.current, latest.current);
    };
    window.addEventListener('message', ready);
    return () => window.removeEventListener('message', ready);
  }, []);
  useEffect(() => postTemplate(frame.current, template), [template]);

  const size = FRAME[device];
  const scale = boxWidth > 0 ? Math.min(1, boxWidth / size.width) : 1;
  return (
    <div>
      <Segmented<Device>
        value={device}
        onChange={setDevice}
        options={[
          { label: '电脑 1280', value: 'desktop' },
          { label: '手机 390', value: 'phone' },
        ]}
      />
      <div ref={box} className="home-preview-box" style={{ height: size.height * scale }}>
        <iframe
          ref={frame}
          key={device}
          title={`首页预览（${device === 'desktop' ? '电脑' : '手机'}）`}
          src={`/?${HomePreview.query}`}
          className="home-preview-frame"
          style={{ width: size.width, height: size.height, transform: `scale(${scale})` }}
        />
      </div>
    </div>
  );
}
