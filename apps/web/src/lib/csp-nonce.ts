/**
 * The page's Content-Security-Policy allows a <style> element only with the nonce of the response that
 * served the page (apps/api/src/plugins/security-headers.ts). The server writes it into
 * `<meta property="csp-nonce" nonce="…">`, where Vite's loader of lazy chunks also looks for it.
 */

/** This page's CSP nonce, or undefined where no server put one in (the dev server, tests). */
export function readCspNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide a nonce attribute from getAttribute once a policy applies; the property keeps it.
  const nonce = meta?.nonce || meta?.getAttribute('nonce');
  return nonce || undefined;
}

/**
 * Gives the nonce to every <style> element the page creates from now on. antd's CSS-in-JS takes the nonce
 * from ConfigProvider (antd-provider.tsx), but a few helpers under it inject styles without asking: the scroll
 * lock of an open dialog and the scrollbar measure of tables (@rc-component/util `updateCSS`). Parsed markup
 * (sanitized rich text) does not go through createElement, so it gains nothing from this.
 */
export function nonceCreatedStyles(nonce: string, doc: Document = document): void {
  const create = doc.createElement.bind(doc);
  doc.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = create(tagName, options);
    if (element instanceof HTMLStyleElement && !element.nonce) element.nonce = nonce;
    return element;
  }) as Document['createElement'];
}
