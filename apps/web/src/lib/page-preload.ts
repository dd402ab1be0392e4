import { PAGE_PRELOAD_ELEMENT_ID, type PagePreload, type PreloadedAnswer, preloadKey } from '@shop/domain';

/**
 * How long after the page opened its preloaded answers may stand in for a call. They are the first render's
 * data; a call made later (a refetch, a page reached by a link much later) goes to the network.
 */
export const PRELOAD_MAX_AGE_MS = 30_000;

let answers: PagePreload | undefined;
/** Visitor-priced answers a member's session did not take: shown in their place, prices hidden (standInFor). */
let standIns = new Map<string, unknown>();
const shownStandIns = new WeakSet<object>();

/** The answers the server wrote into the page (ADR 016), read once; a page without them gives none. */
function pageAnswers(): PagePreload {
  if (answers) return answers;
  answers = {};
  const text = document.getElementById(PAGE_PRELOAD_ELEMENT_ID)?.textContent;
  if (text) {
    try {
      answers = JSON.parse(text) as PagePreload;
    } catch {
      // A damaged block only costs the network calls it would have saved.
    }
  }
  return answers;
}

/**
 * The page's answer to this call, taken once: a second call with the same body fetches. A member's session
 * never takes an answer that depends on who asks (it was made for a visitor), and no answer is taken once the
 * page is older than PRELOAD_MAX_AGE_MS.
 */
export function takePreloaded(
  method: string,
  path: string,
  body: unknown,
  signedIn: boolean,
): PreloadedAnswer | undefined {
  const all = pageAnswers();
  const key = preloadKey(method, path, body);
  const answer = all[key];
  if (!answer) return undefined;
  delete all[key];
  if (performance.now() > PRELOAD_MAX_AGE_MS) return undefined;
  if (answer.memberScoped && signedIn) {
    const payload = answer.payload as { success?: boolean; data?: unknown } | undefined;
    if (answer.status === 200 && payload?.success === true && payload.data) standIns.set(key, payload.data);
    return undefined;
  }
  return answer;
}

/**
 * The visitor-priced answer a member's session left (takePreloaded), to draw the page's rows while the member's
 * own answer is on its way, with their prices hidden (isStandIn): the rows the server drew stay where they are
 * instead of giving way to a loading state (ADR 051). The same rows for every render until that answer comes (a
 * query asks for its placeholder again on each render), and none once the page is older than PRELOAD_MAX_AGE_MS.
 */
export function standInFor<T>(method: string, path: string, body: unknown): T | undefined {
  if (performance.now() > PRELOAD_MAX_AGE_MS) return undefined;
  const data = standIns.get(preloadKey(method, path, body)) as T | undefined;
  if (data && typeof data === 'object') shownStandIns.add(data);
  return data;
}

/** Whether data is a visitor's answer standing in for a member's (its prices are not the member's). */
export function isStandIn(data: unknown): boolean {
  return typeof data === 'object' && data !== null && shownStandIns.has(data);
}

/** Forgets the page's answers (tests). */
export function resetPagePreload(): void {
  answers = undefined;
  standIns = new Map();
}

/**
 * The data of the page's successful answer to this call, for a query's initialData, so the first render draws
 * it without a loading state; undefined when the page has none (the query then fetches, through takePreloaded).
 */
export function preloadedData<T>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  signedIn: boolean,
): T | undefined {
  const answer = takePreloaded(method, path, body, signedIn);
  const payload = answer?.payload as { success?: boolean; data?: T } | undefined;
  return answer?.status === 200 && payload?.success === true ? payload.data : undefined;
}
