import { IMAGE_BASE } from '@shop/domain';
import sanitizeHtml from 'sanitize-html';

/**
 * The one sanitizer of rich HTML stored for products and articles (spec §3 'Product detail' content,
 * §7 'Content' articles): paragraphs, headings, lists, emphasis, simple tables and images from our own
 * image host, and links to the shop's own pages ('/product/12', '/article/3'). Everything else (scripts, styles,
 * event attributes, links to other sites) is dropped, so the storefront can render the stored HTML as it is.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'img',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
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
  exclusiveFilter: (frame) => frame.tag === 'img' && !isHostedImage(frame.attribs.src),
  // A link elsewhere keeps its words and loses the link.
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href;
      return isShopPath(href) ? { tagName, attribs: { href } } : { tagName: 'span', attribs: {} };
    },
  },
};

/** True for a path of the shop itself ('/product/12'), never another site ('//host', 'https:'). */
function isShopPath(href: string | undefined): href is string {
  return typeof href === 'string' && /^\/(?![/\\])[^\s]*$/.test(href);
}

/** True for an image URL of our image host ('/res/img/…'), the only images rich text may show. */
function isHostedImage(src: string | undefined): boolean {
  return typeof src === 'string' && src.startsWith(`${IMAGE_BASE}/`) && !src.includes('..');
}

/** Sanitized rich HTML, safe to store and to render. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
