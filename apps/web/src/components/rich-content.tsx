import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Rich HTML from the shop (product descriptions, articles). The server already sanitizes it; it is cleaned
 * again here before it reaches the page, so a slip on either side never runs a script in a shopper's browser.
 */
export const SANITIZE_CONFIG = { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] };

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, SANITIZE_CONFIG);
}

export function RichContent({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify just above
  return <div className={`rich-content ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
