// The shop's styles stay in the first download: the first view sent in the HTML is drawn with them.
import './app/styles.css';

/** Longest wait for the first frame (a tab opened in the background draws none until shown). */
const FIRST_FRAME_WAIT_MS = 100;

/**
 * The storefront's entry (ADR 016). When the server sent the page's first view in the HTML, the browser
 * draws it (header, lead picture) before the app's code is fetched, so the two do not share the line; then
 * the app loads and replaces it. Without a first view the app loads at once.
 */
function start(): void {
  void startInSteps();
}

/** The next task of the page: what ran before it has ended, so the browser could draw and answer a tap. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app's code runs in two tasks rather than one (ADR 047): React first, then the app, with the browser free
 * between them; run together they were one task of over half a second on a phone. Each step downloads what it
 * runs; the app's own chunks are announced with the last (vite.config.ts entryPreloads).
 */
async function startInSteps(): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await import('./main');
}

if (document.getElementById('root')?.firstElementChild && document.visibilityState === 'visible') {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, FIRST_FRAME_WAIT_MS);
} else {
  start();
}
