import {
  BoldOutlined,
  DownOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  TableOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { AdminContentPaths, IMAGE_BASE, isHostedImage, isShopPath } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { TextSelection } from '@tiptap/pm/state';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import {
  Alert,
  Button,
  Dropdown,
  Input,
  type MenuProps,
  Modal,
  Segmented,
  Spin,
  Tooltip,
  Upload,
} from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { request } from '@/lib/api-client';
import { readCspNonce } from '@/lib/csp-nonce';
import { IMAGE_ACCEPT, IMAGE_TYPES, imageFileAllowed } from '@/lib/image-file';
import type { RichTextEditorProps } from '../rich-text-editor';
import { cleanPastedHtml, droppedImagesNotice, htmlHasWords } from './clean-pasted-html';
import { richTextExtensions } from './extensions';

type Mode = 'edit' | 'preview';
type Notice = { type: 'warning' | 'error'; text: string };
type TableAction =
  | 'insert'
  | 'rowBefore'
  | 'rowAfter'
  | 'deleteRow'
  | 'columnBefore'
  | 'columnAfter'
  | 'deleteColumn'
  | 'headerRow'
  | 'merge'
  | 'split'
  | 'deleteTable';

function uploadImage(file: File) {
  const body = new FormData();
  body.append('image', file);
  return request(AdminContentPaths.imageUpload, body);
}

/** The pictures among pasted or dropped files. */
function imageFiles(data: DataTransfer | null | undefined): File[] {
  return [...(data?.files ?? [])].filter((file) => IMAGE_TYPES.includes(file.type));
}

/**
 * The editor's HTML for the form: '' when it holds nothing, so a required rule sees an empty field, and without the
 * empty paragraph the editor keeps at the end (to type after a table or a picture), which the page would not show.
 */
function htmlOf(editor: Editor): string {
  return isBlank(editor) ? '' : editor.getHTML().replace(/(?:<p><\/p>)+$/, '');
}

/**
 * Puts an uploaded picture at `at` (a paragraph's start or end puts it before or after the paragraph, its middle
 * splits it) and returns the position after it. A caret waiting at `at` goes on after the picture, in the paragraph
 * there or a new one, as after pasted words; a caret elsewhere (the staff member typed on meanwhile) stays put.
 */
function insertPicture(editor: Editor, src: string, at: number): number {
  const { state } = editor;
  const { image, paragraph } = state.schema.nodes;
  if (!image || !paragraph) return at;
  const target = Math.min(at, state.doc.content.size);
  const $target = state.doc.resolve(target);
  const inText = $target.parent.isTextblock && $target.depth > 0;
  const place =
    inText && $target.parentOffset === 0
      ? $target.before()
      : inText && $target.parentOffset === $target.parent.content.size
        ? $target.after()
        : target;
  const caretThere = state.selection.empty && state.selection.from === at;
  const tr = state.tr.replaceWith(place, place, image.create({ src, alt: '' }));
  const after = tr.mapping.map(place);
  if (caretThere) {
    const $after = tr.doc.resolve(after);
    if ($after.parent.isTextblock) tr.setSelection(TextSelection.create(tr.doc, after));
    else {
      if (!$after.nodeAfter?.isTextblock) tr.insert(after, paragraph.create());
      tr.setSelection(TextSelection.create(tr.doc, after + 1));
    }
  }
  editor.view.dispatch(tr);
  return after;
}

/** Nothing at all: one empty paragraph (an empty table or list is something the staff member is filling in). */
function isBlank(editor: Editor): boolean {
  const { doc } = editor.state;
  return doc.childCount === 1 && doc.firstChild?.type.name === 'paragraph' && doc.firstChild.childCount === 0;
}

/**
 * The console's rich-text editor on Tiptap (ADR 062), loaded only where a page shows it (rich-text-editor.tsx).
 * Pastes are cleaned to what the shop keeps; pictures pasted or dropped as files are uploaded to the media store;
 * 预览 shows what the server's sanitizer will store.
 */
export default function TiptapEditor({
  value,
  onChange,
  id,
  placeholder,
  minHeight = 240,
}: RichTextEditorProps) {
  const [mode, setMode] = useState<Mode>('edit');
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  const [input, setInput] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [uploading, setUploading] = useState(0);
  const preview = useMutation({
    mutationFn: (html: string) => request(AdminContentPaths.sanitize, { html }),
  });
  const dialogUpload = useMutation({ mutationFn: uploadImage });
  /** What the editor last handed the form: a value coming back as it is needs no reload of the document. */
  const emitted = useRef(value ?? '');
  // The editor's handlers are made once with the editor; they reach this render's callbacks through this.
  const live = useRef({ onChange, placeImages: (_files: File[], _at: number) => {} });

  const editor = useEditor({
    extensions: richTextExtensions,
    content: value ?? '',
    injectNonce: readCspNonce(),
    editorProps: {
      attributes: {
        class: 'rich-editor-area',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': placeholder ?? '正文',
        ...(id ? { id } : {}),
      },
      transformPastedHTML: (html) => {
        const cleaned = cleanPastedHtml(html, { origin: window.location.origin });
        const text = droppedImagesNotice(cleaned.droppedImages);
        setNotice(text ? { type: 'warning', text } : null);
        return cleaned.html;
      },
      handleDOMEvents: {
        paste: (view, event) => {
          const files = imageFiles(event.clipboardData);
          // A copied picture (a screenshot, an image copied from a page) arrives as a file, perhaps beside an <img>
          // of its address: the file is uploaded. Words with pictures (Word, an article) paste as words.
          if (files.length === 0 || htmlHasWords(event.clipboardData?.getData('text/html') ?? ''))
            return false;
          if ((event.clipboardData?.getData('text/plain') ?? '').trim()) return false;
          event.preventDefault();
          live.current.placeImages(files, view.state.selection.from);
          return true;
        },
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = moved ? [] : imageFiles(event.dataTransfer);
        if (files.length === 0) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        live.current.placeImages(files, at ?? view.state.selection.from);
        return true;
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      emitted.current = html;
      live.current.onChange?.(html);
    },
  });

  /** Uploads pictures one by one and puts each where it was pasted or dropped, however the text moved meanwhile. */
  const placeImages = async (files: File[], at: number) => {
    const allowed = files.filter((file) => imageFileAllowed(file));
    if (allowed.length === 0) return;
    let position = at;
    const follow = ({ transaction }: { transaction: { mapping: { map: (pos: number) => number } } }) => {
      position = transaction.mapping.map(position);
    };
    editor.on('transaction', follow);
    setUploading((count) => count + allowed.length);
    try {
      for (const file of allowed) {
        try {
          const image = await uploadImage(file);
          if (editor.isDestroyed) return;
          position = insertPicture(editor, image.url, position);
        } catch (error) {
          setNotice({ type: 'error', text: `图片上传失败：${(error as Error).message}` });
        } finally {
          setUploading((count) => count - 1);
        }
      }
    } finally {
      editor.off('transaction', follow);
    }
  };
  live.current = { onChange, placeImages };

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      empty: isBlank(e),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      paragraph: e.isActive('paragraph'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      inTable: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
      canMerge: e.can().mergeCells(),
      canSplit: e.can().splitCell(),
    }),
  });

  // The form's value wins when it changes from outside (a loaded article, a reset); what the editor just handed
  // over comes back unchanged and is left alone, so the caret stays where the staff member types.
  useEffect(() => {
    const next = value ?? '';
    if (next === emitted.current) return;
    emitted.current = next;
    if (htmlOf(editor) !== next) editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) =>
    command(editor.chain().focus()).run();

  const openDialog = (kind: 'link' | 'image') => {
    setInput(kind === 'link' ? ((editor.getAttributes('link').href as string | undefined) ?? '') : '');
    setDialog(kind);
  };

  const insertLink = () => {
    const href = input.trim();
    if (editor.state.selection.empty && !editor.isActive('link'))
      run((chain) =>
        chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }),
      );
    else run((chain) => chain.extendMarkRange('link').setLink({ href }));
    setDialog(null);
  };

  const removeLink = () => {
    run((chain) => chain.extendMarkRange('link').unsetLink());
    setDialog(null);
  };

  const insertImage = (src: string) => {
    run((chain) => chain.setImage({ src, alt: '' }));
    setDialog(null);
  };

  const tableAction = (action: TableAction) =>
    run((chain) => {
      switch (action) {
        case 'insert':
          return chain.insertTable({ rows: 3, cols: 3, withHeaderRow: true });
        case 'rowBefore':
          return chain.addRowBefore();
        case 'rowAfter':
          return chain.addRowAfter();
        case 'deleteRow':
          return chain.deleteRow();
        case 'columnBefore':
          return chain.addColumnBefore();
        case 'columnAfter':
          return chain.addColumnAfter();
        case 'deleteColumn':
          return chain.deleteColumn();
        case 'headerRow':
          return chain.toggleHeaderRow();
        case 'merge':
          return chain.mergeCells();
        case 'split':
          return chain.splitCell();
        case 'deleteTable':
          return chain.deleteTable();
      }
    });

  const switchMode = (next: Mode) => {
    setMode(next);
    if (next === 'preview') preview.mutate(htmlOf(editor));
  };

  const previewing = mode === 'preview';
  const tool = (title: string, icon: ReactNode, onClick: () => void, options: ToolOptions = {}) => (
    <Tooltip title={title}>
      <Button
        size="small"
        type="text"
        aria-label={title}
        aria-pressed={previewing ? undefined : options.pressed}
        icon={icon}
        disabled={previewing || options.disabled}
        // Keeps the selection in the text: a click would otherwise move focus to the button first.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      >
        {options.text}
      </Button>
    </Tooltip>
  );

  const inTable = state.inTable;
  const tableMenu: MenuProps['items'] = [
    { key: 'insert', label: '插入表格（3 行 3 列，含表头行）', disabled: inTable },
    { type: 'divider' },
    { key: 'rowBefore', label: '在上方插入行', disabled: !inTable },
    { key: 'rowAfter', label: '在下方插入行', disabled: !inTable },
    { key: 'deleteRow', label: '删除所在行', disabled: !inTable },
    { type: 'divider' },
    { key: 'columnBefore', label: '在左侧插入列', disabled: !inTable },
    { key: 'columnAfter', label: '在右侧插入列', disabled: !inTable },
    { key: 'deleteColumn', label: '删除所在列', disabled: !inTable },
    { type: 'divider' },
    { key: 'headerRow', label: '首行设为表头 / 取消表头', disabled: !inTable },
    { key: 'merge', label: '合并单元格', disabled: !state.canMerge },
    { key: 'split', label: '拆分单元格', disabled: !state.canSplit },
    { type: 'divider' },
    { key: 'deleteTable', label: '删除表格', danger: true, disabled: !inTable },
  ];

  const linkOk = isShopPath(input.trim());
  const imageOk = isHostedImage(input.trim());

  return (
    <div className="rich-editor">
      <div className="rich-editor-toolbar" role="toolbar" aria-label="格式">
        {tool('二级标题', null, () => run((chain) => chain.toggleHeading({ level: 2 })), {
          text: 'H2',
          pressed: state.h2,
        })}
        {tool('三级标题', null, () => run((chain) => chain.toggleHeading({ level: 3 })), {
          text: 'H3',
          pressed: state.h3,
        })}
        {tool('正文段落', null, () => run((chain) => chain.setParagraph()), {
          text: '正文',
          pressed: state.paragraph,
        })}
        <span className="rich-editor-divider" />
        {tool('粗体', <BoldOutlined />, () => run((chain) => chain.toggleBold()), { pressed: state.bold })}
        {tool('斜体', <ItalicOutlined />, () => run((chain) => chain.toggleItalic()), {
          pressed: state.italic,
        })}
        {tool('无序列表', <UnorderedListOutlined />, () => run((chain) => chain.toggleBulletList()), {
          pressed: state.bulletList,
        })}
        {tool('有序列表', <OrderedListOutlined />, () => run((chain) => chain.toggleOrderedList()), {
          pressed: state.orderedList,
        })}
        <span className="rich-editor-divider" />
        {tool('链接', <LinkOutlined />, () => openDialog('link'), { pressed: state.link })}
        {tool('图片', <PictureOutlined />, () => openDialog('image'))}
        <Dropdown
          trigger={['click']}
          disabled={previewing}
          menu={{ items: tableMenu, onClick: ({ key }) => tableAction(key as TableAction) }}
        >
          <Tooltip title="表格：插入表格，增删行列，表头行">
            <Button
              size="small"
              type="text"
              aria-label="表格"
              aria-pressed={previewing ? undefined : inTable}
              disabled={previewing}
              onMouseDown={(event) => event.preventDefault()}
            >
              <TableOutlined />
              <DownOutlined className="rich-editor-caret" />
            </Button>
          </Tooltip>
        </Dropdown>
        <span className="rich-editor-divider" />
        {tool('撤销', <UndoOutlined />, () => run((chain) => chain.undo()), { disabled: !state.canUndo })}
        {tool('重做', <RedoOutlined />, () => run((chain) => chain.redo()), { disabled: !state.canRedo })}
        <Segmented<Mode>
          className="rich-editor-mode"
          size="small"
          value={mode}
          onChange={switchMode}
          options={[
            { label: '编辑', value: 'edit' },
            { label: '预览', value: 'preview' },
          ]}
        />
      </div>
      {uploading > 0 && (
        <Alert className="rich-editor-notice" type="info" showIcon title={`正在上传 ${uploading} 张图片…`} />
      )}
      {notice && (
        <Alert
          className="rich-editor-notice"
          type={notice.type}
          showIcon
          title={notice.text}
          closable={{ onClose: () => setNotice(null), 'aria-label': '关闭提示' }}
        />
      )}
      <div className="rich-editor-body" data-testid="rich-editor-body" hidden={previewing}>
        {state.empty && (
          <div className="rich-editor-placeholder" aria-hidden="true">
            {placeholder ?? '在这里输入正文'}
          </div>
        )}
        <EditorContent editor={editor} className="rich-editor-content" style={{ minHeight }} />
      </div>
      {previewing && (
        <div className="rich-editor-preview" style={{ minHeight }}>
          {preview.isPending ? (
            <Spin description="正在生成预览" />
          ) : preview.isError ? (
            <Alert type="error" showIcon title={`预览失败：${preview.error.message}`} />
          ) : (
            <>
              <div className="rich-editor-preview-note">
                以下为保存后商城显示的内容（外站链接、外站图片、样式与脚本已去掉）
              </div>
              <div
                className="rich-content"
                data-testid="rich-preview"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitizer produced it, as the storefront shows it
                dangerouslySetInnerHTML={{ __html: preview.data?.html ?? '' }}
              />
            </>
          )}
        </div>
      )}
      <Modal
        open={dialog === 'link'}
        title="插入链接"
        okText="插入"
        cancelText="取消"
        okButtonProps={{ disabled: !linkOk }}
        onOk={insertLink}
        onCancel={() => setDialog(null)}
        footer={(buttons) => (
          <>
            {state.link && (
              <Button danger onClick={removeLink}>
                去掉链接
              </Button>
            )}
            {buttons}
          </>
        )}
        destroyOnHidden
      >
        <Input
          autoFocus
          aria-label="链接地址"
          placeholder="/product/12、/article/3、/products/5"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          status={input && !linkOk ? 'error' : undefined}
        />
        <div className="field-hint">只能链接到本店页面（以 / 开头）；外站链接保存时会被去掉。</div>
      </Modal>
      <Modal
        open={dialog === 'image'}
        title="插入图片"
        okText="插入"
        cancelText="取消"
        okButtonProps={{ disabled: !imageOk }}
        onOk={() => insertImage(input.trim())}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <Upload
          accept={IMAGE_ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            if (imageFileAllowed(file))
              dialogUpload.mutate(file, { onSuccess: (image) => insertImage(image.url) });
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={dialogUpload.isPending}>
            上传图片
          </Button>
        </Upload>
        {dialogUpload.isError && (
          <Alert className="form-alert" type="error" showIcon title={dialogUpload.error.message} />
        )}
        <div className="field-hint">或填写本店图片地址：</div>
        <Input
          aria-label="图片地址"
          placeholder={`${IMAGE_BASE}/content/….jpg`}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          status={input && !imageOk ? 'error' : undefined}
        />
        <div className="field-hint">
          只显示本店图片；外站图片保存时会被去掉。也可以把图片文件直接粘贴或拖进正文。
        </div>
      </Modal>
    </div>
  );
}

interface ToolOptions {
  text?: string;
  pressed?: boolean;
  disabled?: boolean;
}
