import { isShopPath } from '@shop/domain';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';

/**
 * The editor's schema: what the shop's rich text may hold (RICH_TEXT_TAGS in packages/domain), nothing more, so what
 * staff see while editing is what the server keeps. Quotes, code, rules, strike-through and underline are left out.
 */
export const richTextExtensions = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: {
      // Only the shop's own pages, as the server keeps: a pasted or typed address elsewhere stays plain words.
      isAllowedUri: (url) => isShopPath(url),
      autolink: false,
      linkOnPaste: false,
      openOnClick: false,
      HTMLAttributes: { target: null, rel: null, class: null },
    },
  }),
  Image.configure({ allowBase64: false }),
  // The stored table is the bare table: the editor's column widths (colgroup, style) would be dropped by the server.
  Table.extend({
    renderHTML({ HTMLAttributes }) {
      return ['table', HTMLAttributes, ['tbody', 0]];
    },
  }).configure({ resizable: false }),
  TableRow,
  TableHeader,
  TableCell,
];
