import { IMAGE_BASE } from '@shop/domain';
import sanitizeHtml from 'sanitize-html';

/**
 * The one sanitizer of rich HTML stored for products and articles (spec §3 'Product detail' content,
 * §7 'Content' articles): paragraphs, headings, lists, emphasis, simple tables and images from our own
 * image host. Everything else (scripts, styles, event attributes, links to other sites) is dropped, so the
 * storefront can render the stored HTML as it is.
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
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: ['src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'img' && !isHostedImage(frame.attribs.src),
};

/** True for an image URL of our image host ('/res/img/…'), the only images rich text may show. */
function isHostedImage(src: string | undefined): boolean {
  return typeof src === 'string' && src.startsWith(`${IMAGE_BASE}/`) && !src.includes('..');
}

/** Sanitized rich HTML, safe to store and to render. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
