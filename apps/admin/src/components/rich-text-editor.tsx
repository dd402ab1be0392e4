import { Spin } from 'antd';
import { lazy, Suspense } from 'react';

/**
 * The console's rich-text editor (goods descriptions, articles), antd Form compatible: `value` / `onChange(html)`.
 * The editor itself (Tiptap, ADR 062) is its own chunk, fetched when a page first shows an editor: the console's
 * entry and the pages without rich text never load it.
 */
export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** The editing area's id (a Form.Item's label points at it). */
  id?: string;
  placeholder?: string;
  /** Height of the editing area in px. */
  minHeight?: number;
}

const TiptapEditor = lazy(() => import('./rich-text/tiptap-editor'));

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="rich-editor rich-editor-loading" style={{ minHeight: (props.minHeight ?? 240) + 33 }}>
          <Spin description="正在打开编辑器…" />
        </div>
      }
    >
      <TiptapEditor {...props} />
    </Suspense>
  );
}
