import { isHostedImage, isRichTextSpan, isShopPath, RICH_TEXT_TAGS } from '@shop/domain';
import sanitizeHtml from 'sanitize-html';

/** A cell keeps its colspan and rowspan only from 1 to RICH_TEXT_SPAN_MAX; any other value is dropped. */
const boundedSpans = (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => ({
  tagName,
  attribs: Object.fromEntries(
    ['colspan', 'rowspan'].flatMap((name) => (isRichTextSpan(attribs[name]) ? [[name, attribs[name]]] : [])),
  ),
});

/**
 * The one sanitizer of rich HTML stored for products and articles, and the last word on it (ADR 062): whatever
 * the console's editor or a script sends, only the tags of RICH_TEXT_TAGS survive (paragraphs, headings, lists,
 * emphasis, tables with bounded spans, images from our own image host, links to the shop's own pages). Everything
 * else (scripts, styles, classes, event and data attributes, other sites' links and images) is dropped, so the
 * storefront can render the stored HTML as it is.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    img: ['src', 'alt', 'width', 'height'],
    a: ['href'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: ['src', 'href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { th: boundedSpans, td: boundedSpans },
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img') return !isHostedImage(frame.attribs.src);
    // A link elsewhere keeps its words and loses the link. (Renaming it to a dropped tag instead would close a
    // later link at the same depth with that tag's name: sanitize-html keeps the rename for the next closing tag.)
    if (frame.tag === 'a') return isShopPath(frame.attribs.href) ? false : 'excludeTag';
    return false;
  },
};

/** Sanitized rich HTML, safe to store and to render. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
