import { isHostedImage, isRichTextSpan, isShopPath } from '@shop/domain';

/**
 * Cleans HTML pasted into the rich-text editor (from Word, a WeChat article, a web page) down to what the shop keeps
 * (ADR 062): paragraphs, headings, lists, bold and italic, links to the shop's own pages, the shop's own images and
 * tables. Word's mso styles, o:p, conditional comments and VML, WeChat's section wrappers, data-* attributes and
 * every class and style go; a wrapper holding only words becomes a paragraph, one holding blocks gives way to them.
 * Word's list paragraphs become real lists, and bold or italic written as a style becomes <strong> or <em>.
 *
 * Images the shop does not host cannot be kept (the server shows only its own and never fetches other sites):
 * they are dropped and counted, so the editor can tell staff to upload them. The server's sanitizer stays the last word.
 */
export interface CleanedPaste {
  html: string;
  /** Images dropped: `outside` on another site (a WeChat mmbiz hotlink), `local` only on the copier's computer (Word). */
  droppedImages: { outside: number; local: number };
}

export interface CleanOptions {
  /** The console's own origin: an absolute link or image address on it is kept as a path. */
  origin?: string;
}

/** Dropped with everything inside them. */
const DROP = new Set([
  'script',
  'style',
  'meta',
  'link',
  'title',
  'head',
  'xml',
  'template',
  'noscript',
  'iframe',
  'frame',
  'object',
  'embed',
  'video',
  'audio',
  'source',
  'svg',
  'math',
  'canvas',
  'map',
  'button',
  'input',
  'select',
  'textarea',
  'colgroup',
  'col',
]);
/** Word's drawings (v:shape, v:imagedata) and WeChat's widgets (mp-common-profile, mp-style-type). */
const DROP_PREFIXES = ['v:', 'mp-'];
/** Elements whose text between them is only the source's line breaks, never words. */
const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tr']);

/** Wrappers: each becomes a paragraph, or gives way to the blocks it holds. */
const WRAPPERS = new Set([
  'div',
  'section',
  'article',
  'header',
  'footer',
  'aside',
  'main',
  'nav',
  'figure',
  'figcaption',
  'blockquote',
  'center',
  'address',
  'pre',
  'dl',
  'dt',
  'dd',
  'form',
  'fieldset',
  'details',
  'summary',
]);
const BLOCKS = new Set([
  ...WRAPPERS,
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'table',
  'caption',
  'hr',
]);
const HEADINGS: Record<string, string> = { h1: 'h2', h2: 'h2', h3: 'h3', h4: 'h4', h5: 'h4', h6: 'h4' };
const SAME = new Set(['p', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'br']);
const RENAMED: Record<string, string> = { b: 'strong', strong: 'strong', i: 'em', em: 'em', tfoot: 'tbody' };

const BOLD_STYLE = /(?:^|;)\s*font-weight\s*:\s*(?:bold|bolder|[6-9]00)\b/i;
const ITALIC_STYLE = /(?:^|;)\s*font-style\s*:\s*italic\b/i;
/** A Word list paragraph: `mso-list:l0 level2 lfo1`. */
const WORD_LIST = /mso-list\s*:\s*l\d+\s+level(\d+)/i;
const WORD_LIST_MARKER = /mso-list\s*:\s*ignore/i;
/** The marker Word typed before a numbered item: '1.', '2)', 'a.', 'iv.', '一、', '（1）'. */
const ORDERED_MARKER = /^\s*(?:[(（]?[0-9a-zA-Z一二三四五六七八九十]+[.)、）]|[ivxlcdm]+\.)/i;
/** Words a block shows: anything but spaces (also the non-breaking ones Word fills empty paragraphs with). */
const VISIBLE = /[^\s\u00a0\u200b\ufeff]/;

interface WordListItem {
  level: number;
  ordered: boolean;
}

export function cleanPastedHtml(html: string, { origin }: CleanOptions = {}): CleanedPaste {
  const source = parseInert(html);
  const out = document.implementation.createHTMLDocument('');
  const droppedImages = { outside: 0, local: 0 };
  const wordLists = markWordLists(source.body);

  /** A link or image address as the shop keeps it: a path of its own, or null. */
  const ownPath = (address: string | null): string | null => {
    const value = address?.trim() ?? '';
    if (isShopPath(value)) return value;
    if (!origin || !/^https?:\/\//i.test(value)) return null;
    try {
      const url = new URL(value);
      return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
    } catch {
      return null;
    }
  };

  const image = (element: Element): Node | null => {
    // WeChat keeps the real address in data-src and may show a placeholder in src.
    const address = element.getAttribute('data-src') || element.getAttribute('src') || '';
    const path = ownPath(address);
    if (path && isHostedImage(path)) {
      const img = out.createElement('img');
      img.setAttribute('src', path);
      img.setAttribute('alt', element.getAttribute('alt') ?? '');
      return img;
    }
    // A picture only on the copier's computer (Word's file:///…/clip_image001.png) or inside the clipboard.
    if (!address.trim() || /^(?:file|data|blob|cid):/i.test(address.trim())) droppedImages.local += 1;
    else droppedImages.outside += 1;
    return null;
  };

  const children = (from: Node, into: Node) => {
    const nodes = [...from.childNodes];
    for (let i = 0; i < nodes.length; i += 1) {
      const node = nodes[i] as Node;
      const item = node instanceof Element ? wordLists.get(node) : undefined;
      if (item) {
        // Word writes a list as paragraphs in a row, each with its level: gather them into one list.
        const run: [Element, WordListItem][] = [[node as Element, item]];
        let next = i + 1;
        for (; next < nodes.length; next += 1) {
          const candidate = nodes[next] as Node;
          const nextItem = candidate instanceof Element ? wordLists.get(candidate) : undefined;
          if (nextItem) run.push([candidate as Element, nextItem]);
          else if (candidate.nodeType !== Node.TEXT_NODE || VISIBLE.test(candidate.textContent ?? '')) break;
        }
        into.appendChild(wordList(run));
        i = next - 1;
        continue;
      }
      if (node.nodeType === Node.TEXT_NODE && TABLE_PARTS.has(into.nodeName.toLowerCase())) continue;
      const cleaned = clean(node);
      if (cleaned) into.appendChild(cleaned);
    }
  };

  const wordList = (run: [Element, WordListItem][]): Node => {
    const top = out.createElement(run[0]?.[1].ordered ? 'ol' : 'ul');
    const stack: { list: Element; level: number }[] = [{ list: top, level: run[0]?.[1].level ?? 1 }];
    for (const [paragraph, { level, ordered }] of run) {
      while (stack.length > 1 && level < (stack.at(-1)?.level ?? 1)) stack.pop();
      let current = stack.at(-1) as { list: Element; level: number };
      if (level > current.level) {
        const parentItem = current.list.lastElementChild ?? current.list.appendChild(out.createElement('li'));
        const nested = parentItem.appendChild(out.createElement(ordered ? 'ol' : 'ul'));
        current = { list: nested, level };
        stack.push(current);
      }
      const li = current.list.appendChild(out.createElement('li'));
      const p = li.appendChild(out.createElement('p'));
      children(paragraph, p);
    }
    return top;
  };

  /** A wrapper of other elements (span, font, u …): its children, in bold or italic where its style says so. */
  const inline = (element: Element): Node => {
    const style = styleOf(element);
    const fragment = out.createDocumentFragment();
    let into: Node = fragment;
    if (BOLD_STYLE.test(style)) into = into.appendChild(out.createElement('strong'));
    if (ITALIC_STYLE.test(style)) into = into.appendChild(out.createElement('em'));
    children(element, into);
    return fragment;
  };

  const clean = (node: Node): Node | null => {
    if (node.nodeType === Node.TEXT_NODE) return out.createTextNode(node.textContent ?? '');
    if (!(node instanceof Element)) return null; // comments (Word's conditional ones among them)
    const tag = node.localName.toLowerCase();
    if (DROP.has(tag) || DROP_PREFIXES.some((prefix) => tag.startsWith(prefix))) return null;
    if (tag === 'img') return image(node);
    const heading = HEADINGS[tag];
    if (heading) return block(node, heading);
    if (tag === 'p') return block(node, 'p');
    if (WRAPPERS.has(tag)) {
      if (hasBlockInside(node)) {
        const fragment = out.createDocumentFragment();
        children(node, fragment);
        return fragment;
      }
      return block(node, 'p');
    }
    if (tag === 'caption') return block(node, 'p');
    if (tag === 'th' || tag === 'td') {
      const cell = out.createElement(tag);
      for (const name of ['colspan', 'rowspan']) {
        const value = node.getAttribute(name)?.trim();
        if (isRichTextSpan(value) && value !== '1') cell.setAttribute(name, value);
      }
      children(node, cell);
      return cell;
    }
    if (tag === 'table') return table(node);
    if (tag === 'a') {
      const href = ownPath(node.getAttribute('href'));
      if (!href) return inline(node);
      const a = out.createElement('a');
      a.setAttribute('href', href);
      children(node, a);
      return a;
    }
    const name = RENAMED[tag] ?? (SAME.has(tag) ? tag : null);
    if (!name) return inline(node);
    const element = out.createElement(name);
    // ProseMirror marks its own copies (data-pm-slice) to paste them back as they were cut.
    const slice = node.getAttribute('data-pm-slice');
    if (slice) element.setAttribute('data-pm-slice', slice);
    children(node, element);
    if ((name === 'strong' || name === 'em') && !element.hasChildNodes()) return null;
    return element;
  };

  /** A paragraph or heading; dropped when it shows nothing (Word's spacing paragraphs of one &nbsp;). */
  const block = (node: Element, name: string): Node | null => {
    const element = out.createElement(name);
    const slice = node.getAttribute('data-pm-slice');
    if (slice) element.setAttribute('data-pm-slice', slice);
    children(node, element);
    // WeChat's blank lines (<p><br></p>) go too: the storefront spaces paragraphs itself.
    const shows = VISIBLE.test(element.textContent ?? '') || element.querySelector('img') !== null;
    return shows ? element : null;
  };

  const table = (node: Element): Node => {
    const fragment = out.createDocumentFragment();
    const element = out.createElement('table');
    for (const child of node.childNodes) {
      // A caption reads as the paragraph before the table.
      if (child instanceof Element && child.localName.toLowerCase() === 'caption') {
        const caption = block(child, 'p');
        if (caption) fragment.appendChild(caption);
        continue;
      }
      if (child.nodeType === Node.TEXT_NODE) continue;
      const cleaned = clean(child);
      if (cleaned) element.appendChild(cleaned);
    }
    fragment.appendChild(element);
    return fragment;
  };

  children(source.body, out.body);
  dropLayoutWhitespace(out.body);
  return { html: out.body.innerHTML, droppedImages };
}

const INLINE_PARENTS = new Set(['p', 'h2', 'h3', 'h4', 'strong', 'em', 'a']);

/**
 * Drops the source's line breaks and indents between blocks (Word writes each tag on its own line); a space between
 * two words or emphases inside a paragraph stays.
 */
function dropLayoutWhitespace(root: Element): void {
  root.normalize();
  const isBlock = (node: Node | null) =>
    node === null || (node instanceof Element && BLOCKS.has(node.localName));
  for (const element of [root, ...root.querySelectorAll('*')]) {
    if (INLINE_PARENTS.has(element.localName)) continue;
    for (const child of [...element.childNodes]) {
      if (
        child.nodeType === Node.TEXT_NODE &&
        /^[ \t\r\n]*$/.test(child.textContent ?? '') &&
        isBlock(child.previousSibling) &&
        isBlock(child.nextSibling)
      )
        element.removeChild(child);
    }
  }
}

/** Where a pasted element's style attribute is read from (see parseInert). */
const PASTED_STYLE = 'data-pasted-style';

/**
 * The pasted HTML as a document that is never shown. Its style attributes are renamed first: the console's
 * Content-Security-Policy refuses style attributes in parsed markup, even in a parsed document no one shows, and
 * would report each one as an error; the cleaner only reads them (bold, italic, Word's lists).
 */
function parseInert(html: string): Document {
  return new DOMParser().parseFromString(
    html.replace(/(<[a-z][^>]*?\s)style(\s*=)/gi, `$1${PASTED_STYLE}$2`),
    'text/html',
  );
}

function styleOf(element: Element): string {
  return element.getAttribute(PASTED_STYLE) ?? '';
}

function hasBlockInside(element: Element): boolean {
  for (const child of element.querySelectorAll('*')) {
    const tag = child.localName.toLowerCase();
    if (BLOCKS.has(tag)) return true;
  }
  return false;
}

/**
 * Finds Word's list paragraphs (their style names a list and a level), notes each one's level and whether its
 * marker was a number, and takes out the marker Word typed before it ('·', '1.' and the spaces after).
 */
function markWordLists(body: HTMLElement): Map<Element, WordListItem> {
  const items = new Map<Element, WordListItem>();
  for (const paragraph of body.querySelectorAll('p, h1, h2, h3, h4, h5, h6, li')) {
    const match = WORD_LIST.exec(styleOf(paragraph));
    if (!match) continue;
    const markers = wordListMarkers(paragraph);
    const marker = markers.map((node) => node.textContent ?? '').join('');
    for (const node of markers) node.parentNode?.removeChild(node);
    items.set(paragraph, { level: Number(match[1]) || 1, ordered: ORDERED_MARKER.test(marker) });
  }
  // Word's `<!--[if !supportLists]-->…<!--[endif]-->` outside a list paragraph: the marker, never the words.
  for (const node of [...commentsIn(body)]) {
    if (/^\[if !supportLists\]/.test(node.data)) removeUntilEndif(node);
  }
  return items;
}

/** The nodes of a list paragraph that are its typed marker: the mso-list:Ignore span, or the !supportLists range. */
function wordListMarkers(paragraph: Element): Node[] {
  const ignored = [...paragraph.querySelectorAll('span')].filter((span) =>
    WORD_LIST_MARKER.test(styleOf(span)),
  );
  if (ignored.length > 0)
    return ignored.filter((span) => !ignored.some((o) => o !== span && o.contains(span)));
  const nodes: Node[] = [];
  for (const comment of commentsIn(paragraph)) {
    if (!/^\[if !supportLists\]/.test(comment.data)) continue;
    for (let node = comment.nextSibling; node; node = node.nextSibling) {
      if (node.nodeType === Node.COMMENT_NODE && /^\[endif\]/.test((node as Comment).data)) break;
      nodes.push(node);
    }
  }
  return nodes;
}

function commentsIn(root: Node): Comment[] {
  const found: Comment[] = [];
  const walk = (node: Node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.COMMENT_NODE) found.push(child as Comment);
      else walk(child);
    }
  };
  walk(root);
  return found;
}

function removeUntilEndif(start: Comment): void {
  let node = start.nextSibling;
  while (node && !(node.nodeType === Node.COMMENT_NODE && /^\[endif\]/.test((node as Comment).data))) {
    const next = node.nextSibling;
    node.parentNode?.removeChild(node);
    node = next;
  }
}

/** What staff are told when a paste lost images, or null when none was lost. */
export function droppedImagesNotice({ outside, local }: CleanedPaste['droppedImages']): string | null {
  const parts: string[] = [];
  if (outside > 0) parts.push(`${outside} 张外站图片（如公众号文章的图片）`);
  if (local > 0) parts.push(`${local} 张无法读取的图片（如 Word 里的图片）`);
  if (parts.length === 0) return null;
  return `已去掉 ${parts.join('和 ')}：商城只显示本店图片，请先把图片存到电脑，再用工具栏的“图片”上传。`;
}

/** Whether pasted HTML carries words, not only pictures (an image copied from a page comes as an <img> alone). */
export function htmlHasWords(html: string): boolean {
  if (!html) return false;
  return VISIBLE.test(parseInert(html).body.textContent ?? '');
}
