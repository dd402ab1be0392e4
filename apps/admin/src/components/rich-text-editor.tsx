import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { AdminContentPaths, IMAGE_BASE } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Segmented, Spin, Tooltip, Upload } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { request } from '@/lib/api-client';
import { IMAGE_ACCEPT, imageFileAllowed } from '@/lib/image-file';

/**
 * The console's rich-text editor (goods descriptions, articles): a contenteditable area with a small toolbar,
 * and a 预览 that shows the HTML the server will store, exactly as the storefront will show it (the server's
 * sanitizer, through the sanitize call). No editor package: the browser's editing commands are enough for
 * paragraphs, headings, lists, emphasis, links and images, and keep the console's page chunks small.
 *
 * antd Form compatible: `value` / `onChange(html)`.
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

type Mode = 'edit' | 'preview';

/** A path of the shop itself ('/product/12'): the only links the sanitizer keeps. */
const SHOP_PATH = /^\/(?![/\\])\S*$/;

/** Runs one of the browser's editing commands; false where the browser has none (the area is edited by hand). */
function exec(command: string, argument?: string): boolean {
  return typeof document.execCommand === 'function' && document.execCommand(command, false, argument);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export function RichTextEditor({ value, onChange, id, placeholder, minHeight = 240 }: RichTextEditorProps) {
  const area = useRef<HTMLDivElement>(null);
  const saved = useRef<Range | null>(null);
  const [mode, setMode] = useState<Mode>('edit');
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  const [input, setInput] = useState('');
  const preview = useMutation({
    mutationFn: (html: string) => request(AdminContentPaths.sanitize, { html }),
  });
  const uploadImage = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('image', file);
      return request(AdminContentPaths.imageUpload, body);
    },
  });

  // The area shows `value` unless it already holds it: rewriting it while the staff member types would move
  // the caret to the start.
  useEffect(() => {
    const el = area.current;
    if (el && el.innerHTML !== (value ?? '')) el.innerHTML = value ?? '';
  }, [value]);

  const emit = () => onChange?.(area.current?.innerHTML ?? '');

  const rememberSelection = () => {
    const selection = window.getSelection();
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    saved.current =
      range && area.current?.contains(range.commonAncestorContainer) ? range.cloneRange() : null;
  };

  const restoreSelection = () => {
    area.current?.focus();
    const selection = window.getSelection();
    if (saved.current && selection) {
      selection.removeAllRanges();
      selection.addRange(saved.current);
    }
  };

  const command = (name: string, argument?: string) => {
    area.current?.focus();
    exec(name, argument);
    emit();
  };

  /** Inserts HTML where the caret was (at the end when there was none). */
  const insertHtml = (html: string) => {
    restoreSelection();
    if (!exec('insertHTML', html) && area.current) {
      const range = saved.current;
      if (range) {
        range.deleteContents();
        range.insertNode(range.createContextualFragment(html));
      } else {
        area.current.insertAdjacentHTML('beforeend', html);
      }
    }
    emit();
  };

  const openDialog = (kind: 'link' | 'image') => {
    rememberSelection();
    setInput('');
    setDialog(kind);
  };

  const insertLink = () => {
    const href = input.trim();
    const selected = saved.current?.toString() ?? '';
    const words = selected || href;
    restoreSelection();
    if (!(selected && exec('createLink', href)))
      insertHtml(`<a href="${escapeAttribute(href)}">${escapeAttribute(words)}</a>`);
    else emit();
    setDialog(null);
  };

  const insertImage = (src: string) => {
    insertHtml(`<img src="${escapeAttribute(src)}" alt="">`);
    setDialog(null);
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    if (next === 'preview') preview.mutate(area.current?.innerHTML ?? value ?? '');
  };

  const tool = (title: string, icon: ReactNode, onClick: () => void, text?: string) => (
    <Tooltip title={title}>
      <Button
        size="small"
        type="text"
        aria-label={title}
        icon={icon}
        disabled={mode === 'preview'}
        // Keeps the selection in the area: a click would otherwise move focus to the button first.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      >
        {text}
      </Button>
    </Tooltip>
  );

  const linkOk = SHOP_PATH.test(input.trim());
  const imageOk = input.trim().startsWith(`${IMAGE_BASE}/`);

  return (
    <div className="rich-editor">
      <div className="rich-editor-toolbar" role="toolbar" aria-label="格式">
        {tool('粗体', <BoldOutlined />, () => command('bold'))}
        {tool('斜体', <ItalicOutlined />, () => command('italic'))}
        {tool('标题', null, () => command('formatBlock', '<h2>'), 'H2')}
        {tool('小标题', null, () => command('formatBlock', '<h3>'), 'H3')}
        {tool('正文', null, () => command('formatBlock', '<p>'), '正文')}
        {tool('无序列表', <UnorderedListOutlined />, () => command('insertUnorderedList'))}
        {tool('有序列表', <OrderedListOutlined />, () => command('insertOrderedList'))}
        {tool('链接', <LinkOutlined />, () => openDialog('link'))}
        {tool('图片', <PictureOutlined />, () => openDialog('image'))}
        {tool('撤销', <UndoOutlined />, () => command('undo'))}
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
      {/* biome-ignore lint/a11y/useSemanticElements: rich text has no native element; contenteditable with the textbox role is the pattern */}
      <div
        ref={area}
        id={id}
        className="rich-editor-area"
        style={{ minHeight, display: mode === 'edit' ? undefined : 'none' }}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={placeholder ?? '正文'}
        data-placeholder={placeholder ?? '在这里输入正文'}
        tabIndex={0}
        onInput={emit}
        onBlur={emit}
      />
      {mode === 'preview' && (
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
              uploadImage.mutate(file, { onSuccess: (image) => insertImage(image.url) });
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploadImage.isPending}>
            上传图片
          </Button>
        </Upload>
        {uploadImage.isError && (
          <Alert className="form-alert" type="error" showIcon title={uploadImage.error.message} />
        )}
        <div className="field-hint">或填写本店图片地址：</div>
        <Input
          aria-label="图片地址"
          placeholder={`${IMAGE_BASE}/content/….jpg`}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          status={input && !imageOk ? 'error' : undefined}
        />
        <div className="field-hint">只显示本店图片；外站图片保存时会被去掉。</div>
      </Modal>
    </div>
  );
}
