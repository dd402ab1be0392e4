import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts in one place. antd's message API needs its App context (locale, CSP nonce), so the console's root
 * hands it over once (app/app.tsx); handlers outside React (the query client's) call these.
 */
let instance: MessageInstance | undefined;

export function setMessageInstance(api: MessageInstance | undefined): void {
  instance = api;
}

export const notify = {
  success: (text: string) => void instance?.success(text),
  error: (text: string) => void instance?.error(text),
  warning: (text: string) => void instance?.warning(text),
};
