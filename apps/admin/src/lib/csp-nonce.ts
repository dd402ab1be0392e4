/**
 * The console's page carries its response's CSP nonce in `<meta property="csp-nonce">` (ADR 008, ADR 020):
 * the styles antd injects at run time are allowed only with it.
 */
export function readCspNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide a nonce attribute from getAttribute once a policy applies; the property keeps it.
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}

/** Gives the nonce to <style> elements made by helpers under antd that do not ask for it (a dialog's scroll lock). */
export function nonceCreatedStyles(nonce: string, doc: Document = document): void {
  const create = doc.createElement.bind(doc);
  doc.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = create(tagName, options);
    if (element instanceof HTMLStyleElement && !element.nonce) element.nonce = nonce;
    return element;
  }) as Document['createElement'];
}
