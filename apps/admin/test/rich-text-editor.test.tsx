import { AdminContentPaths } from '@shop/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { createConsoleQueryClient } from '@/app/query-client';
import { RichTextEditor } from '@/components/rich-text-editor';
import { findDialog, mockApi, ok } from './utils';

const UPLOADED = { path: 'content/abc.jpg', url: '/res/img/content/abc.jpg', width: 64, height: 48 };

async function renderEditor(initial = '<p>原文</p>') {
  const changes = vi.fn();
  const submitted = vi.fn();
  function Harness() {
    const [form] = Form.useForm<{ content: string }>();
    return (
      <Form form={form} initialValues={{ content: initial }} onFinish={submitted}>
        <Form.Item name="content" label="正文">
          <RichTextEditor onChange={changes} />
        </Form.Item>
        <button type="submit">提交</button>
        <button type="button" onClick={() => form.setFieldsValue({ content: '<p>另一篇</p>' })}>
          换一篇
        </button>
      </Form>
    );
  }
  const queryClient = createConsoleQueryClient({ retry: false });
  render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
  // The editor is its own chunk: the area appears once it has loaded.
  const area = await screen.findByRole('textbox', { name: '正文' });
  return { changes, submitted, area };
}

/** Pastes into the area as the browser does: a paste event carrying the clipboard's HTML, text and files. */
function paste(area: HTMLElement, data: { html?: string; text?: string; files?: File[] }) {
  const clipboardData = {
    getData: (type: string) =>
      type === 'text/html' ? (data.html ?? '') : type === 'text/plain' ? (data.text ?? '') : '',
    files: data.files ?? [],
    types: [...(data.html ? ['text/html'] : []), ...(data.text ? ['text/plain'] : [])],
    items: [],
  };
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', { value: clipboardData });
  act(() => {
    area.dispatchEvent(event);
  });
}

const tool = (name: string) => screen.getByRole('button', { name });

describe('the rich-text editor', () => {
  it('shows the form value and hands the edited HTML back to the form', async () => {
    mockApi({});
    const { area, submitted, changes } = await renderEditor();
    expect(area.innerHTML).toBe('<p>原文</p>');
    expect(area.id).toBe('content');
    fireEvent.click(tool('二级标题'));
    await waitFor(() => expect(changes).toHaveBeenLastCalledWith('<h2>原文</h2>'));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ content: '<h2>原文</h2>' }));
  });

  it('hands nothing back for a value it is given, at first or later', async () => {
    mockApi({});
    const stored = '<h2>规格</h2><table><tbody><tr><th>产地</th><td>新西兰</td></tr></tbody></table>';
    const { area, changes } = await renderEditor(stored);
    expect(area.querySelectorAll('th')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '换一篇' }));
    await waitFor(() => expect(area.innerHTML).toBe('<p>另一篇</p>'));
    // The Tiptap editor settles its document (an empty paragraph after a table) without telling the form.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changes).not.toHaveBeenCalled();
  });

  it('previews the HTML the server will store, not what was typed', async () => {
    const api = mockApi({
      [AdminContentPaths.sanitize]: ok({ html: '<p>正文</p>' }),
    });
    const { area } = await renderEditor('<p>正文<strong>粗</strong></p>');
    const body = screen.getByTestId('rich-editor-body');
    expect(body.hidden).toBe(false);
    fireEvent.click(screen.getByText('预览'));
    expect((await screen.findByTestId('rich-preview')).innerHTML).toBe('<p>正文</p>');
    expect(body.hidden).toBe(true);
    expect(api.callsTo(AdminContentPaths.sanitize)[0]?.body).toEqual({
      html: '<p>正文<strong>粗</strong></p>',
    });
    screen.getByText(/以下为保存后商城显示的内容/);
    // The toolbar rests while previewing; 编辑 brings the text back as it was.
    expect((tool('粗体') as HTMLButtonElement).disabled).toBe(true);
    expect((tool('表格') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByText('编辑'));
    expect(body.hidden).toBe(false);
    expect(area.innerHTML).toBe('<p>正文<strong>粗</strong></p>');
  });

  it('says so when the preview fails', async () => {
    mockApi({
      [AdminContentPaths.sanitize]: {
        status: 403,
        body: { success: false, resultCode: 4030, message: '没有权限', data: null },
      },
    });
    await renderEditor();
    fireEvent.click(screen.getByText('预览'));
    await screen.findByText('预览失败：没有权限');
  });

  it('hands an emptied text back as empty, and shows its placeholder', async () => {
    mockApi({});
    const { changes } = await renderEditor('');
    screen.getByText('在这里输入正文');
    fireEvent.click(tool('粗体'));
    fireEvent.click(tool('无序列表'));
    await waitFor(() => expect(changes).toHaveBeenLastCalledWith('<ul><li><p></p></li></ul>'));
    fireEvent.click(tool('撤销'));
    await waitFor(() => expect(changes).toHaveBeenLastCalledWith(''));
  });

  it('uploads a picture and puts it in the text', async () => {
    const api = mockApi({ [AdminContentPaths.imageUpload]: ok(UPLOADED) });
    const { changes } = await renderEditor('');
    fireEvent.click(tool('图片'));
    const dialog = await findDialog('插入图片');
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'a.jpg', { type: 'image/jpeg' });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() =>
      expect(changes).toHaveBeenLastCalledWith('<img src="/res/img/content/abc.jpg" alt="">'),
    );
    expect(api.callsTo(AdminContentPaths.imageUpload)[0]?.body.image).toBeInstanceOf(File);
  });

  it('links only to the shop’s own pages', async () => {
    mockApi({});
    const { changes } = await renderEditor('');
    fireEvent.click(tool('链接'));
    const dialog = await findDialog('插入链接');
    const address = within(dialog).getByLabelText('链接地址');
    fireEvent.change(address, { target: { value: 'https://elsewhere.example/' } });
    expect((within(dialog).getByRole('button', { name: '插 入' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(address, { target: { value: '/product/12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '插 入' }));
    await waitFor(() =>
      expect(changes).toHaveBeenLastCalledWith('<p><a href="/product/12">/product/12</a></p>'),
    );
  });

  it('inserts a table with a header row, adds and removes rows and columns', async () => {
    mockApi({});
    const { changes, area } = await renderEditor('');
    const tableMenu = async (item: string) => {
      fireEvent.click(tool('表格'));
      const entry = await screen.findByRole('menuitem', { name: item });
      fireEvent.click(entry);
    };
    await tableMenu('插入表格（3 行 3 列，含表头行）');
    const empty = '<p></p>';
    const row = (cell: string, n: number) => `<tr>${`<${cell}>${empty}</${cell}>`.repeat(n)}</tr>`;
    await waitFor(() =>
      expect(changes).toHaveBeenLastCalledWith(
        `<table><tbody>${row('th', 3)}${row('td', 3)}${row('td', 3)}</tbody></table>`,
      ),
    );
    expect(area.querySelectorAll('tr')).toHaveLength(3);
    await tableMenu('在下方插入行');
    await waitFor(() => expect(area.querySelectorAll('tr')).toHaveLength(4));
    await tableMenu('删除所在列');
    await waitFor(() => expect(area.querySelectorAll('tr:first-child > *')).toHaveLength(2));
    await tableMenu('首行设为表头 / 取消表头');
    await waitFor(() => expect(area.querySelectorAll('th')).toHaveLength(0));
    await waitFor(() =>
      expect(changes).toHaveBeenLastCalledWith(`<table><tbody>${row('td', 2).repeat(4)}</tbody></table>`),
    );
    await tableMenu('删除表格');
    await waitFor(() => expect(changes).toHaveBeenLastCalledWith(''));
  });

  it('cleans what is pasted from Word down to what the shop keeps', async () => {
    mockApi({});
    const { area, changes } = await renderEditor('');
    paste(area, {
      text: '到货通知 第一项',
      html:
        '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{mso-style-parent:"";}</style></head><body lang=ZH-CN>' +
        '<!--StartFragment--><h1 style="mso-margin-top-alt:auto"><span lang=EN-US style="font-family:宋体">到货通知</span><o:p></o:p></h1>' +
        '<p class=MsoNormal style="mso-line-height-rule:exactly"><b style="mso-bidi-font-weight:normal"><span style="font-size:12pt">新西兰</span></b><span lang=EN-US>羊毛<o:p></o:p></span></p>' +
        '<p class=MsoListParagraph style="margin-left:18pt;text-indent:-18pt;mso-list:l0 level1 lfo1"><!--[if !supportLists]--><span style="font-family:Symbol"><span style="mso-list:Ignore">·<span style="font:7pt \'Times New Roman\'">&nbsp;&nbsp; </span></span></span><!--[endif]-->第一项</p>' +
        '<p class=MsoNormal><o:p>&nbsp;</o:p></p><!--EndFragment--></body></html>',
    });
    await waitFor(() =>
      expect(changes).toHaveBeenLastCalledWith(
        '<h2>到货通知</h2><p><strong>新西兰</strong>羊毛</p><ul><li><p>第一项</p></li></ul>',
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('drops a WeChat article’s outside pictures and tells staff to upload them', async () => {
    const api = mockApi({});
    const { area, changes } = await renderEditor('');
    const mmbiz = 'https://mmbiz.qpic.cn/mmbiz_jpg/abc/640?wx_fmt=jpeg';
    paste(area, {
      text: '新品到货',
      html:
        '<section data-tools="135编辑器" style="margin:0 auto"><section style="text-align:center"><p style="color:rgb(171,25,66)"><span style="font-weight: bold;">新品到货</span></p></section>' +
        `<p style="text-align:center"><img class="rich_pages wxw-img" data-src="${mmbiz}" data-ratio="0.75" style="width:100%" src="${mmbiz}&amp;tp=webp"></p>` +
        `<section><img data-src="${mmbiz}" src="data:image/svg+xml,%3Csvg%3E"></section><p><br></p><mp-style-type data-value="3"></mp-style-type></section>`,
    });
    await waitFor(() => expect(changes).toHaveBeenLastCalledWith('<p><strong>新品到货</strong></p>'));
    await screen.findByText(/已去掉 2 张外站图片/);
    expect(api.callsTo(AdminContentPaths.imageUpload)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '关闭提示' }));
    await waitFor(() => expect(screen.queryByText(/已去掉/)).toBeNull());
  });

  it('uploads a picture pasted as a file and puts it where it was pasted', async () => {
    const api = mockApi({ [AdminContentPaths.imageUpload]: ok(UPLOADED) });
    const { area, changes } = await renderEditor('<p>前</p>');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'screenshot.png', {
      type: 'image/png',
    });
    // A picture copied from a page comes with an <img> of its outside address beside the file.
    paste(area, { files: [file], html: '<img src="https://elsewhere.example/a.png">' });
    await waitFor(() =>
      expect(changes).toHaveBeenLastCalledWith('<img src="/res/img/content/abc.jpg" alt=""><p>前</p>'),
    );
    expect(api.callsTo(AdminContentPaths.imageUpload)).toHaveLength(1);
    expect(screen.queryByText(/已去掉/)).toBeNull();
    // What is pasted next goes after the picture, where the caret waited.
    paste(area, { html: '<p>后</p>', text: '后' });
    await waitFor(() =>
      expect(changes).toHaveBeenLastCalledWith('<img src="/res/img/content/abc.jpg" alt=""><p>后前</p>'),
    );
  });

  it.each([
    ['at the end of a paragraph', '', '<p>尾</p><img src="/res/img/content/abc.jpg" alt=""><p>后</p>'],
    [
      'in the middle of one, splitting it',
      '<p>前</p>',
      '<p>尾</p><img src="/res/img/content/abc.jpg" alt=""><p>后前</p>',
    ],
  ])('goes on after a picture pasted %s', async (_where, initial, expected) => {
    mockApi({ [AdminContentPaths.imageUpload]: ok(UPLOADED) });
    const { area, changes } = await renderEditor(initial);
    paste(area, { html: '<p>尾</p>', text: '尾' });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'screenshot.png', {
      type: 'image/png',
    });
    paste(area, { files: [file] });
    await waitFor(() => expect(area.querySelector('img')).not.toBeNull());
    paste(area, { html: '<p>后</p>', text: '后' });
    await waitFor(() => expect(changes).toHaveBeenLastCalledWith(expected));
  });

  it('pastes words copied with a picture file as words, uploading nothing', async () => {
    const api = mockApi({ [AdminContentPaths.imageUpload]: ok(UPLOADED) });
    const { area, changes } = await renderEditor('');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'render.png', { type: 'image/png' });
    paste(area, { files: [file], html: '<p>一段文字</p>', text: '一段文字' });
    await waitFor(() => expect(changes).toHaveBeenLastCalledWith('<p>一段文字</p>'));
    expect(api.callsTo(AdminContentPaths.imageUpload)).toHaveLength(0);
  });
});
