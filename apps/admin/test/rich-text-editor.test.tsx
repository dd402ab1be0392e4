import { AdminContentPaths } from '@shop/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { createConsoleQueryClient } from '@/app/query-client';
import { RichTextEditor } from '@/components/rich-text-editor';
import { findDialog, mockApi, ok } from './utils';

function renderEditor(initial = '<p>原文</p>') {
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
      </Form>
    );
  }
  const queryClient = createConsoleQueryClient({ retry: false });
  render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
  return { changes, submitted, area: screen.getByRole('textbox', { name: '正文' }) };
}

describe('the rich-text editor', () => {
  it('shows the form value and hands what is typed back to the form', async () => {
    mockApi({});
    const { area, submitted } = renderEditor();
    expect(area.innerHTML).toBe('<p>原文</p>');
    area.innerHTML = '<p>原文</p><h2>新标题</h2>';
    fireEvent.input(area);
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ content: '<p>原文</p><h2>新标题</h2>' }));
  });

  it('previews the HTML the server will store, not what was typed', async () => {
    const api = mockApi({
      [AdminContentPaths.sanitize]: ok({ html: '<p>正文</p>' }),
    });
    const { area } = renderEditor('<p>正文<script>alert(1)</script></p>');
    expect(area.style.display).toBe('');
    fireEvent.click(screen.getByText('预览'));
    expect((await screen.findByTestId('rich-preview')).innerHTML).toBe('<p>正文</p>');
    expect(area.style.display).toBe('none');
    expect(api.callsTo(AdminContentPaths.sanitize)[0]?.body).toEqual({
      html: '<p>正文<script>alert(1)</script></p>',
    });
    screen.getByText(/以下为保存后商城显示的内容/);
    // The toolbar rests while previewing; 编辑 brings the area back as it was.
    expect((screen.getByRole('button', { name: '粗体' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByText('编辑'));
    expect(area.style.display).toBe('');
    expect(area.innerHTML).toBe('<p>正文<script>alert(1)</script></p>');
  });

  it('says so when the preview fails', async () => {
    mockApi({
      [AdminContentPaths.sanitize]: {
        status: 403,
        body: { success: false, resultCode: 4030, message: '没有权限', data: null },
      },
    });
    renderEditor();
    fireEvent.click(screen.getByText('预览'));
    await screen.findByText('预览失败：没有权限');
  });

  it('uploads a picture and puts it in the text', async () => {
    const api = mockApi({
      [AdminContentPaths.imageUpload]: ok({
        path: 'content/abc.jpg',
        url: '/res/img/content/abc.jpg',
        width: 64,
        height: 48,
      }),
    });
    const { changes } = renderEditor('');
    fireEvent.click(screen.getByRole('button', { name: '图片' }));
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
    const { changes } = renderEditor('');
    fireEvent.click(screen.getByRole('button', { name: '链接' }));
    const dialog = await findDialog('插入链接');
    const address = within(dialog).getByLabelText('链接地址');
    fireEvent.change(address, { target: { value: 'https://elsewhere.example/' } });
    expect((within(dialog).getByRole('button', { name: '插 入' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(address, { target: { value: '/product/12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '插 入' }));
    await waitFor(() => expect(changes).toHaveBeenLastCalledWith('<a href="/product/12">/product/12</a>'));
  });
});
