import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { nonceCreatedStyles, readCspNonce } from './lib/csp-nonce';

const nonce = readCspNonce();
if (nonce) nonceCreatedStyles(nonce);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const router = createAppRouter();
// The first render is a transition, so React draws the page in slices of a few milliseconds with the browser free
// between them, instead of one task of several hundred on a phone; the first view sent in the HTML stays on
// screen until the whole page is ready to replace it (ADR 047).
const mount = () => {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={createAppQueryClient()} router={router} />
      </StrictMode>,
    );
  });
};
// The page's first view sent in the HTML (ADR 016) stays until the page's own code has loaded, so it is
// replaced by the page itself rather than by a loading skeleton.
if (container.firstElementChild && !router.state.initialized) {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    mount();
  });
} else {
  mount();
}
