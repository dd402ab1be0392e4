import { type PayStart, ResultCode } from '@shop/domain';
import { ApiError } from '@/lib/api-client';
import { page } from '@/lib/page';

/** The id of the one hidden form posted to a payment bridge. */
export const PAY_FORM_ID = 'pay-bridge-form';

/** What the chat-app proxy answers (spec §4 'Payment by channel'): SUCCESS with the cashier's url. */
interface ProxyAnswer {
  result?: unknown;
  url?: unknown;
  message?: unknown;
  msg?: unknown;
}

const PROXY_FAILED = '发起支付失败，请稍后重试或换一种支付方式';
const PROXY_TIMEOUT_MS = 30_000;

/**
 * Posts the fields as a hidden form to the payment bridge, the way the channel expects them (spec §4: the
 * supay result is submitted as a hidden form; its return_url brings the shopper back). The page leaves.
 */
export function submitHiddenForm(action: string, fields: Readonly<Record<string, string>>): HTMLFormElement {
  document.getElementById(PAY_FORM_ID)?.remove();
  const form = document.createElement('form');
  form.id = PAY_FORM_ID;
  form.method = 'post';
  form.action = action;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  return form;
}

/** GETs the channel's proxy and opens the cashier url it answers with; its message otherwise (spec §4). */
async function followProxy(action: string): Promise<void> {
  let answer: ProxyAnswer | null = null;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROXY_TIMEOUT_MS);
  try {
    // Not an API call of the shop: no envelope and no bearer token, only the proxy's own JSON.
    const response = await fetch(action, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    });
    answer = (await response.json().catch(() => null)) as ProxyAnswer | null;
  } catch {
    throw new ApiError(ResultCode.PayFailed, PROXY_FAILED);
  } finally {
    clearTimeout(timer);
  }
  if (answer?.result === 'SUCCESS' && typeof answer.url === 'string' && answer.url !== '') {
    page.assign(answer.url);
    return;
  }
  const message = [answer?.message, answer?.msg].find((m) => typeof m === 'string' && m.trim() !== '');
  throw new ApiError(ResultCode.PayFailed, typeof message === 'string' ? message : PROXY_FAILED);
}

/**
 * Takes the shopper to the channel as the server said: open `action` (GET), post the hidden form to it
 * (POST), or ask the proxy for the cashier (PROXY). Resolves once the page is on its way out.
 */
export async function followPayStart(start: PayStart): Promise<void> {
  switch (start.method) {
    case 'GET':
      page.assign(start.action);
      return;
    case 'POST':
      submitHiddenForm(start.action, start.fields);
      return;
    case 'PROXY':
      await followProxy(start.action);
      return;
    case 'QR':
      // Shown on the payment page itself (PayQrPanel): nothing to leave for.
      return;
  }
}

/** A phone's browser: the A01/W01 cashier then shows its H5 page rather than the PC page with a QR code. */
export function isNarrowScreen(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(max-width: 768px)').matches === true;
}
